package watchtowerbot

import (
	"testing"

	"cardtable/bots/ismcts"
	"cardtable/engine"
)

func stat(a engine.Action, visits int, mean float64) ismcts.ActionStat {
	return ismcts.ActionStat{Action: a, Visits: visits, Mean: mean}
}

func TestPreferred(t *testing.T) {
	const choice, other, third = engine.Action(1), engine.Action(2), engine.Action(3)
	tests := []struct {
		name  string
		stats []ismcts.ActionStat
		want  engine.Action
	}{
		{"choice best", []ismcts.ActionStat{stat(choice, 30, 0.2), stat(other, 20, 0.1)}, choice},
		{"other better within the margin", []ismcts.ActionStat{stat(choice, 20, 0.1), stat(other, 30, 0.15)}, choice},
		{"other better beyond the margin", []ismcts.ActionStat{stat(choice, 20, 0.1), stat(other, 30, 0.3)}, other},
		{"most visited of those beyond the margin", []ismcts.ActionStat{stat(choice, 10, -0.5), stat(other, 20, 0.4), stat(third, 25, 0.2)}, third},
		{"choice never tried", []ismcts.ActionStat{stat(choice, 0, 0), stat(other, 5, -0.9)}, other},
		{"nothing tried", []ismcts.ActionStat{stat(choice, 0, 0), stat(other, 0, 0)}, choice},
	}
	for _, tt := range tests {
		if got := preferred(tt.stats, choice, 0.1); got != tt.want {
			t.Errorf("%s: preferred(%v, margin 0.1) = %d, want %d", tt.name, tt.stats, got, tt.want)
		}
	}
}
