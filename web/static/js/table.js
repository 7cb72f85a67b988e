// table.js is the table page: it keeps the last messages the server sent
// (hello, seats, turn, event, end, error, hint, auto), draws the table from
// them with the game's module (war.js, regicide.js, watchtower.js) and
// sends the player's choices back. It knows no rules: the game modules
// offer the legal actions of the latest turn, and any they do not place on
// the board are offered here as plain buttons in the action bar.
//
// The page is a skeleton built once — header, board, action bar (sticky at
// the bottom of the window: whose turn, what to do, the buttons that matter
// now), and the side panels — whose parts are redrawn from the state at
// most once a frame. The log is appended to, never redrawn, so a screen
// reader hears each new line once. What happens at the table that is not a
// move — the clock, offers, the rematch, chat, notices — is life.js's.

import { h, fill, seatName, opening, sentence, useBotWords } from "./dom.js";
import { BOTS } from "./options.js";
import { inline } from "./cards.js";
import { invitesPanel, creatorToken } from "./invites.js";
import { autoControls } from "./autoplay.js";
import { settingsToggle } from "./settings.js";
import * as war from "./war.js";
import * as regicide from "./regicide.js";
import * as watchtower from "./watchtower.js";
import { Life } from "./life.js";
import { t, tNodes, say, list, gameTitle } from "./i18n.js";
import { PressHold } from "./press.js";
import { LessonPanel } from "./lesson.js";
import { sound, soundToggle } from "./sound.js";
import { skipLink, keysDialog, keysButton } from "./keys.js";
import { analysable } from "./analysis.js";

const MODULES = { war, regicide, watchtower };
const LOG_LINES = 200;
// AUTO_STOPS are the server's reasons for stopping auto-play
// (server/room/autoplay.go), as messages; another is shown as it came.
const AUTO_STOPS = { "the game is over": "web.table.auto-stop.over", "nobody is at the seat": "web.table.auto-stop.nobody" };

// TableView draws one table into root from the messages it is given.
// send(cmd) writes a command and returns its id (null when offline).
export class TableView {
  constructor(root, { tableID, send, claim }) {
    this.root = root;
    this.tableID = tableID;
    this.send = send;
    this.claim = claim;
    this.s = { seat: -1, seats: [], presence: null, version: 0, view: null, legal: [], legalVersion: -1, log: [], status: "connecting", auto: null };
    this.ui = {};
    this.uiVersion = -1;
    this.animated = -1;
    this.frame = 0;
    this.shown = -1;
    this.shownLegal = 0;
    this.els = null;
    this.logCount = 0;
    this.queue = [];
    this.holdUntil = 0;
    this.holdTimer = 0;
    this.life = new Life(this);
    this.lesson = new LessonPanel(this);
    this.press = new PressHold(() => this.render());
    document.addEventListener("keydown", (e) => this.key(e));
  }

  status(st, bye) {
    this.s.status = st;
    if (bye) this.s.error = { code: bye.code, message: bye.message };
    this.render();
  }

  // message takes one message from the server. A move that would replace
  // a finished trick still being shown (War: module.holdMS) waits for its
  // moment, so that a person watching at a trick a second sees every
  // trick even when the browser gets two in one frame; a game being
  // finished at once, a new connection's hello, or a queue of more than a
  // few, goes straight on.
  message(m) {
    if (this.queue.length || performance.now() < this.holdUntil) {
      this.queue.push(m);
      const finishing = this.s.auto && this.s.auto.perSecond >= 100;
      // A new connection's snapshot replaces whatever was held: nothing
      // from before it (a trick, an old clock) is drawn after it came.
      if (finishing || m.type === "hello" || this.queue.length > 6) this.flush();
      else if (!this.holdTimer) this.holdTimer = setTimeout(() => this.release(), this.holdUntil - performance.now());
      return;
    }
    this.take(m);
  }

