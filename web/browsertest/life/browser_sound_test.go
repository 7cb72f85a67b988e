package life_test

import (
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"cardtable/server/testclock"
	"cardtable/web/webtest"
)

// countStarts counts, before any script of the page runs, every Web Audio
// source node started (an oscillator, a buffer of noise): the sounds the
// browser was asked to make.
const countStarts = `(() => {
	window.audioStarts = 0;
	const start = AudioScheduledSourceNode.prototype.start;
	AudioScheduledSourceNode.prototype.start = function (...args) {
		window.audioStarts++;
		return start.apply(this, args);
	};
})()`

// TestBrowserSound plays a live War game between two people and listens
// to alice's page (issue 29 §4): nothing sounds before her first click,
// as browsers require; her flip sounds (Web Audio nodes started); her
// move, after she waited for bob, sounds; her clock going under 10 s
// sounds; M mutes, and muted no node starts, across a reload too; a game
// she wins or loses sounds its outcome.
func TestBrowserSound(t *testing.T) {
	clk := testclock.New(lifeStart)
	s := lifeSite(t, clk)
	req := webtest.One("war", map[string]string{"max-battles": "30"}, "human", "human")
	req["settings"] = map[string]string{"pace": "live", "move": "30s"}
	c := s.Create(t, req)
	alice := s.Tab(t)
	alice.BeforeLoad(countStarts)
	alice.Sit(c)
	bob := join(t, s, c, 1, "bob")
	played := func() []string { return webtest.Eval[[]string](alice, "window.cardtableSound.played") }
	starts := func() int { return webtest.Eval[int](alice, "window.audioStarts") }

	flip(bob)
	if n, p := starts(), played(); n != 0 || len(p) != 0 {
		t.Errorf("before alice's first click her page started %d sound nodes (%v)", n, p)
	}
	flip(alice)
	alice.Wait("the flip's sound", "window.cardtableSound.played.includes('flip') && window.audioStarts > 0")

	// Alice waits for bob (longer than the 2 s after which her move is
	// worth a sound), and her clock runs down to 9 s by the server's clock.
	flip(alice)
	time.Sleep(2100 * time.Millisecond)
	clk.Advance(21 * time.Second)
	flip(bob)
	alice.Wait("your move", "window.cardtableSound.played.includes('turn')")
	alice.Wait("the low clock", "window.cardtableSound.played.includes('clock')")

	alice.Key("m")
	alice.Wait("the sound muted", "document.querySelector('[data-focus=sound]').getAttribute('aria-pressed') === 'false'")
	before, heard := starts(), len(played())
	flip(alice)
	flip(bob)
	if n, p := starts(), played(); n != before || len(p) != heard {
		t.Errorf("muted, alice's page still sounded: %d nodes started, %v", n-before, p[heard:])
	}
	alice.Do(chromedp.Reload())
	alice.Wait("the sound still muted after a reload", "document.querySelector('[data-focus=sound][aria-pressed=false]')")
	flip(alice)
	flip(bob)
	if n, p := starts(), played(); n != 0 || len(p) != 0 {
		t.Errorf("muted, alice's page reloaded still sounded: %d nodes started, %v", n, p)
	}
	shots(alice, "sound-muted")

	// Unmuted, a game that ends while the page is open sounds its outcome.
	alice.Click("[data-focus=sound]")
	alice.Wait("the sound on", "document.querySelector('[data-focus=sound][aria-pressed=true]')")
	game := s.Create(t, webtest.One("war", nil, "human", "heuristic"))
	alice.Sit(game)
	alice.Wait("Finish the game", "document.querySelector('[data-action=finish]')")
	alice.Click("[data-action=finish]")
	alice.WaitPlaying("the end", "document.querySelector('.end')")
	outcome := webtest.Eval[string](alice, "document.querySelector('.end h2').dataset.outcome")
	want := map[string]string{"won": "win", "lost": "loss"}[outcome]
	if got := played(); want != "" && !slices.Contains(got, want) {
		t.Errorf("alice's game ended %s and her page played %v, not %q", outcome, got, want)
	}
	t.Logf("sounds alice's pages played: %v; her last game %s", played(), outcome)
}
