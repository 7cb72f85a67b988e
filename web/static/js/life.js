// life.js is everything at a table that is not a move of the game
// (docs/protocol.md, "The table's life"): the clock, resigning, aborting,
// draw offers, leaving the seat to a bot and taking it back, handing an
// away seat to a bot or claiming the win after the grace, the rematch, the chat, and telling the
// player it is their move in another tab. table.js keeps one Life, hands
// it the messages of these types and places what it draws.

import { h, seatName, named, botWords, said } from "./dom.js";
import { loadToken, saveToken } from "./conn.js";
import { ClockView, fmt } from "./clock.js";
import { ChatView } from "./chat.js";
import { TurnNotifier, canNotify, askToNotify } from "./notify.js";
import { t, list, dateText } from "./i18n.js";

// TYPES are the messages Life keeps.
export const TYPES = new Set(["clock", "draw", "rematch", "chat", "notice"]);

export class Life {
  constructor(view) {
    this.view = view;
    this.clock = new ClockView();
    this.chat = new ChatView(view.tableID, (cmd) => view.send(cmd));
    this.notifier = new TurnNotifier(view.tableID);
    this.draw = null;
    this.rematch = null;
    this.asked = false;
    this.following = false;
    this.confirm = null;
    // seenAt keeps when each seats message came (away countdowns).
    this.seenAt = new WeakMap();
    this.awayTimer = null;
  }

  get s() { return this.view.s; }

  // message keeps one of TYPES.
  message(m) {
    switch (m.type) {
      case "clock": this.clock.update(m); break;
      case "draw": this.draw = m.open ? m : null; break;
      case "chat": this.chat.message(m); break;
      case "notice":
        this.s.log.unshift({ version: m.version, text: m.text_i18n && m.text_i18n.id ? said(m.text_i18n, this.s.seats) : m.text, notice: m.kind });
        break;
      case "rematch": this.rematched(m); break;
    }
  }

  // hello starts the table-level state afresh on each connection: what
  // the server sends after its hello (the clock, an open offer, the
  // rematch) is the table's now; what the page kept from before may have
  // changed or lapsed meanwhile (a restart, a lost connection).
  hello() {
    this.clock.reset();
    this.draw = null;
    // A page that saw the rematch asked for still follows it once made.
    this.following = this.following || !!(this.rematch && this.rematch.open);
    this.rematch = null;
  }

  // rematched keeps the rematch; once made, a page that saw it asked for
  // (or asked itself) follows to the new table, carrying the seat's token
  // (the new seat has the same one). A finished table opened later only
  // links to it.
  rematched(m) {
    const follow = m.table && (this.asked || this.following || (this.rematch && this.rematch.open));
    this.rematch = m;
    // lapse_ms counts from when the server sent it: the page's own clock
    // gives the moment to show (the two clocks need not agree).
    if (m.open && m.lapse_ms) m.until = new Date(Date.now() + m.lapse_ms);
    if (!follow) return;
    const token = loadToken(this.view.tableID);
    if (this.s.seat >= 0 && token) saveToken(m.table, token);
    // The rematch keeps its creator (the same creator token).
    try {
      const made = JSON.parse(localStorage.getItem(`cardtable.created.${this.view.tableID}`) || "null");
      if (made && made.creator_token) localStorage.setItem(`cardtable.created.${m.table}`, JSON.stringify({ creator_token: made.creator_token, invites: [] }));
    } catch { /* private mode */ }
    location.href = `/t/${encodeURIComponent(m.table)}`;
  }

  cmd(type) {
    this.confirm = null;
    return this.view.send({ type });
  }

  // confirmable is a button that asks once more before doing what.
  confirmable(key, label, sure, onYes) {
    if (this.confirm === key) {
      return [h("button.small.danger", { onclick: () => { this.confirm = null; onYes(); }, "data-life": key + "-yes" }, sure),
        h("button.small", { onclick: () => { this.confirm = null; this.view.render(); } }, t("web.life.no"))];
    }
    return h("button.small", { onclick: () => { this.confirm = key; this.view.render(); }, "data-life": key }, label);
  }

  // top is the clocks, above the turn.
  top() {
    return this.s.result ? null : this.clock.element(this.s.seats, this.s.seat);
  }

  // panels are the table's actions and the chat, in the side column.
  panels() {
    const s = this.s;
    const over = !!s.result;
    return [this.actionsPanel(), this.chat.element({ seat: s.seat, seats: s.seats, over, legal: s.legal, act: (a) => this.view.act(a), rerender: () => this.view.render() })];
  }

