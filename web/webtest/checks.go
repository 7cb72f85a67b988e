package webtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Viewport sizes the issue names: a phone (390×844, touch, no hover) and
// a laptop (1280×800).
var (
	Phone  = Size{Name: "phone", W: 390, H: 844, Touch: true}
	Laptop = Size{Name: "laptop", W: 1280, H: 800}
)

// Size is a window size, and whether it is a touch screen.
type Size struct {
	Name  string
	W, H  int64
	Touch bool
}

// Resize gives the tab's page the window size sz; a touch size is
// emulated as a phone (mobile, touch events, no hover), so the page's
// `(hover: none)` rules apply.
func (tb *Tab) Resize(sz Size) {
	tb.T.Helper()
	if sz.Touch {
		tb.Do(chromedp.EmulateViewport(sz.W, sz.H, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(1)))
		return
	}
	tb.Do(chromedp.EmulateViewport(sz.W, sz.H, chromedp.EmulateScale(1)))
}

// TextsOutside lists the text labels of the SVG drawing sel that are
// drawn (even in part) outside it: an axis label anchored the wrong way in
// a right-to-left page runs off its graph.
func (tb *Tab) TextsOutside(sel string) []string {
	tb.T.Helper()
	return Eval[[]string](tb, fmt.Sprintf(`(() => {
		const g = document.querySelector(%q).getBoundingClientRect();
		return [...document.querySelectorAll(%q)].filter((e) => {
			const r = e.getBoundingClientRect();
			return r.left < g.left - 1 || r.right > g.right + 1;
		}).map((e) => e.textContent);
	})()`, sel, sel+" text"))
}

// InViewport fails the test unless the first element sel is shown whole
// inside the window with the page scrolled to its top, and again with it
// scrolled to its bottom: the action a person needs now is on screen
// without scrolling, wherever they are on the page.
func (tb *Tab) InViewport(what, sel string) {
	tb.T.Helper()
	tb.inViewport(what, sel, "0", "document.documentElement.scrollHeight")
}

// OnScreen is InViewport with the page scrolled to its top only: for an
// action drawn on the board near its top (a blind pick), which a person
// sees on arriving.
func (tb *Tab) OnScreen(what, sel string) {
	tb.T.Helper()
	tb.inViewport(what, sel, "0")
}

func (tb *Tab) inViewport(what, sel string, scrolls ...string) {
	tb.T.Helper()
	for _, scroll := range scrolls {
		got := Eval[string](tb, fmt.Sprintf(`(() => {
			window.scrollTo(0, %s);
			const el = document.querySelector(%q);
			if (!el) return "no element";
			const r = el.getBoundingClientRect();
			if (r.width === 0 || r.height === 0) return "not shown";
			const s = getComputedStyle(el);
			if (s.visibility === "hidden") return "hidden";
			if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
				return "at " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(",") + " in a " + innerWidth + "x" + innerHeight + " window";
			return "";
		})()`, scroll, sel))
		if got != "" {
			tb.Shot("not-in-viewport")
			tb.T.Errorf("%s (%s) is not inside the viewport (scrolled to %s): %s", what, sel, scroll, got)
			return
		}
	}
	tb.Do(chromedp.Evaluate[chromedp.Void]("window.scrollTo(0, 0)"))
}

// Panels are the boxes no element may stick out of.
const Panels = ".panel, .board, .side > section, .action-bar, .wt-player, .seat-panel, .enemy, .pending, .events, .selection, .table-header, form.join"

