// chat.js is a table's chat: the players' channel (everyone reads it) and
// the spectators' (only spectators while the game goes on), a line to
// type (or, where the table says so, quick phrases only), muting a seat
// (kept in this browser only) and hiding the spectators' channel. Lines
// are text, never HTML. docs/protocol.md, "Chat".

import { h, fill, seatName, said } from "./dom.js";
import { t, say } from "./i18n.js";

const MAX = 300;
const KEEP = 300;

// The REG-20 go-next signals a Regicide player may send: the game's own
// actions, offered with the quick phrases when legal.
const SIGNALS = { "signal good": t("web.chat.signal.good"), "signal rather-not": t("web.chat.signal.rather-not") };

export class ChatView {
  constructor(tableID, send) {
    this.tableID = tableID;
    this.send = send;
    this.lines = [];
    this.phrases = [];
    this.phrasesI18n = [];
    this.mode = "free";
    this.muted = new Set(load(`cardtable.muted.${tableID}`, []));
    this.hideSpectators = load("cardtable.hide-spectators", false);
    this.input = h("input.chat-input", { maxlength: MAX, "aria-label": t("web.chat.say-label"), placeholder: t("web.chat.placeholder"), autocomplete: "off" });
    this.list = h("ol.chat-lines", { "aria-live": "polite" });
    this.form = h("form.chat-form", { onsubmit: (e) => { e.preventDefault(); this.say(this.input.value); } }, this.input, h("button.small", { type: "submit" }, t("web.chat.send")));
    this.el = h("section.chat", { "aria-label": t("web.chat.label") });
    this.focus = null;
  }

  // message keeps a chat message's lines, phrases and mode.
  message(m) {
    if (m.phrases) [this.phrases, this.phrasesI18n] = [m.phrases, m.phrases_i18n || []];
    if (m.mode) this.mode = m.mode;
    if (m.phrases && m.lines) this.lines = [];
    for (const l of m.lines || []) this.lines.push(l);
    if (this.lines.length > KEEP) this.lines.splice(0, this.lines.length - KEEP);
  }

  say(text) {
    text = text.trim();
    if (!text) return;
    if (this.send({ type: "chat", text })) this.input.value = "";
  }

  toggleMute(seat) {
    if (this.muted.has(seat)) this.muted.delete(seat);
    else this.muted.add(seat);
    save(`cardtable.muted.${this.tableID}`, [...this.muted]);
  }

  // element is the chat panel for the viewer (seat, -1 a spectator) at a
  // table whose seats are seats; over once the game has ended; legal and
  // act for Regicide's signals.
  element({ seat, seats, over, legal, act, rerender }) {
    this.focus = document.activeElement === this.input ? [this.input.selectionStart, this.input.selectionEnd] : null;
    const shown = this.lines.filter((l) => !(l.from >= 0 && l.from !== seat && this.muted.has(l.from)) && !(l.channel === "spectators" && this.hideSpectators));
    fill(this.list, shown.map((l) => h("li" + (l.channel === "spectators" ? ".spectators" : ""), { dataset: { from: l.from } },
      h("strong", l.from >= 0 ? seatName(seats, l.from) : t("web.chat.spectator")), l.channel === "spectators" ? h("small.muted", " " + t("web.chat.watching")) : null, ": ", lineText(l))));
    const phrasesOnly = seat >= 0 && !over && this.mode === "phrases";
    const off = seat >= 0 && !over && this.mode === "off";
    const signals = (legal || []).filter((a) => SIGNALS[a]);
    const others = seats.map((_, i) => i).filter((i) => i !== seat && seats[i] && seats[i].kind !== "bot" && seats[i].claimed !== false);
    const quick = h("div.phrases", signals.map((a) => h("button.small.signal", { onclick: () => act(a), title: t("web.chat.signal-title") }, SIGNALS[a])),
      this.phrases.map((p, i) => h("button.small", { onclick: () => this.say(p) }, this.phrasesI18n[i] ? say(this.phrasesI18n[i]) : p)));
    fill(this.el,
      h("h3", t("web.chat.title")),
      this.list,
      off ? h("p.muted", t("web.chat.off")) : null,
      phrasesOnly ? h("p.muted", t("web.chat.phrases-only")) : null,
      off ? null : phrasesOnly ? quick : [this.form, h("details.quick", h("summary", t("web.chat.quick")), quick)],
      h("div.chat-settings",
        others.map((i) => h("button.small.link-button", { onclick: () => { this.toggleMute(i); rerender(); }, "aria-pressed": this.muted.has(i) },
          t(this.muted.has(i) ? "web.chat.unmute" : "web.chat.mute", { name: seatName(seats, i) }))),
        seat >= 0 && !over ? null : h("button.small.link-button", { onclick: () => { this.hideSpectators = !this.hideSpectators; save("cardtable.hide-spectators", this.hideSpectators); rerender(); }, "aria-pressed": this.hideSpectators },
          this.hideSpectators ? t("web.chat.show-spectators") : t("web.chat.hide-spectators"))));
    return this.el;
  }

  // restore gives the line being typed its focus back after a redraw.
  restore() {
    if (!this.focus || !this.input.isConnected) return;
    this.input.focus();
    this.input.setSelectionRange(this.focus[0], this.focus[1]);
  }
}

// lineText is a chat line's text: a quick phrase in the reader's
// language (the server sends it as a message too: text_i18n), else the
// words as typed, marked never to be translated.
function lineText(l) {
  return l.text_i18n ? say(l.text_i18n) : h("span", { translate: "no" }, l.text);
}

// replayEvents lists a finished table's events up to step (chat of both
// channels, timeouts, seats handed over, offers, the ending) for the
// replay page, each in the reader's language (text_i18n).
export function replayEvents(events, step, seats) {
  const shown = (events || []).filter((e) => e.step <= step);
  if (!shown.length) return null;
  return h("section.table-events", h("h3", t("web.chat.at-table")),
    // A list that scrolls is reached by keyboard too (axe scrollable-region-focusable).
    h("ol.chat-lines", { tabindex: "0", "aria-label": t("web.chat.at-table") }, shown.map((e) => h("li" + (e.channel === "spectators" ? ".spectators" : ""), { dataset: { step: e.step } },
      e.kind === "chat"
        ? [h("strong", e.seat >= 0 ? seatName(seats, e.seat) : t("web.chat.spectator")), e.channel === "spectators" ? h("small.muted", " " + t("web.chat.watching")) : null, ": ", lineText(e)]
        : h("em", e.text_i18n ? said(e.text_i18n, seats) : e.text)))));
}

function load(key, def) {
  try { const v = localStorage.getItem(key); return v === null ? def : JSON.parse(v); } catch { return def; }
}

function save(key, v) {
  try { localStorage.setItem(key, JSON.stringify(v)); } catch { /* private mode */ }
}
