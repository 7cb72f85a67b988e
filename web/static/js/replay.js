// replay.js is the replay page /replay/{id}: a finished game step by step.
// Each step is fetched from the server with every seat's view (all hands
// may be shown once the game is over) and drawn by the game's module, as
// the spectator saw it or as any seat saw it.

import { h, fill, seatName, named, useBotWords } from "./dom.js";
import { BOTS } from "./options.js";
import * as api from "./lobby-api.js";
import { card, inline } from "./cards.js";
import "./settings.js";
import * as war from "./war.js";
import * as regicide from "./regicide.js";
import * as watchtower from "./watchtower.js";
import { analysisPanel, analysable } from "./analysis.js";
import { replayEvents } from "./chat.js";
import { t, tNodes, say, gameTitle } from "./i18n.js";

const MODULES = { war, regicide, watchtower };
const id = decodeURIComponent(location.pathname.split("/")[2] || "");
const root = document.getElementById("app");
const cache = new Map();
let info = null;
let step = 0;
let viewer = -1;
let timer = null;
let analysis = null;

// settled holds the spectator's view of each step loaded, for sentences
// that compare a step with the one before.
const settled = new Map();

async function load(n) {
  if (!cache.has(n)) cache.set(n, api.replayStep(id, n).then((d) => { settled.set(n, d.spectator); return d; }));
  return cache.get(n);
}

async function go(n) {
  step = Math.max(0, Math.min(info.steps, n));
  const at = step;
  const data = await load(at);
  if (at !== step) return;
  draw(data);
  history.replaceState(null, "", `#step=${step}`);
  if (step < info.steps) load(step + 1);
}

function draw(data) {
  const mod = MODULES[info.game];
  const view = viewer < 0 ? data.spectator : data.views[viewer];
  const ctx = { seat: viewer, seats: info.seats, options: info.options || {}, legal: [], ui: {}, fresh: true, act() {}, hint() {}, rerender() {} };
  const { board } = mod.render(view, ctx);
  if (mod.privateCards) board.append(allHands(mod, data));
  const before = step > 0 && cache.has(step - 1) ? settled.get(step - 1) : null;
  const who = data.actor === undefined || data.actor === null || step === 0 ? t("web.replay.the-deal") : sentence(mod, data.actor, data.action, before, data.spectator);
  const better = analysis && analysis.note(step);
  fill(document.getElementById("board"), better, board);
  fill(document.getElementById("step"), t("web.replay.step", { step, steps: info.steps }), " ", inline(who));
  fill(document.getElementById("events"), replayEvents(info.events, step, info.seats));
  document.getElementById("slider").value = step;
  for (const li of document.querySelectorAll("#actions li")) li.classList.toggle("current", Number(li.dataset.step) === step);
  const cur = document.querySelector("#actions li.current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
  if (analysis) analysis.show(step);
}

// sentence writes an action as a sentence (the game module's describe),
// with what it led to when the views before and after it are at hand.
function sentence(mod, seat, action, before, after) {
  const ctx = { seats: info.seats, seat: -1, options: info.options || {} };
  return mod.describe ? mod.describe(seat, action, before, after, ctx) : `${seatName(info.seats, seat)}: ${action}`;
}

// allHands shows every seat's hidden cards at this step: the game is over,
// so all hands may be shown.
function allHands(mod, data) {
  const rows = data.views.map((v, i) => h("li", h("strong", seatName(info.seats, i)), " ",
    mod.privateCards(v, i).map((c) => card(c, { jokerName: "jester" }))));
  return h("section.all-hands", h("h3", t("web.replay.every-hand")), h("ul", rows));
}

function play() {
  if (timer) { clearInterval(timer); timer = null; }
  else timer = setInterval(() => (step >= info.steps ? play() : go(step + 1)), 700);
  document.getElementById("play").textContent = timer ? t("web.replay.pause") : t("web.replay.play");
}

function controls() {
  const btn = (text, fn, key) => h("button", { onclick: fn, "aria-keyshortcuts": key }, text);
  const seats = [h("option", { value: -1 }, t("web.replay.spectator")), ...info.seats.map((s, i) => h("option", { value: i }, seatName(info.seats, i)))];
  return h("div.replay-controls",
    btn(t("web.replay.first"), () => go(0), "Home"), btn(t("web.replay.back"), () => go(step - 1), "ArrowLeft"),
    h("button#play", { onclick: play }, t("web.replay.play")),
    btn(t("web.replay.next"), () => go(step + 1), "ArrowRight"), btn(t("web.replay.last"), () => go(info.steps), "End"),
    h("input#slider", { type: "range", min: 0, max: info.steps, value: 0, "aria-label": t("web.replay.slider"), oninput: (e) => go(Number(e.target.value)) }),
    h("label", { for: "viewer" }, " ", t("web.replay.seen-by"), " "),
    h("select#viewer", { onchange: (e) => { viewer = Number(e.target.value); go(step); } }, seats),
    " ", h("a.button", { href: `/api/tables/${encodeURIComponent(id)}/record`, download: "" }, t("web.replay.download")));
}

async function main() {
  try {
    info = await api.replayInfo(id);
    useBotWords(BOTS[info.game]);
  } catch (ex) {
    fill(root, h("p.error", { role: "alert" }, ex.message), h("p", h("a", { href: `/t/${id}` }, t("web.replay.back-to-table"))));
    return;
  }
  const mod = MODULES[info.game];
  const title = gameTitle(info.game);
  document.title = t("web.replay.title", { game: title });
  const actions = info.actions.map((a, i) => h("li", { dataset: { step: i + 1 } },
    h("button.link-button", { onclick: () => go(i + 1) }, inline(sentence(mod, a.seat, a.action, null, null)))));
  fill(root,
    h("header.table-header", h("a.home", { href: "/", translate: "no" }, "cardtable"), h("h1", t("web.replay.heading", { game: title })),
      h("a.header-link", { href: `/rules/${info.game}?table=${encodeURIComponent(id)}` }, t("web.replay.rules", { game: title })),
      h("span.replay-result", info.result ? capital(ending(info.result)) : "")),
    controls(),
    h("p#step.status-line", { "aria-live": "polite" }),
    h("div.table-layout", h("section#board.board", { "aria-label": t("web.replay.board-label") }), h("aside.side", h("section.log", h("h2", t("web.replay.actions")), h("ol#actions.log-lines", { "aria-label": t("web.replay.actions-label") }, actions)), h("div#events"))));
  if (analysable(info.game, info.options || {})) openAnalysis(mod);
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    const keys = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: info.steps };
    if (e.key in keys) { e.preventDefault(); go(keys[e.key]); }
  });
  const m = /step=(\d+)/.exec(location.hash);
  go(m ? Number(m[1]) : 0);
}

