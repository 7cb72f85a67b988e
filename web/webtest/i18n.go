package webtest

import (
	"encoding/json"
	"fmt"
	"strings"
)

// untranslatedJS lists the visible text of the page, and the names and
// descriptions people hear (aria-label, title, placeholder, alt), that
// still hold an English word: two or more ASCII letters in a row. In the
// pseudo-locale every message's letters are accented, so such a word is
// text that never went through the catalogue. Left out: code and
// notation (<code>, <kbd>, elements marked translate="no" — names people
// chose, the brand, cards drawn; and the words an element lists in
// data-notation, for notation or a name inside a text that cannot hold
// markup, such as a bot's name in an <option> or a player's in <title>),
// <noscript> (read only without JavaScript, which translates the pages:
// docs/i18n.md), the language picker (each language's own name), what
// skip selects and the names given (people's names, as typed: inside a
// sentence they have no element of their own).
const untranslatedJS = `((skip, names) => {
  const word = /[A-Za-z]{2,}/;
  const out = [];
  const skipped = (el) => !!el.closest("code, kbd, script, style, noscript, [translate=no], .lang-picker, svg" + (skip ? ", " + skip : ""));
  const hidden = (el) => { const s = getComputedStyle(el); return s.display === "none" || s.visibility === "hidden" || el.closest("[hidden]"); };
  const notation = (el, text) => {
    const at = el.closest("[data-notation]");
    for (const w of [...(at ? at.dataset.notation.split(" ") : []), ...names]) text = text.split(w).join("");
    return text;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || skipped(el) || hidden(el)) continue;
    if (word.test(notation(el, n.textContent))) out.push(el.tagName.toLowerCase() + (el.className ? "." + String(el.className).split(" ")[0] : "") + ": " + n.textContent.trim().slice(0, 80));
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")) {
    if (skipped(el)) continue;
    for (const a of ["aria-label", "title", "placeholder", "alt"]) {
      const v = el.getAttribute(a);
      if (v && word.test(notation(el, v))) out.push(el.tagName.toLowerCase() + "[" + a + "]: " + v.slice(0, 80));
    }
  }
  const title = document.querySelector("title");
  if (title && word.test(notation(title, document.title))) out.push("title: " + document.title);
  return out;
})(%q, %s)`

// Untranslated fails the test when the page, shown in the pseudo-locale
// (?lang=qps), holds English that never went through the catalogue; skip
// is a CSS selector of what to leave out besides code and names, and
// names are people's names the page shows (the players at a table).
func (tb *Tab) Untranslated(where, skip string, names ...string) {
	tb.T.Helper()
	if got := Eval[string](tb, "document.documentElement.lang"); got != "en-XA" {
		tb.T.Fatalf("%s: the page speaks %q, not the pseudo-locale (qps, lang en-XA)", where, got)
	}
	list, err := json.Marshal(append([]string{}, names...))
	if err != nil {
		tb.T.Fatal(err)
	}
	left := Eval[[]string](tb, fmt.Sprintf(untranslatedJS, skip, list))
	if len(left) > 0 {
		tb.Shot("untranslated-" + strings.NewReplacer(" ", "-", "/", "", "(", "", ")", "").Replace(where))
		tb.T.Errorf("%s: %d texts were never made translatable:\n  %s", where, len(left), strings.Join(left, "\n  "))
	}
}