  // release takes the held messages up to the next finished trick.
  release() {
    this.holdTimer = 0;
    while (this.queue.length && performance.now() >= this.holdUntil) this.take(this.queue.shift());
    if (this.queue.length) this.holdTimer = setTimeout(() => this.release(), this.holdUntil - performance.now());
  }

  flush() {
    clearTimeout(this.holdTimer);
    this.holdTimer = 0;
    this.holdUntil = 0;
    for (const m of this.queue.splice(0)) this.take(m);
  }

  take(m) {
    const s = this.s;
    const mod = MODULES[s.game];
    // A move after a finished trick the screen has not shown yet: the
    // next frame shows the trick, and what follows waits a moment.
    const hold = m.type === "event" && mod && mod.holdMS && s.view && s.view !== this.drawnView ? mod.holdMS(s.view, this.drawnView) : 0;
    if (hold) {
      this.holdUntil = performance.now() + hold;
      this.queue.push(m);
      this.holdTimer = setTimeout(() => this.release(), hold);
      return;
    }
    switch (m.type) {
      case "hello":
        Object.assign(s, { seat: m.seat, game: m.game, options: m.options || {}, seats: m.seats || [], version: m.version, view: m.view, prev: null, legal: [], legalVersion: -1, result: null, error: null, auto: null });
        useBotWords(BOTS[m.game]);
        this.life.hello();
        break;
      case "seats":
        s.presence = m;
        if (m.seats) s.seats = m.seats;
        break;
      case "turn":
        if (m.version < s.version) return;
        if (m.version > s.version) s.prev = s.view;
        this.yourMove(m);
        Object.assign(s, { version: m.version, view: m.view, legal: m.legal || [], legalVersion: m.version });
        break;
      case "event":
        if (m.version < s.version) return;
        this.logEvent(m);
        this.eventSound(m);
        Object.assign(s, { version: m.version, view: m.view, prev: s.view });
        if (m.version > s.legalVersion) s.legal = [];
        break;
      case "sealed":
        // Our answer in a simultaneous window, hidden from the others until
        // it closes: our own view has it; the turn is answered.
        if (m.version < s.version) return;
        Object.assign(s, { view: m.view, legal: [], sealed: m.version });
        break;
      case "end":
        // A game that ends while the page is open brings its result into
        // view (after the draw), wherever the person had scrolled.
        if (!s.result && s.view) this.endArrived = true;
        Object.assign(s, { version: m.version, view: m.view, result: m.result, notes: m.notes || [], notesI18n: m.notes_i18n || [], legal: [], prev: m.version > s.version ? s.view : s.prev });
        break;
      case "error":
        if (m.id && m.id === s.hintID) {
          s.hintText = t("web.table.no-forecast", { why: m.message_i18n ? say(m.message_i18n, { seatName: (i) => seatName(s.seats, i) }) : m.message });
          break;
        }
        s.error = { code: m.code, message: m.message_i18n ? say(m.message_i18n, { seatName: (i) => seatName(s.seats, i) }) : m.message };
        if (s.sent && s.sent.id === m.id && s.sent.version === s.version) s.legal = s.sent.legal;
        break;
      case "hint":
        if (m.id && m.id === s.hintID) Object.assign(s, { hintText: m.hint, hintMsg: m.hint_i18n || null, hintAction: m.action });
        break;
      case "clock": case "draw": case "rematch": case "chat": case "notice":
        this.life.message(m);
        break;
      case "lesson":
        this.lesson.message(m);
        break;
      case "auto":
        s.auto = m.action ? { action: m.action, perSecond: m.per_second } : null;
        if (!m.action && m.reason && m.reason !== "you turned it off") s.autoStopped = AUTO_STOPS[m.reason] ? t(AUTO_STOPS[m.reason]) : m.reason;
        break;
      default:
        return;
    }
    this.render();
  }

