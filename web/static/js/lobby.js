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
    err.textContent = ex.message.replace(/seats\[(\d+)\]/g, (all, i) => `Seat ${Number(i) + 1}${picked[i] ? ` (bot ${picked[i]})` : ""}`);
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
function tableRow(t, open) {
  useBotWords(BOTS[t.game]);
  const seats = t.seats.map((s, i) => (s.kind === "bot" || s.claimed ? seatName(t.seats, i) : s.open ? `Seat ${i + 1} free` : `Seat ${i + 1} kept for a friend`)).join(", ");
  const summary = optionSummary(catalog.find((x) => x.name === t.game), t.options);
  const title = t.title || t.game;
  return h("li", { dataset: { table: t.id } },
    h("span.table-what", h("strong", title), accounts.mark(t), " ", paceLabel(t.settings), summary ? h("span.table-options", ` ${summary}`) : null),
    h("span.table-seats.muted", seats),
    h("span.table-actions",
      open ? (t.open || []).map((i) => h("button.small", { onclick: () => join(t, i), "aria-label": `Join as seat ${i + 1} of ${title}` }, `Join as seat ${i + 1}`)) : null,
      h("a", { href: `/t/${t.id}` }, open ? "watch" : "table"),
      t.finished ? h("a", { href: `/replay/${t.id}` }, "replay") : null));
}

async function refresh() {
  if (!$("open")) return; // the page was replaced (a test drawing a table)
  try {
    const open = await api.openTables(accounts.openQuery());
    fill($("open"), open.length ? open.map((t) => tableRow(t, true)) : h("li.muted.empty", "No open tables right now. Create one, with a seat for “Anyone in the lobby”."));
    const recent = (await api.recentTables()).filter((t) => t.finished);
    fill($("recent"), recent.length ? recent.map((t) => tableRow(t, false)) : h("li.muted.empty", "No finished games yet."));
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
