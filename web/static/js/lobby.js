// lobby.js is the lobby page: a display name, a form to create a table
// (game, its options with the values /api/games accepts, who sits in each
// seat) which then opens, and the open tables to join.

import { h, fill } from "./dom.js";
import * as api from "./lobby-api.js";
import { loadName, saveName, saveToken } from "./conn.js";
import * as accounts from "./account-lobby.js";
import { myGames } from "./mygames.js";
import { paceFields, paceSettings, paceLabel } from "./pace.js";

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const $ = (id) => document.getElementById(id);
let catalog = [];

function optionField(game, o) {
  const id = `opt-${o.key}`;
  let input;
  if (o.kind === "enum" || o.kind === "rank" || o.kind === "bool") {
    const values = o.kind === "bool" ? ["true", "false"] : o.kind === "rank" ? [...(o.words || []), ...RANKS] : o.values || [];
    input = h("select", { id, name: o.key }, values.map((v) => h("option", { value: v, selected: v === o.default }, v)));
  } else if (o.kind === "int" && /^-?\d+$/.test(o.default) && !(o.words || []).length) {
    input = h("input", { id, name: o.key, type: "number", value: o.default, min: o.min, max: o.max });
  } else {
    input = h("input", { id, name: o.key, value: o.default, size: 8 });
  }
  const accepts = game.accepts && game.accepts[o.key];
  return h("div.field", h("label", { for: id, title: o.help || "" }, o.key), input,
    h("small.muted", accepts || o.help || ""));
}

function seatRow(game, i) {
  const choices = [h("option", { value: "human" }, i === 0 ? "you" : "a person (invite link)")];
  for (const b of game.bots || []) choices.push(h("option", { value: "bot:" + b.name, title: b.help, selected: i > 0 && b.default }, `bot: ${b.name}${b.default ? " (default)" : ""}`));
  const settings = h("input.bot-settings", { id: `seat-${i}-settings`, "aria-label": `seat ${i + 1} bot settings`, placeholder: "bot settings, e.g. iterations=64", size: 24 });
  const select = h("select", { id: `seat-${i}`, name: `seat-${i}`, onchange: () => { settings.hidden = select.value === "human"; } }, choices);
  settings.hidden = select.value === "human";
  return h("li.field", h("label", { for: `seat-${i}` }, `Seat ${i + 1}`), h("span", select, " ", settings));
}

function drawForm() {
  const game = catalog.find((g) => g.name === $("game").value) || catalog[0];
  const players = game.options.find((o) => o.key === "players");
  const n = Number($("seats-n").value) || Number(players ? players.default : game.min_seats);
  fill($("seats-n"), range(game.min_seats, game.max_seats).map((k) => h("option", { value: k, selected: k === n }, String(k))));
  const count = Math.min(Math.max(n, game.min_seats), game.max_seats);
  fill($("seats"), range(0, count - 1).map((i) => seatRow(game, i)));
  fill($("options"), game.options.filter((o) => o.key !== "players").map((o) => optionField(game, o)));
}

function range(a, b) {
  const out = [];
  for (let i = a; i <= b; i++) out.push(i);
  return out;
}

async function create(e) {
  e.preventDefault();
  const game = catalog.find((g) => g.name === $("game").value);
  const name = $("name").value.trim();
  saveName(name);
  const options = {};
  for (const o of game.options) {
    const el = $(`opt-${o.key}`);
    if (el && el.value !== o.default) options[o.key] = el.value;
  }
  const seats = [...$("seats").querySelectorAll("select")].map((sel) => {
    if (sel.value === "human") return { kind: "human" };
    const settings = $(`${sel.id}-settings`).value.trim();
    return { kind: "bot", bot: sel.value.slice(4) + (settings ? ":" + settings : "") };
  });
  const err = $("create-error");
  err.textContent = "";
  try {
    const created = await api.createTable({ game: game.name, options, seats, name, listed: $("listed").checked, settings: paceSettings() || undefined, ...accounts.createExtras() });
    // The table opens at once; its page shows the creator the invite and
    // spectator links.
    location.href = `/t/${created.id}`;
  } catch (ex) {
    err.textContent = ex.message;
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

function tableRow(t, open) {
  const seats = t.seats.map((s, i) => (s.kind === "bot" ? `bot ${s.bot || s.name}` : s.claimed ? s.name : `seat ${i + 1} free`)).join(", ");
  return h("li", { dataset: { table: t.id } },
    h("strong", t.title || t.game), accounts.mark(t), " ", paceLabel(t.settings), " ", h("span.muted", seats), " ",
    open ? (t.free || []).map((i) => h("button.small", { onclick: () => join(t, i) }, `Join as seat ${i + 1}`)) : null,
    " ", h("a", { href: `/t/${t.id}` }, open ? "watch" : "table"),
    t.finished ? [" · ", h("a", { href: `/replay/${t.id}` }, "replay")] : null);
}

async function refresh() {
  try {
    const open = await api.openTables(accounts.openQuery());
    fill($("open"), open.length ? open.map((t) => tableRow(t, true)) : h("li.muted", "No open tables: create one."));
    const recent = (await api.recentTables()).filter((t) => t.finished);
    fill($("recent"), recent.length ? recent.map((t) => tableRow(t, false)) : h("li.muted", "No finished games yet."));
    $("open-error").textContent = "";
  } catch (ex) {
    $("open-error").textContent = ex.message;
  }
}

async function main() {
  $("name").value = loadName();
  $("name").addEventListener("input", () => saveName($("name").value.trim()));
  try {
    catalog = await api.games();
  } catch (ex) {
    $("create-error").textContent = ex.message;
    return;
  }
  fill($("game"), catalog.map((g) => h("option", { value: g.name }, g.title)));
  $("game").addEventListener("change", () => { $("seats-n").value = ""; drawForm(); });
  $("seats-n").addEventListener("change", drawForm);
  $("create").addEventListener("submit", create);
  fill($("pace-box"), paceFields());
  drawForm();
  await accounts.mount(refresh);
  refresh();
  setInterval(refresh, 5000);
  myGames($("mine"));
  setInterval(() => myGames($("mine")), 15000);
}

main();