  // eventSound sounds a move: War's flip (a war's drum when one starts)
  // and slap, another game's card; one sound at most every 80 ms (a game
  // finished at once is not a drum roll).
  eventSound(m) {
    const now = performance.now();
    if (now - (this.soundAt || -1e9) < 80) return;
    this.soundAt = now;
    const a = m.action || "";
    if (this.s.game !== "war") return sound.play("card");
    if (a.startsWith("slap")) return sound.play("slap");
    const was = this.s.view;
    sound.play(m.view && m.view.round === "war" && was && was.round !== "war" ? "war" : "flip");
  }

  // yourMove sounds "your move" when a turn with something to do comes to
  // a page that waited two seconds or more for it (not each trick of War
  // against a bot, which answers at once), or to a tab in the background.
  yourMove(m) {
    const now = performance.now();
    const mine = (m.legal || []).length > 0;
    if (mine && !this.s.legal.length && (now - (this.mineAt || -1e9) >= 2000 || document.hidden)) sound.play("turn");
    if (mine) this.mineAt = now;
  }

  logEvent(m) {
    const s = this.s;
    const mod = MODULES[s.game];
    const ctx = { seats: s.seats, seat: s.seat, options: s.options || {} };
    const lines = mod && mod.logLines ? mod.logLines(m, s.view, ctx) : null;
    const who = m.actor === undefined || m.actor === null ? "" : seatName(s.seats, m.actor);
    for (const text of lines || [`${who}: ${m.action}`]) s.log.unshift({ version: m.version, text });
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
    Object.assign(this.s, { hintID: id, hintText: "", hintMsg: null, hintAction: action });
  }

  // auto asks the server to play action at perSecond (0: the fastest, to
  // finish the game); without action it stops auto-play.
  auto(action, perSecond) {
    this.s.autoStopped = null;
    this.send(action ? { type: "auto", action, per_second: perSecond } : { type: "auto" });
  }

  ctx() {
    const s = this.s;
    if (this.uiVersion !== s.version) { this.ui = {}; this.uiVersion = s.version; }
    return {
      seat: s.seat, seats: s.seats, options: s.options || {}, legal: s.legal, ui: this.ui, view: s.view,
      // prev is the view the screen showed before (several messages may
      // come between two draws): what turns up is what is new on screen.
      hintText: s.hintText, hintMsg: s.hintMsg, hintAction: s.hintAction, fresh: this.animated !== s.version, prev: this.drawnView || s.prev,
      auto: s.auto, tableID: this.tableID,
      act: (a) => this.act(a), hint: (a) => this.hint(a), rerender: () => this.draw(),
    };
  }

