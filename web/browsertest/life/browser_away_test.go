package life_test

import (
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"cardtable/server/testclock"
	"cardtable/web/webtest"
)

// A table without a clock whose other player walked away: from the
// moment bob is away, alice's page shows "Hand to a bot" and "Claim the
// win" counting down to the server's grace (a minute), not pressable
// until then — instead of a button that appears at once and is refused
// for a minute. Once the grace is over (the server says so) both can be
// pressed; claiming the win ends the game won for alice, "bob left the
// game".
func TestBrowserAwayCountdown(t *testing.T) {
	clk := testclock.New(lifeStart)
	s := lifeSite(t, clk)
	alice := s.Tab(t)
	c := s.Create(t, webtest.One("war", nil, "human", "human"))
	alice.Sit(c)
	bob := join(t, s, c, 1, "bob")
	flip(alice)
	flip(bob)
	bob.Do(chromedp.Navigate("about:blank")) // bob walks away
	alice.Wait("the countdown", "!!document.querySelector('[data-life=claim-win]')")
	counting := regexp.MustCompile(`^Claim the win in (1:00|0:[0-5][0-9])$`)
	if got := alice.Text("[data-life=claim-win]"); !counting.MatchString(got) {
		t.Fatalf("the claim button reads %q; want a countdown to the minute's end", got)
	}
	if !webtest.Eval[bool](alice, "document.querySelector('[data-life=claim-win]').disabled && document.querySelector('[data-life=hand-to-bot-1]').disabled") {
		t.Fatal("the buttons can be pressed before the grace is over")
	}
	first := alice.Text("[data-life=hand-to-bot-1]")
	alice.Wait("the count going down", "document.querySelector('[data-life=hand-to-bot-1]').textContent !== "+strconv.Quote(first))
	shots(alice, "away-countdown")
	clk.Advance(time.Minute)
	alice.Wait("the buttons pressable", "!document.querySelector('[data-life=claim-win]').disabled && document.querySelector('[data-life=claim-win]').textContent === 'Claim the win'")
	shots(alice, "away-claimable")
	alice.Click("[data-life=claim-win]")
	alice.Wait("the end", "!!document.querySelector('.end')")
	if got := alice.Text(".end"); !regexp.MustCompile(`You won[\s\S]*bob left the game`).MatchString(got) {
		t.Errorf("the end says %q", got)
	}
	shots(alice, "away-claimed")
}
