package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"cardtable/cards"
)

func TestMsgJSONRoundTrip(t *testing.T) {
	inner := Say("regicide.grade.gold")
	m := Say("x.y", SeatArg("seat", 2), SeatsArg("seats", []int{0, 3}), CardArg("card", cards.New(cards.King, cards.Spades)),
		CardsArg("cards", []cards.Card{cards.New(5, cards.Hearts), cards.Joker2}), RankArg("rank", cards.Queen), CountArg(3),
		NounArg("enemies", 7, "noun.enemies"), NumArg("n", 0), TextArg("who", ""), MsgArg("grade", inner))
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"x.y","args":{"card":{"card":"KS"},"cards":{"cards":["5H","JK2"]},"count":{"count":3},"enemies":{"count":7,"noun":"noun.enemies"},` +
		`"grade":{"msg":{"id":"regicide.grade.gold"}},"n":{"num":0},"rank":{"rank":"Q"},"seat":{"seat":2},"seats":{"seats":[0,3]},"who":{"text":""}}}`
	if string(data) != want {
		t.Errorf("Marshal = %s\nwant      %s", data, want)
	}
	var back Msg
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, m) || !back.Equal(m) {
		t.Errorf("read back %+v, want %+v", back, m)
	}
}

func TestMsgJSONRefusesWhatIsNotOne(t *testing.T) {
	for _, bad := range []string{
		`{"id":"a.b","args":{"x":{}}}`,
		`{"id":"a.b","args":{"x":{"seat":1,"card":"KS"}}}`,
		`{"id":"a.b","args":{"x":{"count":1}}}`,
		`{"id":"a.b","args":{"x":{"noun":"noun.cards"}}}`,
		`{"id":"a.b","args":{"x":{"card":"ZZ"}}}`,
		`{"id":"a.b","args":{"x":{"rank":"Z"}}}`,
		`{"id":"a.b","args":{"x":{"colour":"red"}}}`,
		`{"id":"a.b","extra":1}`,
		`[1]`,
	} {
		var m Msg
		err := json.Unmarshal([]byte(bad), &m)
		if err == nil {
			t.Errorf("Unmarshal(%s) = %+v, want an error", bad, m)
		} else if !errors.Is(err, ErrBadMsg) {
			t.Errorf("Unmarshal(%s): %v, want it to wrap ErrBadMsg", bad, err)
		}
	}
}

// TestSaid: a Said error reads as Illegal's would (its English text after
// the sentinel's), is ErrIllegal, and gives its message through any
// wrapping.
func TestSaid(t *testing.T) {
	m := Say("regicide.refuse.combo-total", CountArg(12))
	err := IllegalSay(m, "regicide: combo total %d exceeds 10", 12)
	if want := Illegal("regicide: combo total %d exceeds 10", 12).Error(); err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
	wrapped := fmt.Errorf("table: %w", err)
	if !errors.Is(wrapped, ErrIllegal) {
		t.Error("a Said error is not ErrIllegal")
	}
	if got, ok := SaidOf(wrapped); !ok || !got.Equal(m) {
		t.Errorf("SaidOf = %v, %v; want %v", got, ok, m)
	}
	if _, ok := SaidOf(Illegal("no message")); ok {
		t.Error("SaidOf found a message in a plain Illegal error")
	}
	if got := (&Said{Msg: m, Text: "just this"}).Error(); got != "just this" {
		t.Errorf("a Said without a kind reads %q", got)
	}
}
