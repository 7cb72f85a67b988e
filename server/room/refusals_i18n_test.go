package room_test

import (
	"encoding/json"
	"strings"
	"testing"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/server/room"
	"cardtable/server/servertest"
	"cardtable/server/testclock"
	"cardtable/table"
)

// TestTableRefusalsAsMessages: the table's refusals of a person's
// commands (resign, draw, rematch, take-back, decline) carry their reason
// as a message (message_i18n), which reads in English exactly as the
// English message always did and is said whole in Welsh and Hebrew.
func TestTableRefusalsAsMessages(t *testing.T) {
	ts := servertest.LifeServer(t, nil, testclock.New(servertest.LifeStart))
	tb, tok := servertest.People(t, ts, "regicide", 2, nil, nil)
	ann := ts.Dial(tb.ID, tok[0])
	ann.Until("chat")
	for _, c := range []struct {
		command, code, id, welsh string
	}{
		{table.CommandResign, room.CodeNotAllowed, "room.no-resign-cooperative", "mae Teyrnladdiad yn gydweithredol: does neb yn ymddiswyddo"},
		{table.CommandDraw, room.CodeNotAllowed, "room.no-draws", "nid yw Teyrnladdiad yn derbyn cynigion gêm gyfartal"},
		{table.CommandRematch, room.CodeNotAllowed, "room.rematch-not-over", "gofynnir am ail gêm pan fydd y gêm drosodd"},
		{table.CommandTakeBack, room.CodeNotAllowed, "room.hold-seat", "mae gennych eich sedd yn barod"},
		{table.CommandDrawDecline, room.CodeNotAllowed, "room.no-draw-offer", "does dim cynnig gêm gyfartal i chi ei wrthod"},
	} {
		ann.Send(map[string]string{"type": c.command, "id": c.command})
		e := servertest.Refused(t, ann, c.command, c.code)
		var raw struct {
			Message string
			Said    engine.Msg `json:"message_i18n"`
		}
		if err := json.Unmarshal([]byte(e.Raw), &raw); err != nil || raw.Said.ID != c.id {
			t.Errorf("%s: %s; want message_i18n %s", c.command, e.Raw, c.id)
			continue
		}
		if en := i18n.English.Say(raw.Said); en != raw.Message {
			t.Errorf("%s: in English the message reads %q, the sentence %q", c.command, en, raw.Message)
		}
		if cy := i18n.For("cy").Say(raw.Said); !strings.Contains(cy, c.welsh) {
			t.Errorf("%s in Welsh: %q, want %q", c.command, cy, c.welsh)
		}
		// The commands named (leave, take-back) are typed as they are.
		he := i18n.For("he").Say(raw.Said)
		if strings.ContainsAny(strings.NewReplacer("leave", "", "take-back", "").Replace(he), "abcdefghijklmnopqrstuvwxyz") {
			t.Errorf("%s in Hebrew keeps English: %q", c.command, he)
		}
	}
}
