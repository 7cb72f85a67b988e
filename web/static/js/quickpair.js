// quickpair.js is the lobby's "play now" grid (docs/pairing.md): one tap
// on a cell asks the server for that game; the panel then shows the wait
// (with a cancel) until the server seats the player — at a table with
// people, or with bots once the chosen wait is over — and goes to the
// table. Every word is a message (web.pairing.*).

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { saveToken } from "./conn.js";
import { call } from "./call.js";

// gameTitle is the message id of a game's name.
const gameTitle = (game) => "game." + game + ".title";

const panel = document.getElementById("quick-pair");

// timeText writes seconds as the grid does: "20 s", "1 min", "2 min",
// "75 s".
function timeText(s) {
  return s >= 60 && s % 60 === 0 ? t("web.pairing.minutes", { n: s / 60 }) : t("web.pairing.seconds", { n: s });
}

function clockSeconds(clock) {
  const m = /^(\d+)(s|m)$/.exec(clock);
  return m ? Number(m[1]) * (m[2] === "m" ? 60 : 1) : 0;
}

// cellLabel is a grid choice in words: its game, players and clock (the
// profile's challenge names its choices so too).
export function cellLabel(c) {
  const game = c.game === "war" && c.preset === "slap" ? t("web.pairing.slap-war") : t(gameTitle(c.game));
  return [game, t("web.pairing.players", { count: c.seats }),
    t("web.pairing.per-move", { time: timeText(clockSeconds(c.clock)) })];
}

const state = { grid: null, user: null, waiting: null };

function controls(g) {
  const wait = h("select#qp-wait", { name: "wait" }, g.waits.map((s) =>
    h("option", { value: s, selected: s === 30 }, s ? t("web.pairing.wait-bot", { time: timeText(s) }) : t("web.pairing.wait-never"))));
  const row = [h("label.qp-control", h("span", t("web.pairing.wait-label")), wait)];
  if (state.user) {
    row.push(h("label.qp-control.qp-check", h("input#qp-rated", { type: "checkbox" }), h("span", t("web.pairing.rated"))));
    row.push(h("label.qp-control", h("span", t("web.pairing.range-label")),
      h("select#qp-range", g.ranges.map((n) => h("option", { value: n }, n ? t("web.pairing.range", { n }) : t("web.pairing.range-any"))))));
  }
  return h("div.qp-controls", row);
}

function showGrid() {
  const g = state.grid;
  const cells = g.grid.map((c) => {
    const [game, players, clock] = cellLabel(c);
    return h("button.qp-cell", { type: "button", dataset: { choice: c.id }, onclick: () => ask(c) },
      h("span.qp-game", game), h("span.qp-what", players + " · " + timeText(clockSeconds(c.clock))),
      h("span.qp-count", { dataset: { waiting: c.waiting } }, c.waiting ? t("web.pairing.waiting-count", { count: c.waiting }) : "\u00a0"));
  });
  fill(panel,
    h("div.panel-head", h("h2#quick-title", t("web.pairing.title")), h("p.muted.qp-intro", t("web.pairing.intro"))),
    controls(g),
    h("div.qp-grid", { role: "group", "aria-labelledby": "quick-title" }, cells),
    h("p#qp-error.error", { role: "alert" }));
}

async function refreshCounts() {
  if (state.waiting) return;
  try {
    const g = await call("GET", "/api/pairing");
    for (const c of g.grid) {
      const el = panel.querySelector("[data-choice=\"" + c.id + "\"] .qp-count");
      if (el) {
        el.dataset.waiting = c.waiting;
        el.textContent = c.waiting ? t("web.pairing.waiting-count", { count: c.waiting }) : "\u00a0";
      }
    }
  } catch { /* the counts wait for the next refresh */ }
}

async function ask(c) {
  const body = { choice: c.id, wait: Number(panel.querySelector("#qp-wait").value) };
  const rated = panel.querySelector("#qp-rated");
  if (rated && rated.checked && c.rateable) body.rated = true;
  const range = panel.querySelector("#qp-range");
  if (range && Number(range.value)) body.range = Number(range.value);
  try {
    const r = await call("POST", "/api/pairing", body);
    state.waiting = { id: r.id, choice: c, since: Date.now() };
    showWaiting();
    poll();
  } catch (ex) {
    panel.querySelector("#qp-error").textContent = ex.message;
  }
}

function showWaiting() {
  const w = state.waiting;
  const [game, players, clock] = cellLabel(w.choice);
  fill(panel,
    h("div.panel-head", h("h2#quick-title", t("web.pairing.title"))),
    h("div.qp-waiting", { role: "status", "aria-live": "polite" },
      h("p.qp-looking", t("web.pairing.looking", { choice: [game, players, clock].join(", ") })),
      h("p#qp-waited.muted", t("web.pairing.waited", { time: timeText(0) }))),
    h("button#qp-cancel", { type: "button", onclick: cancel }, t("web.pairing.cancel")),
    h("p#qp-error.error", { role: "alert" }));
}

async function poll() {
  while (state.waiting) {
    const w = state.waiting;
    let out;
    try {
      out = await call("GET", "/api/pairing/" + encodeURIComponent(w.id) + "?wait=20");
    } catch (ex) {
      done(ex.message);
      return;
    }
    if (state.waiting !== w) return;
    const waited = panel.querySelector("#qp-waited");
    if (waited) waited.textContent = t("web.pairing.waited", { time: timeText(Math.round(out.waited_ms / 1000)) });
    if (out.status === "paired") {
      saveToken(out.table, out.token);
      fill(panel, h("p.qp-found", { role: "status" }, t("web.pairing.found")));
      location.href = "/t/" + encodeURIComponent(out.table);
      return;
    }
    if (out.status !== "waiting") {
      done(out.status === "dropped" ? t("web.pairing.dropped") : out.status === "failed" ? t("web.pairing.failed") : t("web.pairing.cancelled"));
      return;
    }
  }
}

async function cancel() {
  const w = state.waiting;
  if (!w) return;
  try {
    const out = await call("DELETE", "/api/pairing/" + encodeURIComponent(w.id));
    if (out.status === "paired") return; // the poll takes the player to the table
  } catch { /* it ended already */ }
  done(t("web.pairing.cancelled"));
}

function done(message) {
  state.waiting = null;
  showGrid();
  panel.querySelector("#qp-error").textContent = message;
}

// tick shows the time waited between polls.
function tick() {
  const w = state.waiting;
  const el = w && panel.querySelector("#qp-waited");
  if (el) el.textContent = t("web.pairing.waited", { time: timeText(Math.round((Date.now() - w.since) / 1000)) });
}

async function start() {
  if (!panel) return;
  try {
    const [grid, me] = await Promise.all([call("GET", "/api/pairing"), call("GET", "/api/account").catch(() => null)]);
    state.grid = grid;
    state.user = me && me.user;
  } catch (ex) {
    fill(panel, h("p.error", ex.message));
    return;
  }
  showGrid();
  setInterval(refreshCounts, 5000);
  setInterval(tick, 1000);
}

start();