  actionsPanel() {
    const s = this.s;
    if (s.seat < 0 || !s.view) return null;
    const me = s.seats[s.seat] || {};
    const competitive = s.game !== "regicide";
    const rows = [];
    // At a rated table giving the seat up is rated as a loss (docs/accounts.md).
    const rated = !!(this.rematch && this.rematch.rated);
    if (!s.result) {
      if (me.taken_over) {
        rows.push(h("p", t(rated ? "web.life.taken-over-rated" : "web.life.taken-over"), " ",
          h("button.small.primary", { onclick: () => this.cmd("take-back"), "data-life": "take-back" }, t("web.life.take-back"))));
      } else {
        rows.push(this.confirmable("leave", t("web.life.leave"), t(rated ? "web.life.leave-sure-rated" : "web.life.leave-sure"), () => this.cmd("leave")));
      }
      if (competitive) rows.push(this.confirmable("resign", t("web.life.resign"), t(rated ? "web.life.resign-sure-rated" : "web.life.resign-sure"), () => this.cmd("resign")));
      if (s.version < s.seats.length * 2) rows.push(this.confirmable("abort", t("web.life.abort"), t("web.life.abort-sure"), () => this.cmd("abort")));
      rows.push(this.drawControls());
    }
    if (!s.result && canNotify() && Notification.permission === "default") {
      rows.push(h("button.small", { onclick: async () => { await askToNotify(); this.view.render(); } }, t("web.life.notify")));
    }
    const kept = rows.filter(Boolean);
    return kept.length ? h("section.life-actions", { "aria-label": t("web.life.label") }, h("h3", t("web.life.title")), kept) : null;
  }

  drawControls() {
    const s = this.s;
    if (s.game !== "watchtower") return null;
    const d = this.draw;
    if (!d) return h("button.small", { onclick: () => this.cmd("draw"), "data-life": "draw" }, t("web.life.offer-draw"));
    if (d.from === s.seat) return h("p.offer", t("web.life.you-offered", { seats: list(d.waiting.map((i) => seatName(s.seats, i))) }));
    if (d.waiting.includes(s.seat)) {
      return h("p.offer", { role: "alert" }, t("web.life.offers-draw", { name: seatName(s.seats, d.from) }), " ",
        h("button.small.primary", { onclick: () => this.cmd("draw"), "data-life": "draw-accept" }, t("web.life.accept")),
        h("button.small", { onclick: () => this.cmd("draw-decline"), "data-life": "draw-decline" }, t("web.life.decline")));
    }
    return h("p.offer", t("web.life.offers-draw", { name: seatName(s.seats, d.from) }));
  }

  // endNotes say what happened at the table besides the game (who a bot
  // played on for, and why), from the end message.
  endNotes() {
    const notes = this.s.notes || [];
    const saidI18n = this.s.notesI18n || [];
    return notes.length ? h("ul.end-notes", notes.map((n, i) => h("li", saidI18n[i] ? said(saidI18n[i], this.s.seats) : noteWords(n, this.s.seats)))) : null;
  }

  // endControls are the rematch's, in the result panel (instead of
  // "Play again", which left the others behind).
  endControls() {
    const s = this.s;
    const r = this.rematch;
    // At a rated table the rematch is rated too, and says so before anyone agrees.
    // A rated rematch has sentences of its own: a sentence is translated whole.
    const rated = !!(r && r.rated);
    if (r && r.table) return h("a.button.primary", { href: `/t/${encodeURIComponent(r.table)}`, "data-life": "rematch-table" }, t(rated ? "web.life.go-rematch-rated" : "web.life.go-rematch"));
    if (s.seat < 0) return r && r.open ? h("span.muted", t(rated ? "web.life.rematch-watch-rated" : "web.life.rematch-watch", { until: until(r) })) : null;
    if (r && r.open) {
      if (r.waiting.includes(s.seat)) {
        return h("span.offer", { role: "alert" }, t(rated ? "web.life.rematch-asks-rated" : "web.life.rematch-asks", { name: seatName(s.seats, r.from), until: until(r) }), " ",
          h("button.primary", { onclick: () => { this.asked = true; this.cmd("rematch"); }, "data-life": "rematch-accept" }, t("web.life.accept")),
          h("button", { onclick: () => this.cmd("rematch-decline"), "data-life": "rematch-decline" }, t("web.life.decline")));
      }
      return h("span.offer", t(rated ? "web.life.rematch-waiting-rated" : "web.life.rematch-waiting", { seats: list(r.waiting.map((i) => seatName(s.seats, i))), until: until(r) }));
    }
    return h("button.primary", { onclick: () => { this.asked = true; this.cmd("rematch"); }, "data-life": "rematch" }, t(rated ? "web.life.rematch-rated" : "web.life.rematch"));
  }