// NoOverflow fails the test when the page scrolls sideways or an element
// sticks out of its panel (a box of Panels) sideways. Elements inside a
// scrolling or clipping box are that box's business and are not counted;
// a bubble over the page (role=tooltip) may stand out of its panel, but
// not out of the window.
func (tb *Tab) NoOverflow(where string) {
	tb.T.Helper()
	// Measured at rest: a card caught mid-flight (a trick's cards going to
	// its taker, a window's answers shown at once) is not out of its panel.
	tb.Wait("the animations to end", `document.getAnimations().every((a) => a.playState !== "running" || a.effect.getTiming().iterations === Infinity)`)
	bad := Eval[[]string](tb, fmt.Sprintf(`(() => {
		const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && e.className.baseVal === undefined && e.className ? "." + String(e.className).trim().split(/\s+/).join(".") : "") + (e.dataset && e.dataset.action ? "[" + e.dataset.action + "]" : "");
		const out = [];
		const doc = document.documentElement;
		if (doc.scrollWidth > innerWidth + 1) {
			out.push("the page is " + doc.scrollWidth + " px wide in a " + innerWidth + " px window");
			// Name what reaches past the window's right edge: the boxes
			// that end furthest right, and boxes whose content (text, a
			// child) spills out of them.
			const far = [];
			for (const el of document.querySelectorAll("body, body *")) {
				const r = el.getBoundingClientRect();
				if (r.right > innerWidth + 1) far.push([r.right, name(el) + " [" + Math.round(r.left) + ".." + Math.round(r.right) + "] ends past the window (" + getComputedStyle(el).position + ")"]);
				if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && getComputedStyle(el).overflowX === "visible") far.push([r.left + el.scrollWidth, name(el) + " holds " + el.scrollWidth + " px of content in " + el.clientWidth + " px"]);
			}
			far.sort((a, b) => b[0] - a[0]);
			for (const [, what] of far.slice(0, 5)) out.push(what);
			out.push("html " + doc.clientWidth + " px, body " + Math.round(document.body.getBoundingClientRect().width) + " px, scrolled " + scrollX + " px");
		}
		for (const el of document.querySelectorAll("body *")) {
			const panel = el.parentElement && el.parentElement.closest(%q);
			if (!panel) continue;
			const r = el.getBoundingClientRect();
			if (!r.width || !r.height) continue;
			const bubble = el.closest("[role=tooltip]");
			if (bubble) {
				if (r.left < -1 || r.right > doc.clientWidth + 1) out.push(name(el) + " [" + Math.round(r.left) + ".." + Math.round(r.right) + "] sticks out of the window [0.." + doc.clientWidth + "]");
				continue;
			}
			let clipped = false;
			for (let a = el.parentElement; a && a !== panel.parentElement; a = a.parentElement) {
				if (getComputedStyle(a).overflowX !== "visible") { clipped = true; break; }
			}
			if (clipped) continue;
			const p = panel.getBoundingClientRect();
			if (r.left < p.left - 1 || r.right > p.right + 1)
				out.push(name(el) + " [" + Math.round(r.left) + ".." + Math.round(r.right) + "] sticks out of " + name(panel) + " [" + Math.round(p.left) + ".." + Math.round(p.right) + "]");
		}
		return out.slice(0, 8);
	})()`, Panels))
	if len(bad) > 0 {
		tb.Shot("overflow")
		tb.T.Errorf("%s: elements overflow their panels:\n  %s", where, strings.Join(bad, "\n  "))
	}
}

var (
	axeOnce   sync.Once
	axeSource string
	axeErr    error
)

// axePath is where .ci/axe installs axe-core, from the repository's root.
const axePath = ".cache/npm/node_modules/axe-core/axe.min.js"

// repoRoot is the folder holding go.mod, above the test's folder.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the test's folder")
		}
		dir = parent
	}
}

// loadAxe reads axe-core, running .ci/axe (which installs the pinned
// version with npm) when it is missing.
func loadAxe() (string, error) {
	root, err := repoRoot()
	if err != nil {
		return "", err
	}
	path := filepath.Join(root, axePath)
	if _, err := os.Stat(path); err != nil {
		// The browser tests' packages run side by side: one installs,
		// the others wait for it under the same lock.
		unlock, err := lockFile(filepath.Join(root, ".cache", "axe.lock"))
		if err != nil {
			return "", err
		}
		defer unlock()
		if _, err := os.Stat(path); err != nil {
			out, err := exec.Command(filepath.Join(root, ".ci", "axe")).CombinedOutput()
			if err != nil {
				return "", fmt.Errorf("axe-core is missing and .ci/axe failed: %v\n%s", err, out)
			}
		}
	}
	data, err := os.ReadFile(path)
	return string(data), err
}

// lockFile holds an exclusive lock on path (made if missing) until the
// returned function is called.
func lockFile(path string) (func(), error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s: %v", path, err)
	}
	return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, nil
}

// needAxe returns axe-core's source. Missing (and not installable), it
// fails the test under CI=true and skips it elsewhere.
func needAxe(t testing.TB) string {
	t.Helper()
	axeOnce.Do(func() { axeSource, axeErr = loadAxe() })
	if axeErr != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("axe-core: %v (CI runs .ci/axe)", axeErr)
		}
		t.Skipf("axe-core: %v; run .ci/axe to check accessibility", axeErr)
	}
	return axeSource
}

// axeViolation is one rule axe found broken, with the elements breaking it.
type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

