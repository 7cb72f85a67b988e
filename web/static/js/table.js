// table.js is the table page: it keeps the last messages the server sent
// (hello, seats, turn, event, end, error, hint), draws the table from them
// with the game's module (war.js, regicide.js, watchtower.js) and sends the
// player's choices back. It knows no rules: the game modules offer the
// legal actions of the latest turn, and any they do not place on the board
// are offered here as plain buttons. What happens at the table that is not
// a move — the clock, offers, the rematch, chat, notices — is life.js's.

import { h, fill, seatName } from "./dom.js";
import { inline } from "./cards.js";
import * as war from "./war.js";
import * as regicide from "./regicide.js";
import * as watchtower from "./watchtower.js";
import { Life } from "./life.js";

const MODULES = { war, regicide, watchtower };
const LOG_LINES = 200;

// TableView draws one table into root from the messages it is given.
// send(cmd) writes a command and returns its id (null when offline).
export class TableView {
  constructor(root, { tableID, send, claim }) {
    this.root = root;
    this.tableID = tableID;
    this.send = send;
    this.claim = claim;
    this.s = { seat: -1, seats: [], presence: null, version: 0, view: null, legal: [], legalVersion: -1, log: [], status: "connecting" };
    this.ui = {};
    this.uiVersion = -1;
    this.animated = -1;
    this.life = new Life(this);
    document.addEventListener("keydown", (e) => this.key(e));
  }

  status(st, bye) {
    this.s.status = st;
    if (bye) this.s.error = { code: bye.code, message: bye.message };
    this.render();
  }

  message(m) {
    const s = this.s;
    switch (m.type) {
      case "hello":
        Object.assign(s, { seat: m.seat, game: m.game, options: m.options || {}, seats: m.seats || [], version: m.version, view: m.view, prev: null, legal: [], legalVersion: -1, result: null, error: null });
        break;
      case "seats":
        s.presence = m;
        if (m.seats) s.seats = m.seats;
        break;
      case "turn":
        if (m.version < s.version) return;
        if (m.version > s.version) s.prev = s.view;
        Object.assign(s, { version: m.version, view: m.view, legal: m.legal || [], legalVersion: m.version });
        break;
      case "event":
        if (m.version < s.version) return;
        this.logEvent(m);
        Object.assign(s, { version: m.version, view: m.view, prev: s.view });
        if (m.version > s.legalVersion) s.legal = [];
        break;
      case "end":
        Object.assign(s, { version: m.version, view: m.view, result: m.result, notes: m.notes || [], legal: [], prev: m.version > s.version ? s.view : s.prev });
        break;
      case "error":
        if (m.id && m.id === s.hintID) {
          s.hintText = `no forecast: ${m.message}`;
          break;
        }
        s.error = { code: m.code, message: m.message };
        if (s.sent && s.sent.id === m.id && s.sent.version === s.version) s.legal = s.sent.legal;
        break;
      case "hint":
        if (m.id && m.id === s.hintID) Object.assign(s, { hintText: m.hint, hintAction: m.action });
        break;
      case "clock": case "draw": case "rematch": case "chat": case "notice":
        this.life.message(m);
        break;
      default:
        return;
    }
    this.render();
  }

  logEvent(m) {
    const s = this.s;
    const who = m.actor === undefined || m.actor === null ? "" : seatName(s.seats, m.actor);
    const mod = MODULES[s.game];
    const lines = mod && mod.logLines ? mod.logLines(m, s.view, { seats: s.seats }) : null;
    for (const line of lines || [`${who}: ${m.action}`]) s.log.unshift({ version: m.version, text: line });
    s.log.length = Math.min(s.log.length, LOG_LINES);
  }

  act(action) {
    const s = this.s;
    if (!s.legal.length) return;
    const id = this.send({ action, version: s.legalVersion });
    if (!id) return;
    s.sent = { id, version: s.version, legal: s.legal };
    s.legal = [];
    s.error = null;
    this.render();
  }

  hint(action) {
    const id = this.send({ type: "hint", action, version: this.s.legalVersion });
    Object.assign(this.s, { hintID: id, hintText: "", hintAction: action });
  }

  ctx() {
    const s = this.s;
    if (this.uiVersion !== s.version) { this.ui = {}; this.uiVersion = s.version; }
    return {
      seat: s.seat, seats: s.seats, options: s.options || {}, legal: s.legal, ui: this.ui, view: s.view,
      hintText: s.hintText, hintAction: s.hintAction, fresh: this.animated !== s.version, prev: s.prev,
      act: (a) => this.act(a), hint: (a) => this.hint(a), rerender: () => this.render(),
    };
  }

