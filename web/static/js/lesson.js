// lesson.js is a lesson table's panel (docs/tutorials.md): the server's
// "lesson" messages say where the lesson stands — its step, the words on
// show, the move it asks of the learner, why a move was not taken — and
// the panel above the board shows them. At a table that is no lesson it
// stays empty and hidden.

import { h, fill } from "./dom.js";
import { t, say } from "./i18n.js";
import { inline } from "./cards.js";

export class LessonPanel {
  constructor(view) {
    this.view = view;
    this.m = null;
  }

  // message keeps the latest "lesson" message (a newer version wins; a
  // refusal's explanation stays until the table moves on).
  message(m) {
    if (this.m && m.version < this.m.version) return;
    this.m = m;
  }

  get active() { return !!this.m; }

  // draw fills the panel el, marked with the version and the move it
  // shows (tools and tests read them), hidden at a table that is no
  // lesson.
  draw(el) {
    fill(el, this.panel());
    el.hidden = !this.m;
    if (!this.m) return;
    el.dataset.version = this.m.version;
    el.dataset.expect = this.m.expect || "";
    el.dataset.done = this.m.done ? "true" : "false";
    this.mark();
  }

  // mark outlines, on the board and in the action bar, what the move the
  // lesson asks for is made with: its button, and the cards it names.
  mark() {
    for (const old of document.querySelectorAll(".lesson-expected")) old.classList.remove("lesson-expected");
    const move = this.m && this.m.expect;
    if (!move) return;
    const cards = move.split(" ").filter((w) => /^(10|[2-9JQKA])[CDHS]$/.test(w));
    const sels = [`[data-action="${CSS.escape(move)}"]`, ...cards.map((c) => `.board [data-card="${c}"]`)];
    for (const el of document.querySelectorAll(sels.join(","))) el.classList.add("lesson-expected");
  }

  // panel is the panel's content (null at a table that is no lesson).
  panel() {
    const m = this.m;
    if (!m) return null;
    const words = (m.say || []).map((msg) => h("p", inline(say(msg))));
    const head = m.done ? t("lesson.complete") : t("lesson.step", { n: m.step + 1, of: m.steps });
    const wrong = m.wrong && m.version === this.view.s.version
      ? h("div.lesson-wrong", { role: "alert" },
        h("p", inline(t(m.wrong.refusal ? "tutorial.wrong.illegal" : "tutorial.wrong.other", { move: m.wrong.expect }))),
        (m.wrong.say || []).slice(1).map((msg) => h("p", inline(say(msg)))))
      : null;
    return [
      h("h2", say(m.title), " ", h("span.lesson-step", head)),
      m.off ? h("p", t("lesson.off")) : words,
      m.expect ? h("p.lesson-expect", t("lesson.expect"), " ", h("code", inline(m.expect))) : null,
      wrong,
      m.done || m.off ? h("p.lesson-links", h("a.button.primary", { href: "/" }, t("lesson.play-real")), " ",
        h("a.button", { href: `/learn/${encodeURIComponent(m.lesson)}` }, t("lesson.again"))) : null,
    ];
  }
}
