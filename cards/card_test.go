package cards

import (
	"errors"
	"testing"
)

func TestParseRoundTrip(t *testing.T) {
	for _, c := range Standard54() {
		got, err := Parse(c.String())
		if err != nil || got != c {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.String(), got, err, c)
		}
	}
}

func TestParseForms(t *testing.T) {
	tests := []struct {
		in   string
		want Card
	}{
		{"10H", New(Ten, Hearts)},
		{"th", New(Ten, Hearts)},
		{"as", New(Ace, Spades)},
		{" QD ", New(Queen, Diamonds)},
		{"2c", New(Two, Clubs)},
		{"jk2", Joker2},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, in := range []string{"", "1H", "11S", "AX", "JK", "JK3", "Z", "10", "HH"} {
		_, err := Parse(in)
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q) error = %v, want one wrapping ErrSyntax", in, err)
		}
	}
}

func TestDecks(t *testing.T) {
	d := Standard52()
	if len(d) != 52 || d[0] != New(Two, Clubs) || d[51] != New(Ace, Spades) {
		t.Fatalf("Standard52 = %v", d)
	}
	seen := map[Card]bool{}
	for _, c := range Standard54() {
		if !c.Valid() || seen[c] {
			t.Fatalf("Standard54 has invalid or repeated card %v", c)
		}
		seen[c] = true
	}
	if len(seen) != 54 || !seen[Joker1] || !seen[Joker2] {
		t.Fatalf("Standard54 has %d distinct cards", len(seen))
	}
}

func TestStackAndFormat(t *testing.T) {
	s := Stack("AS 10H, KC")
	if Format(s) != "AS 10H KC" {
		t.Errorf("Format(Stack) = %q", Format(s))
	}
	defer func() {
		if recover() == nil {
			t.Error("Stack of a bad card did not panic")
		}
	}()
	Stack("AS XX")
}

func TestCheckPermutation(t *testing.T) {
	a := Stack("AS 2C 3D")
	if err := CheckPermutation(Stack("3D AS 2C"), a); err != nil {
		t.Error(err)
	}
	if CheckPermutation(Stack("3D AS AS"), a) == nil {
		t.Error("duplicate accepted")
	}
	if CheckPermutation(Stack("3D AS"), a) == nil {
		t.Error("short deck accepted")
	}
	if CheckPermutation([]Card{Stack("3D")[0] + 64, a[0], a[1]}, a) == nil {
		t.Error("an invalid card value aliasing a real one was accepted")
	}
}

func TestTextMarshal(t *testing.T) {
	c := New(Jack, Hearts)
	b, err := c.MarshalText()
	if err != nil || string(b) != "JH" {
		t.Fatalf("MarshalText = %q, %v", b, err)
	}
	var back Card
	if err := back.UnmarshalText([]byte("jh")); err != nil || back != c {
		t.Fatalf("UnmarshalText = %v, %v", back, err)
	}
	if _, err := Card(3).MarshalText(); err == nil {
		t.Error("MarshalText of an invalid card succeeded")
	}
}