// Axe injects axe-core into the page and fails the test on any serious or
// critical violation of its WCAG 2 A and AA rules, naming the rule and the
// elements.
func (tb *Tab) Axe(where string) {
	tb.T.Helper()
	src := needAxe(tb.T)
	ctx, cancel := context.WithTimeout(tb.Ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](src)); err != nil {
		tb.T.Fatalf("%s: injecting axe-core: %v", where, err)
	}
	// The page as it settles: animations (a card turning up, a step
	// fading in) run to their end first.
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](`document.getAnimations().forEach((a) => { try { a.finish(); } catch {} }), axe.run(document, {
			runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
			resultTypes: ["violations"],
		}).then((r) => r.violations
			.filter((v) => v.impact === "serious" || v.impact === "critical")
			.map((v) => ({id: v.id, impact: v.impact, help: v.help,
				nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + ": " + (n.failureSummary || "").split("\n").slice(1, 2).join(""))})))`,
		chromedp.EvalAwaitPromise))
	if err != nil {
		tb.T.Fatalf("%s: running axe-core: %v", where, err)
	}
	var vs []axeViolation
	if err := json.Unmarshal(raw, &vs); err != nil {
		tb.T.Fatalf("%s: axe-core's answer: %v", where, err)
	}
	if len(vs) == 0 {
		return
	}
	tb.Shot("axe-" + strings.ReplaceAll(where, " ", "-"))
	var b strings.Builder
	for _, v := range vs {
		fmt.Fprintf(&b, "\n  %s (%s): %s", v.ID, v.Impact, v.Help)
		for _, n := range v.Nodes {
			fmt.Fprintf(&b, "\n    %s", n)
		}
	}
	tb.T.Errorf("%s: axe-core finds %d serious or critical violations:%s", where, len(vs), b.String())
}

// Media emulates a CSS media feature for the tab's pages, e.g.
// Media("prefers-reduced-motion", "reduce").
func (tb *Tab) Media(feature, value string) {
	tb.T.Helper()
	tb.Do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: feature, Value: value}}})
		return err
	}))
}

// BeforeLoad runs script in every page the tab loads from now on, before
// the page's own scripts (to stand in an API the browser lacks).
func (tb *Tab) BeforeLoad(script string) {
	tb.T.Helper()
	tb.Do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script})
		return err
	}))
}

// FontSize sets the browser's default font size (the person's preference,
// chrome://settings/fonts) for the tab's pages, in CSS pixels: what rem
// and em, media queries' included, are measured in. Chromium's own is 16.
func (tb *Tab) FontSize(px int64) {
	tb.T.Helper()
	ctx, cancel := context.WithTimeout(tb.Ctx, 20*time.Second)
	defer cancel()
	if err := tb.setFontSize(ctx, px); err != nil {
		tb.T.Fatalf("setting the font size: %v", err)
	}
	tb.fontPx = px
	if px == 16 {
		tb.fontPx = 0
	}
}

func (tb *Tab) setFontSize(ctx context.Context, px int64) error {
	return chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.SetFontSizes, page.SetFontSizesParams{FontSizes: &page.FontSizes{Standard: px}})
		return err
	}))
}

// Accessible is the accessible name and description Chromium computes for
// the first element sel: what a screen reader says of it.
func (tb *Tab) Accessible(sel string) (name, description string) {
	tb.T.Helper()
	ctx, cancel := context.WithTimeout(tb.Ctx, 20*time.Second)
	defer cancel()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		ev, err := cdp.Call(ctx, t, runtime.Evaluate, runtime.EvaluateParams{Expression: fmt.Sprintf("document.querySelector(%q)", sel)})
		if err != nil {
			return err
		}
		if ev.Result == nil || ev.Result.ObjectID == "" {
			return fmt.Errorf("no element %s", sel)
		}
		no := false
		ax, err := cdp.Call(ctx, t, accessibility.GetPartialAXTree, accessibility.GetPartialAXTreeParams{ObjectID: ev.Result.ObjectID, FetchRelatives: &no})
		if err != nil {
			return err
		}
		if len(ax.Nodes) == 0 {
			return fmt.Errorf("%s is not in the accessibility tree", sel)
		}
		text := func(v *accessibility.Value) string {
			var s string
			if v != nil {
				_ = json.Unmarshal([]byte(v.Value), &s)
			}
			return s
		}
		name, description = text(ax.Nodes[0].Name), text(ax.Nodes[0].Description)
		return nil
	}))
	if err != nil {
		tb.T.Fatalf("the accessible name of %s: %v", sel, err)
	}
	return name, description
}