// openAnalysis adds the analysis panel under the board (for a game with
// decisions to appraise only: none is asked for a game that has none).
function openAnalysis(mod) {
  analysis = analysisPanel(id, info, go, (seat, action, who) => {
    const seats = who ? info.seats.map((s, i) => (i === seat ? { ...s, name: who } : s)) : info.seats;
    const ctx = { seats, seat: -1, options: info.options || {} };
    const text = mod.describe ? mod.describe(seat, action, null, null, ctx) : `${seatName(seats, seat)}: ${action}`;
    return text.replace(/[.։]$/, "");
  }, (n, seat) => {
    viewer = seat;
    document.getElementById("viewer").value = String(seat);
    go(n);
  }, (seat, action) => (mod.imperative ? mod.imperative(action, { seats: info.seats, seat, options: info.options || {} }) : action));
  // At each mark the list of actions names the better move too.
  analysis.loaded(() => {
    const notes = analysis.notes();
    for (const li of document.querySelectorAll("#actions li")) {
      const n = notes.get(Number(li.dataset.step));
      if (!n || li.querySelector(".mark-note")) continue;
      li.append(h("span.mark-note", ` — ${n.what}`, n.better ? [": ", tNodes("web.replay.better", { better: inline(n.better) })] : ""));
    }
    if (info) go(step);
  });
  document.getElementById("board").after(analysis.el);
  // ?analysis=1 (the analysis links of profiles and the daily page) opens
  // the page at its analysis.
  if (new URLSearchParams(location.search).get("analysis") === "1") analysis.open();
}

// ending says how the game ended: its message (detail_i18n) in the
// reader's language, else the English detail with the seats named.
function ending(r) {
  if (r.detail_i18n) return say(r.detail_i18n, { seatName: (i) => seatName(info.seats, i) });
  return named(r.detail || r.end, info.seats);
}

function capital(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

main();