  // key is the table's keyboard: ? lists the keys, M mutes, and the
  // game's keys (its module's key) — Enter on a chosen card included, so
  // that Enter plays the selection as the Play button says; Enter and
  // Space on any other control press it.
  key(e) {
    const el = e.target;
    if (el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || (el.closest && el.closest("dialog")))) return;
    const onCard = el && el.dataset && el.dataset.card && e.key === "Enter";
    if (el && !onCard && (el.tagName === "BUTTON" || el.tagName === "A" || el.tagName === "SUMMARY") && (e.key === " " || e.key === "Enter")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "?") {
      this.showKeys();
      return e.preventDefault();
    }
    if (e.key === "m" || e.key === "M") {
      sound.toggle();
      this.draw();
      return e.preventDefault();
    }
    const mod = MODULES[this.s.game];
    if (mod && mod.key && this.s.view && mod.key(e, this.ctx())) e.preventDefault();
  }

  // showKeys opens the list of keys: the table's and the game's.
  showKeys() {
    const mod = MODULES[this.s.game];
    const opener = document.activeElement;
    const dialog = keysDialog((mod && mod.keys) || []);
    document.body.append(dialog);
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (opener && opener.isConnected) opener.focus();
    });
    dialog.showModal();
  }

  // render draws the table at the next frame (many messages in one frame,
  // as when a game is finished at once, are drawn once).
  render() {
    if (this.frame) return;
    // A frame, or a tenth of a second where frames do not come (a tab in
    // the background), whichever is first.
    let timer = 0, raf = 0;
    const go = () => {
      clearTimeout(timer);
      if (raf) cancelAnimationFrame(raf);
      this.frame = 0;
      // Not under a pressed pointer: drawn at its release (press.js).
      if (!this.press.hold()) this.draw();
    };
    timer = setTimeout(go, 100);
    raf = typeof requestAnimationFrame === "function" ? requestAnimationFrame(go) : 0;
    this.frame = timer || 1;
  }

  draw() {
    const s = this.s;
    const mod = MODULES[s.game];
    if (!s.view || !mod) {
      this.els = null;
      fill(this.root, h("p.status-line", { role: "status" }, s.status === "open" ? t("web.table.waiting") : t("web.table.connecting")));
      return;
    }
    if (!this.els) this.skeleton();
    const focus = focusKey();
    const ctx = this.ctx();
    const { board, offered, prompt, bar } = mod.render(s.view, ctx);
    this.animated = s.version;
    document.title = t("web.table.tab-title", { game: gameTitle(s.game) });
    const rest = s.legal.filter((a) => !offered.has(a));
    const e = this.els;
    fill(e.header, this.header());
    fill(e.board, board);
    e.end.className = "result-panel";
    fill(e.end, s.result ? this.endPanel(mod) : null);
    e.end.hidden = !s.result;
    const onBoard = [...e.board.querySelectorAll("[data-action]")].filter((el) => s.legal.includes(el.dataset.action) && !el.disabled);
    fill(e.bar, this.barContent(mod, prompt, bar, rest), this.boardMovesButton(onBoard));
    // A lesson's side is calm: who sits where and the log, none of a
    // real table's resigning, inviting, handing seats to bots or chat.
    const lesson = this.lesson.active;
    fill(e.seats, this.seatsPanel(lesson));
    fill(e.lifeTop, this.life.top());
    this.lesson.draw(e.lesson);
    fill(e.life, lesson ? null : this.life.panels());
    this.drawLog();
    if (mod.afterDraw) mod.afterDraw(e.board, ctx);
    if (this.endArrived && s.result) {
      this.endArrived = false;
      // A game that ends while the page is open sounds its outcome.
      sound.play({ won: "win", lost: "loss" }[e.end.className.replace(/.*outcome-/, "")] || "");
      if (e.end.getBoundingClientRect().top < 0) this.showEnd();
    }
    this.life.afterRender(gameTitle(s.game));
    restoreFocus(focus);
    this.showBoardMove(onBoard);
    // What the page shows now (tests and tools read it; s may be ahead
    // of the screen until the next frame).
    this.shown = s.version;
    this.shownLegal = s.legal.length;
    this.drawnView = s.view;
  }

  skeleton() {
    const e = {
      header: h("header.table-header"),
      board: h("section.board", { "aria-label": t("web.table.board") }),
      bar: h("section#action-bar.action-bar", { "aria-label": t("web.table.bar") }),
      end: h("section.result-panel", { "aria-label": t("web.table.result"), hidden: true }),
      seats: h("section.seats", { "aria-label": t("web.table.seats") }),
      lifeTop: h("div.life-top"),
      lesson: h("section.panel.lesson-panel", { "aria-label": t("lesson.panel"), hidden: true }),
      life: h("div.life-panels"),
      // The live region holds the list (a list's items belong in a list:
      // axe), which scrolls, so it takes the focus to be scrolled by keys.
      logList: h("ol.log-lines", { tabindex: 0, "aria-label": t("web.table.log-label") }),
    };
    this.els = e;
    for (const l of this.s.log) l.drawn = false;
    // The action bar comes right after the board (the hand) in the order
    // Tab follows; it is drawn stuck to the window's bottom, and may rise
    // over the header (in the layout too) on a small screen at a large
    // font.
    fill(this.root, skipLink(e.bar),
      h("div.table-layout.with-bar", e.header,
        h("div.main-col", e.end, e.lifeTop, e.lesson, e.board),
        e.bar,
        h("aside.side", e.life, e.seats, h("section.log", h("h2", t("web.table.log")), h("div.log-live", { role: "log", "aria-live": "polite" }, e.logList)))));
  }

  // drawLog appends the lines logged since the last draw (the newest on
  // top) and drops the oldest beyond LOG_LINES.
  drawLog() {
    const list = this.els.logList;
    // The log is newest first (life.js adds its notices the same way);
    // the lines not drawn yet are at its head.
    const fresh = [];
    for (const l of this.s.log) {
      if (l.drawn) break;
      fresh.push(l);
    }
    for (const l of fresh.reverse()) {
      l.drawn = true;
      l.n = l.n || ++this.logCount;
      list.prepend(h("li" + (l.notice ? ".notice" : ""), { value: l.n, dataset: { version: l.version } }, inline(l.text)));
    }
    while (list.children.length > LOG_LINES) list.lastElementChild.remove();
  }

  header() {
    const s = this.s;
    const who = s.seat >= 0 ? t("web.table.you-are", { name: seatName(s.seats, s.seat) }) : t("web.table.watching");
    const st = { open: t("web.table.conn.open"), connecting: t("web.table.conn.connecting"), closed: t("web.table.conn.closed"), stopped: t("web.table.conn.stopped") }[s.status];
    return [
      h("a.home", { href: "/", translate: "no" }, "cardtable"),
      h("h1", gameTitle(s.game)),
      h("span.who", { "data-seat": s.seat }, who),
      h("span.conn." + s.status, { role: "status" }, st),
      h("span.muted", t("web.table.move", { n: s.version })),
      h("a.header-link", { href: `/rules/${s.game}?table=${encodeURIComponent(this.tableID)}`, target: "_blank", rel: "noopener" }, t("web.table.rules", { game: gameTitle(s.game) })),
      settingsToggle(() => this.draw()),
      soundToggle(t("table.sound.toggle"), () => this.draw()),
      keysButton(() => this.showKeys()),
    ];
  }

  // barContent is the action bar: whose turn it is, what to do now, and
  // the buttons that matter now (the module's, then any legal action it did
  // not place), with War's auto-play.
  barContent(mod, prompt, bar, rest) {
    const s = this.s;
    const seats = s.result ? [] : mod.toMove(s.view);
    // Bots answer at once (War's flip is everyone's at the same time): a
    // bot is named as to move only when no person is.
    const bot = (i) => (s.seats[i] || {}).kind === "bot";
    const waited = seats.some((i) => !bot(i)) ? seats.filter((i) => !bot(i)) : seats;
    const names = waited.map((i) => (i === s.seat ? t("web.you") : seatName(s.seats, i)));
    const whose = s.result ? (this.endHeadline ? t("web.table.game-over-headline", { headline: this.endHeadline }) : t("web.table.game-over")) : names.length ? t("web.table.to-move", { names: names.join(", ") }) : "";
    const buttons = [...(bar || []), ...rest.map((a) => h("button", { onclick: () => this.act(a), "data-action": a }, inline(label(a)), keyHint(a)))];
    if (s.result) buttons.push(h("button.see-result", { onclick: () => this.showEnd() }, t("web.table.see-result")));
    const auto = s.game === "war" && s.seat >= 0 && !s.result ? autoControls(this) : null;
    return [
      h("div.bar-status", { "aria-live": "polite" },
        h("p.whose", { "data-to-move": seats.join(",") }, whose),
        prompt && s.legal.length ? h("p.prompt", prompt) : null,
        s.error ? h("p.error", { role: "alert", "data-code": s.error.code }, sentence(s.error.message)) : null,
        s.autoStopped ? h("p.muted", t("web.table.auto-stopped", { reason: s.autoStopped })) : null),
      buttons.length ? h("div.bar-buttons", buttons) : null,
      auto,
    ];
  }

  // boardMovesButton is, in Watchtower (whose moves are mostly on the
  // players' panels: challenges, blind picks), a bar button that brings
  // the next of the moves on the board into view — one tap on a phone
  // instead of scrolling to find them.
  boardMovesButton(onBoard) {
    if (this.s.game !== "watchtower" || !onBoard.length) return null;
    return h("button.board-moves", {
      onclick: () => {
        const moves = [...this.els.board.querySelectorAll("[data-action]")].filter((el) => this.s.legal.includes(el.dataset.action) && !el.disabled);
        if (!moves.length) return;
        this.boardMoveAt = ((this.boardMoveAt ?? -1) + 1) % moves.length;
        const el = moves[this.boardMoveAt];
        el.scrollIntoView({ block: "center", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
        el.focus({ preventScroll: true });
      },
    }, t("table.board-moves"));
  }

  // showBoardMove brings a turn's moves into view when they are all on
  // the board (Watchtower's blind picks: the bar has no button for them)
  // and none is on screen, once a turn.
  showBoardMove(onBoard) {
    const s = this.s;
    if (!onBoard.length || this.shownMoveFor === s.legalVersion) return;
    this.shownMoveFor = s.legalVersion;
    this.boardMoveAt = -1;
    const inBar = [...this.els.bar.querySelectorAll("[data-action]")].some((el) => s.legal.includes(el.dataset.action));
    const top = this.els.bar.getBoundingClientRect().top;
    const seen = onBoard.some((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= top; });
    if (inBar || seen) return;
    onBoard[0].scrollIntoView({ block: "center", behavior: "auto" });
  }

  endPanel(mod) {
    const s = this.s;
    const r = s.result;
    const ctx = this.ctx();
    const end = TABLE_ENDS.has(r.end) ? tableEnd(r, ctx) : mod.endSentence ? mod.endSentence(r, s.view, ctx) : null;
    const winners = (r.winners || []).map((i) => (i === s.seat ? t("web.you") : seatName(s.seats, i)));
    const headline = end ? end.headline : winners.length ? t("web.table.winners", { count: winners.length, names: winners.join(", ") }) : r.end;
    const outcome = end ? end.outcome : s.seat >= 0 && (r.winners || []).includes(s.seat) ? "won" : winners.length ? "lost" : "draw";
    const again = this.life.endControls();
    this.els.end.className = `result-panel end outcome-${outcome}`;
    this.endHeadline = headline;
    return [
      h("h2", { dataset: { outcome } }, headline),
      (end ? end.lines : [mod.named ? mod.named(r.detail || "", s.seats) : r.detail]).filter(Boolean).map((l) => h("p", inline(l))),
      this.life.endNotes(),
      h("p.end-links", again, " ", analysable(s.game, s.options)
        ? [h("a.button.analysis-link", { href: `/replay/${this.tableID}?analysis=1` }, outcome === "lost" ? t("web.table.where-wrong") : t("web.table.analyse")), " "] : null,
      h("a.button", { href: `/replay/${this.tableID}` }, t("web.table.watch-replay")),
        " ", h("a.button", { href: `/api/tables/${this.tableID}/record`, download: "" }, t("web.table.download"))),
    ];
  }

  // showEnd scrolls the result into view (smoothly, unless the person
  // asked for reduced motion) and moves the focus there.
  showEnd() {
    const end = this.els.end;
    const smooth = !matchMedia("(prefers-reduced-motion: reduce)").matches;
    end.tabIndex = -1;
    end.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
    end.focus({ preventScroll: true });
  }

  // seatsPanel lists who sits where, with what a seat's state offers
  // (none of it at a lesson, only the names).
  seatsPanel(lesson) {
    const s = this.s;
    const p = s.presence;
    if (lesson) {
      return [h("h2", t("web.table.seats")), h("ul", s.seats.map((x, i) => h("li", { dataset: { seat: i } },
        seatName(s.seats, i), i === s.seat ? " " + t("web.table.you-mark") : "")))];
    }
    const list = s.seats.map((x, i) => h("li", { dataset: { seat: i } },
      seatName(s.seats, i), i === s.seat ? " " + t("web.table.you-mark") : "",
      x.kind === "bot" ? h("span.muted", " · ", botLabel(s.game, x.bot)) : null,
      x.kind === "human" && x.claimed === false ? h("span.muted", " · " + t("web.table.free-seat")) : null,
      x.kind === "human" && x.claimed === false && s.seat < 0 && this.claim && !s.result && x.open !== false
        ? h("button.small", { onclick: () => this.claim(i).catch((err) => this.fail(err)) }, t("web.table.take", { n: i + 1 })) : null,
      x.kind === "human" && x.claimed === false && !s.result && creatorToken(this.tableID)
        ? h("button.small", { onclick: () => this.toBot(i) }, t("web.table.give-to-bot", { n: i + 1 })) : null,
      x.connected === false && x.kind !== "bot" && x.claimed ? h("span.muted", " · " + t("web.table.away")) : null,
      this.life.seatExtras(i, x, !!creatorToken(this.tableID), (n) => this.toBot(n))));
    return [h("h2", t("web.table.seats")), h("ul", list),
      p && p.spectators ? h("p.muted", t("web.table.watchers", { count: p.spectators })) : null,
      invitesPanel(this.tableID, s.seats, s.game)];
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
}


// TABLE_ENDS are the ways a table ends a game before its rules do
// (record/ending.go): their result's detail says what happened, with names.
const TABLE_ENDS = new Set(["resigned", "timeout", "aborted", "agreed-draw", "abandoned"]);

function tableEnd(r, ctx) {
  const winners = (r.winners || []).map((i) => (i === ctx.seat ? t("web.you") : seatName(ctx.seats, i)));
  const headline = r.end === "aborted" ? t("web.table.called-off") : r.end === "agreed-draw" ? t("web.table.agreed-draw") : t("web.table.won", { names: opening(list(winners)) });
  // The detail (its message, in the reader's language) starts with a
  // name (marked: never capitalised) or, for an abort or an agreed draw,
  // with a word.
  const words = r.end === "aborted" || r.end === "agreed-draw";
  const said = r.detail_i18n ? say(r.detail_i18n, { seatName: (i) => seatName(ctx.seats, i) }) : r.detail;
  const detail = said ? t("web.analysis.sentence", { text: words ? sentence(said) : said }) : "";
  const outcome = ctx.seat < 0 ? "neutral" : (r.winners || []).includes(ctx.seat) ? "won" : winners.length ? "lost" : "draw";
  return { headline, lines: [detail], outcome };
}

// label turns an action left to the generic buttons into words.
function label(a) {
  const words = { done: t("web.table.action.done"), end: t("web.table.action.end"), yield: t("web.table.action.yield"), pass: t("web.table.action.pass"), flip: t("web.table.action.flip") };
  return words[a] || a;
}

function keyHint(a) {
  const keys = { done: "D", end: "E", yield: "Y", pass: "P", flip: "F" };
  return keys[a] ? [" ", h("kbd", { "aria-hidden": "true" }, keys[a])] : null;
}

// focusKey names the focused control so that it can be focused again once
// the page is redrawn (a keyboard player keeps their place).
function focusKey() {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  for (const k of ["action", "card", "focus"]) if (a.dataset && a.dataset[k]) return `[data-${k}="${CSS.escape(a.dataset[k])}"]`;
  return a.id ? `#${CSS.escape(a.id)}` : null;
}

function restoreFocus(sel) {
  if (!sel || (document.activeElement && document.activeElement !== document.body)) return;
  const el = document.querySelector(sel);
  if (el && !el.disabled) el.focus({ preventScroll: true });
}

// botLabel names a seat's bot by its level in the reader's language ("bot
// Standard"), or by what was asked for when that has no level (a spec the
// lobby does not offer), kept as typed.
function botLabel(game, spec) {
  const id = `web.bot.${game}.${String(spec || "").split(":")[0]}.level`;
  const level = t(id);
  if (level !== id) return t("web.table.bot", { name: level });
  return tNodes("web.table.bot", { name: h("span", { translate: "no" }, spec || "") });
}