  key(e) {
    const t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
    if (t && t.tagName === "BUTTON" && (e.key === " " || e.key === "Enter")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const mod = MODULES[this.s.game];
    if (mod && mod.key && this.s.view && mod.key(e, this.ctx())) e.preventDefault();
  }

  render() {
    const s = this.s;
    const mod = MODULES[s.game];
    if (!s.view || !mod) {
      fill(this.root, h("p.status-line", s.status === "open" ? "Waiting for the table…" : "Connecting…"));
      return;
    }
    const ctx = this.ctx();
    const { board, offered, prompt } = mod.render(s.view, ctx);
    this.animated = s.version;
    document.title = `${mod.title} · cardtable`;
    const rest = s.legal.filter((a) => !offered.has(a));
    fill(this.root,
      this.header(mod),
      h("div.table-layout",
        h("section.board", { "aria-label": "table" }, board),
        h("aside.side",
          this.life.top(),
          this.turnPanel(mod, prompt),
          rest.length ? h("section.actions", { "aria-label": "more actions" }, h("h3", "Actions"), rest.map((a) => h("button", { onclick: () => this.act(a), "data-action": a }, label(a)))) : null,
          s.result ? this.endPanel() : null,
          this.life.panels(),
          this.seatsPanel(),
          this.logPanel())));
    this.life.afterRender(mod.title);
  }

  header(mod) {
    const s = this.s;
    const who = s.seat >= 0 ? `You are ${seatName(s.seats, s.seat)}` : "Watching";
    const st = { open: "connected", connecting: "connecting…", closed: "reconnecting…" }[s.status];
    return h("header.table-header",
      h("a.home", { href: "/" }, "cardtable"),
      h("h1", mod.title),
      h("span.who", { "data-seat": s.seat }, who),
      h("span.conn." + s.status, { role: "status" }, st),
      h("span.muted", `move ${s.version}`),
      h("a.header-link", { href: `/rules/${s.game}?table=${encodeURIComponent(this.tableID)}`, target: "_blank" }, `${mod.title} rules`));
  }

  turnPanel(mod, prompt) {
    const s = this.s;
    const seats = s.result ? [] : mod.toMove(s.view);
    const names = seats.map((i) => (i === s.seat ? "you" : seatName(s.seats, i)));
    return h("section.turn", { "aria-live": "polite" },
      h("p.whose", { "data-to-move": seats.join(",") }, s.result ? "Game over" : names.length ? `To move: ${names.join(", ")}` : ""),
      prompt && s.legal.length ? h("p.prompt", prompt) : null,
      s.error ? h("p.error", { role: "alert", "data-code": s.error.code }, s.error.message) : null);
  }

  endPanel() {
    const s = this.s;
    const r = s.result;
    const winners = (r.winners || []).map((i) => (i === s.seat ? "you" : seatName(s.seats, i)));
    const again = this.life.endControls();
    const mod = MODULES[s.game];
    const detail = r.detail && mod.named ? mod.named(r.detail, s.seats) : r.detail;
    return h("section.end", { "aria-label": "result" },
      h("h2", winners.length ? `Winner${winners.length > 1 ? "s" : ""}: ${winners.join(", ")}` : r.end),
      h("p", detail || r.end),
      this.life.endNotes(),
      h("p", again, " ", h("a.button", { href: `/replay/${this.tableID}` }, "Watch the replay"),
        " ", h("a.button", { href: `/api/tables/${this.tableID}/record`, download: "" }, "Download the record")));
  }

  seatsPanel() {
    const s = this.s;
    const p = s.presence;
    const list = s.seats.map((x, i) => h("li", { dataset: { seat: i } },
      seatName(s.seats, i), i === s.seat ? " (you)" : "",
      x.kind === "bot" ? h("span.muted", ` · bot ${x.bot || ""}`) : null,
      x.kind === "human" && x.claimed === false ? h("span.muted", " · free seat") : null,
      x.kind === "human" && x.claimed === false && s.seat < 0 && this.claim && !s.result
        ? h("button.small", { onclick: () => this.claim(i).catch((err) => this.fail(err)) }, "Take this seat") : null,
      x.kind === "human" && x.claimed === false && !s.result && creatorToken(this.tableID)
        ? h("button.small", { onclick: () => this.toBot(i) }, "Give to a bot") : null,
      x.connected === false && x.kind !== "bot" && x.claimed ? h("span.muted", " · away") : null,
      this.life.seatExtras(i, x, !!creatorToken(this.tableID), (n) => this.toBot(n))));
    return h("section.seats", h("h3", "Seats"), h("ul", list),
      p && p.spectators ? h("p.muted", `${p.spectators} watching`) : null,
      invitesPanel(this.tableID, s.seats));
  }

  fail(err) {
    this.s.error = { code: err.code, message: err.message };
    this.render();
  }

  // toBot hands free seat i to the game's default bot (the creator only).
  async toBot(i) {
    const { botSeat } = await import("./lobby-api.js");
    try {
      await botSeat(this.tableID, i, { creator_token: creatorToken(this.tableID) });
    } catch (err) {
      this.fail(err);
    }
  }

  logPanel() {
    return h("section.log", h("h3", "Log"),
      h("ol.log-lines", { reversed: true, "aria-live": "off" }, this.s.log.map((l) => h("li", inline(l.text)))));
  }
}

// label turns an action left to the generic buttons into words.
function label(a) {
  const words = { done: "Done with setup (D)", end: "End turn (E)", yield: "Yield", pass: "Pass", flip: "Flip" };
  return words[a] || a;
}

// created is what the lobby kept of a table this browser created.
function created(id) {
  try { return JSON.parse(localStorage.getItem(`cardtable.created.${id}`) || "null"); } catch { return null; }
}

function creatorToken(id) {
  const c = created(id);
  return c && c.creator_token;
}

// invitesPanel shows the invite links of the free seats and the spectator
// link of a table this browser created (kept by the lobby in localStorage).
export function invitesPanel(id, seats) {
  const made = created(id);
  if (!made) return null;
  const abs = (u) => new URL(u, location.origin).href;
  const row = (text, url) => h("li", h("span.invite-for", text),
    h("span.invite-row", h("input.link", { readonly: true, value: abs(url), "aria-label": `invite link for ${text}`, onfocus: (e) => e.target.select() }),
      h("button.small", { onclick: () => navigator.clipboard && navigator.clipboard.writeText(abs(url)) }, "Copy")));
  return h("div.invites", h("h4", "Invite links"), h("ul",
    (made.invites || []).filter((inv) => !seats[inv.seat] || (seats[inv.seat].kind === "human" && seats[inv.seat].claimed !== true))
      .map((inv) => row(`seat ${inv.seat + 1}:`, inv.url)),
    row("spectators:", made.spectator_url || `/t/${id}`)));
}