  // seatExtras are what the seats list shows of a seat besides its name:
  // a bot playing for its person, and for anyone seated (or the table's
  // creator) the buttons for an away person's seat: hand it to a bot and,
  // at two seats of War or Watchtower, claim the win. Each counts down to
  // the end of the server's grace (docs/protocol.md, "Away seats") and is
  // pressable from then on; toBot is the creator's way, off the seats.
  seatExtras(i, seat, creator, toBot) {
    const s = this.s;
    const out = [];
    if (seat.taken_over && !s.result) out.push(h("span.muted", " · " + t("web.life.until-back", { name: seatName(s.seats, i) })));
    const p = s.presence;
    const seated = s.seat >= 0 && s.seat !== i;
    if (s.result || !p || !p.grace_ms || !seat.away_ms || !(seated || creator)) return out;
    const due = this.awayDue(p, seat);
    const who = seatName(s.seats, i);
    out.push(this.awayButton(due, t("web.life.hand-to-bot"), t("web.life.away-hand-title", { who, grace: fmt(p.grace_ms) }),
      () => (seated ? this.view.send({ type: "hand-to-bot", seat: i }) : toBot(i)), `hand-to-bot-${i}`));
    if (seated && s.seats.length === 2 && s.game !== "regicide") {
      out.push(this.awayButton(due, t("web.life.claim-win"), t("web.life.away-claim-title", { who, grace: fmt(p.grace_ms) }),
        () => { this.confirm = null; this.view.send({ type: "claim-win" }); }, "claim-win"));
    }
    return out;
  }

  // awayDue is when (performance.now) the seat's grace ends, from the
  // seats message p: the page counts from when p came.
  awayDue(p, seat) {
    if (!this.seenAt.has(p)) this.seenAt.set(p, performance.now());
    return this.seenAt.get(p) + Math.max(0, p.grace_ms - seat.away_ms);
  }

  // awayButton is a button that reads "label in m:ss" and cannot be
  // pressed until due, then "label"; a timer keeps its count.
  awayButton(due, label, title, onclick, key) {
    const left = due - performance.now();
    const b = h("button.small", { onclick, title, "data-life": key, dataset: { due: Math.round(due), label } },
      left > 0 ? t("web.life.in", { label, left: fmt(left) }) : label);
    b.disabled = left > 0;
    if (left > 0 && !this.awayTimer) this.awayTimer = setInterval(() => this.awayTick(), 500);
    return b;
  }

  // awayTick counts the away buttons down, and enables each at its due.
  awayTick() {
    const pending = document.querySelectorAll("button[data-due]");
    let waiting = 0;
    for (const b of pending) {
      const left = Number(b.dataset.due) - performance.now();
      b.disabled = left > 0;
      b.textContent = left > 0 ? t("web.life.in", { label: b.dataset.label, left: fmt(left) }) : b.dataset.label;
      if (left > 0) waiting++;
    }
    if (!waiting) {
      clearInterval(this.awayTimer);
      this.awayTimer = null;
    }
  }

  // afterRender runs once the page is drawn: the line being typed keeps
  // its focus, and the tab says whether it is the viewer's move.
  afterRender(title) {
    const s = this.s;
    this.chat.restore();
    const mine = s.seat >= 0 && !s.result && s.legal.length > 0;
    const others = s.seats.map((x, i) => i).filter((i) => i !== s.seat).map((i) => seatName(s.seats, i));
    this.notifier.update(mine, title, others.join(", "));
  }
}

// until says, in words, when an open rematch offer stops waiting (the
// server's RematchLapse, or a correspondence table's move time): the time
// of day, with the day when it is not within the next 12 hours.
function until(r) {
  if (!r.until) return "";
  const opts = { hour: "2-digit", minute: "2-digit" };
  if (r.until - Date.now() > 12 * 3600 * 1000) opts.weekday = "short";
  return t("web.life.until", { time: dateText(r.until, opts) });
}

// noteWords writes an end note of the server ("seat 1 left the seat;
// heuristic played on for them") as the page names seats and bots ("Seat 1
// left the seat; Good bot played on for them").
function noteWords(note, seats) {
  return named(note, seats).replace(/; ([a-z][\w-]*) played on for them$/, (all, kind) => `; ${botWords(kind)} played on for them`);
}
