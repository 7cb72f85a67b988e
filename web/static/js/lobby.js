// lobby.js is the lobby page: the form to create a table (js/lobby-form.js:
// the game, a preset, who sits where, the clock, listed or private, More
// options) which then opens; my games (js/mygames.js); the open tables to
// join, and the finished games with their replays. The page is laid out by
// lobby.css: on a laptop the form beside my games and the open tables, on
// a phone the form first.

import { h, fill, seatName, useBotWords } from "./dom.js";
import * as api from "./lobby-api.js";
import { loadName, saveName, saveToken } from "./conn.js";
import { optionSummary, BOTS } from "./options.js";
import "./settings.js";
import * as accounts from "./account-lobby.js";
import { myGames } from "./mygames.js";
import { paceFields, paceSettings, paceLabel } from "./pace.js";
import { mountForm, request } from "./lobby-form.js";
import { t, gameTitle } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let catalog = [];

async function create(e) {
  e.preventDefault();
  const name = $("name").value.trim();
  saveName(name);
  const { picked, ...req } = request();
  const err = $("create-error");
  err.textContent = "";
  try {
    const created = await api.createTable({ ...req, name, settings: paceSettings() || undefined, ...accounts.createExtras() });
    // The table opens at once; its page shows the creator the invite and
    // spectator links.
    location.href = `/t/${created.id}`;
  } catch (ex) {
    // The server names seats from 0 (seats[1]); a person reads seat 2 and
    // the bot they picked.
    err.textContent = ex.message.replace(/seats\[(\d+)\]/g, (all, i) => picked[i] ? t("web.lobby.seat-bot", { n: Number(i) + 1, bot: picked[i] }) : t("web.seat.n", { n: Number(i) + 1 }));
  }
}

async function join(t, seat) {
  try {
    const res = await api.claimSeat(t.id, seat, { name: $("name").value.trim() });
    saveToken(t.id, res.token);
    saveName($("name").value.trim());
    location.href = `/t/${t.id}`;
  } catch (ex) {
    $("open-error").textContent = ex.message;
  }
}

// tableRow is a listed table: its game and what differs from the usual,
// its clock and rated mark, its seats, and what may be done (join a seat
// open to anyone, watch, replay).
function tableRow(tb, open) {
  useBotWords(BOTS[tb.game]);
  const seats = tb.seats.map((s, i) => (s.kind === "bot" ? seatName(tb.seats, i)
    : s.claimed ? h("span", { translate: "no" }, seatName(tb.seats, i)) // a name a person chose
      : s.open ? t("web.lobby.seat-free", { n: i + 1 }) : t("web.lobby.seat-kept", { n: i + 1 })));
  const summary = optionSummary(catalog.find((x) => x.name === tb.game), tb.options);
  const title = gameTitle(tb.game);
  return h("li", { dataset: { table: tb.id } },
    h("span.table-what", h("strong", title), accounts.mark(tb), " ", paceLabel(tb.settings), summary ? h("span.table-options", ` ${summary}`) : null,
      tb.finished ? [" · ", h("span.table-result", resultWords(tb))] : null),
    h("span.table-seats.muted", seats.flatMap((s, i) => (i ? [", ", s] : [s]))),
    h("span.table-actions",
      open ? (tb.open || []).map((i) => h("button.small", { onclick: () => join(tb, i), "aria-label": t("web.lobby.join-label", { n: i + 1, game: title }) }, t("web.lobby.join", { n: i + 1 }))) : null,
      h("a", { href: `/t/${tb.id}` }, open ? t("web.lobby.watch") : t("web.lobby.table")),
      tb.finished ? h("a", { href: `/replay/${tb.id}` }, t("web.lobby.replay")) : null));
}

// resultWords is a finished table's result for anyone: who won, or how
// it ended without a winner.
function resultWords(tb) {
  const r = tb.result || {};
  const winners = (r.winners || []).map((i) => seatName(tb.seats, i));
  if (winners.length) return t("web.table.winners", { count: winners.length, names: winners.join(", ") });
  if (r.end === "aborted") return t("web.table.called-off");
  if (r.end === "agreed-draw") return t("web.table.agreed-draw");
  return tb.game === "regicide" ? t("web.lobby.result.castle") : t("web.lobby.result.none");
}

async function refresh() {
  if (!$("open")) return; // the page was replaced (a test drawing a table)
  try {
    const open = await api.openTables(accounts.openQuery());
    fill($("open"), open.length ? open.map((tb) => tableRow(tb, true)) : h("li.muted.empty", t("web.lobby.no-open")));
    const recent = (await api.recentTables()).filter((tb) => tb.finished);
    fill($("recent"), recent.length ? recent.map((tb) => tableRow(tb, false)) : h("li.muted.empty", t("web.lobby.no-finished")));
    $("open-error").textContent = "";
  } catch (ex) {
    $("open-error").textContent = ex.message;
  }
}

async function main() {
  $("name").value = loadName();
  $("name").addEventListener("input", () => saveName($("name").value.trim()));
  fill($("pace-box"), paceFields());
  try {
    catalog = await api.games();
  } catch (ex) {
    $("create-error").textContent = ex.message;
    return;
  }
  mountForm(catalog);
  $("create").addEventListener("submit", create);
  await accounts.mount(refresh);
  // The rated box (accounts) goes above the action bar, not into it.
  const rated = $("rated-field");
  if (rated) $("rated-slot").append(rated);
  refresh();
  setInterval(refresh, 5000);
  myGames($("mine"));
  setInterval(() => myGames($("mine")), 15000);
}

main();
