package tui

import (
	"errors"
	"strings"
	"testing"

	"cardtable/analysis"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/i18n"
	"cardtable/record"
)

// TestRefusalsSayTheirMessage: what the terminal shows for a refusal
// that carries a message — a garbled action, a retried step the analysis
// refuses — is that message in the terminal's language; an error without
// one reads as its text.
func TestRefusalsSayTheirMessage(t *testing.T) {
	cy := teller{words: i18n.For("cy"), labels: []string{"Ann", "Bob"}}
	s, err := regicide.Game{}.New(engine.MustResolve(regicide.Game{}, nil), engine.Setup{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.ParseAction(0, "jump")
	if got := cy.refusal(err); !strings.HasPrefix(got, `symudiad anhysbys "jump"; ffurfiau dilys:`) {
		t.Errorf("a garbled action in Welsh: %q", got)
	}
	rec := &record.Record{Game: "regicide", Actions: []record.Action{{Seat: 0, Action: "yield"}}}
	_, _, err = analysis.RetryChoices(rec, 5)
	if got := cy.refusal(err); got != "cam 5: mae gan y gêm gamau 1 i 1" {
		t.Errorf("a retried step out of range in Welsh: %q (%v)", got, err)
	}
	if got := cy.refusal(errors.New("plain")); got != "plain" {
		t.Errorf("an error without a message: %q", got)
	}
}
