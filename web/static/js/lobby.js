// lobby.js is the lobby page: a display name, a form to create a table
// (game, a preset of a known variant, who sits in each seat, the game's
// options each with its meaning in words) which then opens, and the open
// tables to join. Seats are numbered from 1 for people; Regicide's `first`
// option, which counts seats from 0 in the engine and in records, is shown
// as seat 1..N and sent as the engine's value.

import { h, fill } from "./dom.js";
import * as api from "./lobby-api.js";
import { loadName, saveName, saveToken } from "./conn.js";
import { PRESETS, words, valueWords, optionSummary } from "./options.js";
import "./settings.js";
import * as accounts from "./account-lobby.js";
import { myGames } from "./mygames.js";
import { paceFields, paceSettings, paceLabel } from "./pace.js";

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const $ = (id) => document.getElementById(id);
let catalog = [];

const game = () => catalog.find((g) => g.name === $("game").value) || catalog[0];
// choices are the values an option's control offers, as [value, text].
function choices(g, o, players) {
  const w = words(g, o.key);
  if (w.seat) return [["random", "random"], ...range(0, players - 1).map((i) => [String(i), `seat ${i + 1}`])];
  if (o.kind === "bool") return ["false", "true"].map((v) => [v, valueWords(g, o, v)]);
  if (o.kind === "enum") return o.values.map((v) => [v, valueWords(g, o, v)]);
  if (o.kind === "rank") return [...(o.words || []), ...RANKS].map((v) => [v, v === "off" ? "off" : v]);
  return null;
}

function optionField(g, o, players, value) {
  const id = `opt-${o.key}`;
  const w = words(g, o.key);
  const list = choices(g, o, players);
  const describe = () => h("span", valueWords(g, o, input.value), input.value === o.default ? "" : h("strong.changed-mark", " — changed"));
  let input;
  if (list) {
    input = h("select", { id, name: o.key, "aria-describedby": `${id}-words` }, list.map(([v, t]) => h("option", { value: v, selected: v === value }, t)));
  } else if (o.kind === "int" && /^-?\d+$/.test(o.default)) {
    input = h("input", { id, name: o.key, type: "number", value, min: o.min, max: o.max, "aria-describedby": `${id}-words` });
  } else {
    input = h("input", { id, name: o.key, value, size: 8, "aria-describedby": `${id}-words` });
  }
  const now = h("span.option-now", describe());
  input.addEventListener("change", () => { fill(now, describe()); markPreset(); });
  input.addEventListener("input", () => fill(now, describe()));
  return h("div.option", { dataset: { option: o.key } },
    h("label", { for: id }, w.label || o.key),
    input,
    h("p.option-words", { id: `${id}-words` }, w.about || o.help, " ", now, h("span.muted", ` Usual: ${valueWords(g, o, o.default)}.`)));
}

function seatRow(g, i) {
  const kinds = i === 0 ? [h("option", { value: "human" }, "you")] : [
    h("option", { value: "friend" }, "a friend (with an invite link)"),
    h("option", { value: "open" }, "anyone in the lobby"),
  ];
  for (const b of g.bots || []) kinds.push(h("option", { value: "bot:" + b.name, selected: i > 0 && b.default }, `bot: ${b.name}${b.default ? " (usual)" : ""}`));
  const settings = h("input.bot-settings", { id: `seat-${i}-settings`, "aria-label": `seat ${i + 1} bot settings`, placeholder: "bot settings, e.g. iterations=64", size: 24 });
  const help = h("small.muted.bot-help");
  const select = h("select", { id: `seat-${i}`, name: `seat-${i}`, onchange: () => sync() }, kinds);
  const sync = () => {
    settings.hidden = !select.value.startsWith("bot:");
    const b = (g.bots || []).find((x) => "bot:" + x.name === select.value);
    help.textContent = b ? b.help : select.value === "friend" ? "Only the friend you send the link to can take it." : select.value === "open" ? "Anyone in the lobby may take it." : "";
  };
  sync();
  return h("li.field", h("label", { for: `seat-${i}` }, `Seat ${i + 1}`), h("span", select, " ", settings, help));
}

// drawForm draws the form for the chosen game: players, presets, seats and
// options (keep: the options as they are, for a change of players).
function drawForm(keep) {
  const g = game();
  const players = g.options.find((o) => o.key === "players");
  const n = Number($("seats-n").value) || Number(players ? players.default : g.min_seats);
  fill($("seats-n"), range(g.min_seats, g.max_seats).map((k) => h("option", { value: k, selected: k === n }, String(k))));
  const count = Math.min(Math.max(n, g.min_seats), g.max_seats);
  const before = keep ? current(g) : {};
  fill($("seats"), range(0, count - 1).map((i) => seatRow(g, i)));
  fill($("options"), g.options.filter((o) => o.key !== "players").map((o) => {
    let v = before[o.key] ?? o.default;
    if (words(g, o.key).seat && v !== "random" && Number(v) >= count) v = "random";
    return optionField(g, o, count, v);
  }));
  fill($("rules-link"), h("a", { href: `/rules/${g.name}`, target: "_blank", rel: "noopener" }, `How to play ${g.title}: the rules`));
  fill($("presets"), (PRESETS[g.name] || []).map((p) => h("button.small.preset", { type: "button", "aria-pressed": "false", onclick: () => preset(p) }, p.name)));
  markPreset();
}

// current is the options as the form has them.
function current(g) {
  const out = {};
  for (const o of g.options) {
    const el = $(`opt-${o.key}`);
    if (el) out[o.key] = el.value;
  }
  return out;
}

// preset sets a known variant: its options, the others at their defaults.
function preset(p) {
  if (p.players) $("seats-n").value = String(p.players);
  drawForm(false);
  for (const [k, v] of Object.entries(p.options)) {
    const el = $(`opt-${k}`);
    if (el) { el.value = v; el.dispatchEvent(new Event("change")); }
  }
  markPreset();
}

// markPreset presses the preset the form matches, if any.
function markPreset() {
  const g = game();
  const now = current(g);
  const n = Number($("seats-n").value);
  const buttons = [...$("presets").querySelectorAll("button")];
  (PRESETS[g.name] || []).forEach((p, i) => {
    const same = g.options.every((o) => o.key === "players" || (now[o.key] ?? o.default) === (p.options[o.key] ?? o.default)) && (!p.players || p.players === n);
    if (buttons[i]) buttons[i].setAttribute("aria-pressed", String(same));
  });
}

function range(a, b) {
  const out = [];
  for (let i = a; i <= b; i++) out.push(i);
  return out;
}

async function create(e) {
  e.preventDefault();
  const g = game();
  const name = $("name").value.trim();
  saveName(name);
  const options = {};
  for (const o of g.options) {
    const el = $(`opt-${o.key}`);
    if (el && el.value !== o.default) options[o.key] = el.value;
  }
  const picked = [];
  const seats = [...$("seats").querySelectorAll("select")].map((sel, i) => {
    if (sel.value === "human") return { kind: "human" };
    if (sel.value === "friend") return { kind: "human", open: false };
    if (sel.value === "open") return { kind: "human", open: true };
    const settings = $(`${sel.id}-settings`).value.trim();
    picked[i] = sel.value.slice(4) + (settings ? ":" + settings : "");
    return { kind: "bot", bot: picked[i] };
  });
  const err = $("create-error");
  err.textContent = "";
  try {
    const created = await api.createTable({ game: g.name, options, seats, name, listed: $("listed").checked, settings: paceSettings() || undefined, ...accounts.createExtras() });
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

function tableRow(t, open) {
  const seats = t.seats.map((s, i) => (s.kind === "bot" ? `bot ${s.bot || s.name}` : s.claimed ? s.name : s.open ? `seat ${i + 1} free` : `seat ${i + 1} kept for a friend`)).join(", ");
  const summary = optionSummary(catalog.find((x) => x.name === t.game), t.options);
  return h("li", { dataset: { table: t.id } },
    h("strong", t.title || t.game), accounts.mark(t), " ", paceLabel(t.settings), " ", h("span.muted", seats), summary ? h("span.table-options", ` — ${summary}`) : null, " ",
    open ? (t.open || []).map((i) => h("button.small", { onclick: () => join(t, i), "aria-label": `Join as seat ${i + 1} of ${t.title || t.game}` }, `Join as seat ${i + 1}`)) : null,
    " ", h("a", { href: `/t/${t.id}` }, open ? "watch" : "table"),
    t.finished ? [" · ", h("a", { href: `/replay/${t.id}` }, "replay")] : null);
}

async function refresh() {
  if (!$("open")) return; // the page was replaced (a test drawing a table)
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
  fill($("rules-nav"), "Rules: ", catalog.map((g, i) => [i ? " · " : "", h("a", { href: `/rules/${g.name}` }, g.title)]));
  $("game").addEventListener("change", () => { $("seats-n").value = ""; drawForm(false); });
  $("seats-n").addEventListener("change", () => drawForm(true));
  $("create").addEventListener("submit", create);
  fill($("pace-box"), paceFields());
  drawForm(false);
  await accounts.mount(refresh);
  refresh();
  setInterval(refresh, 5000);
  myGames($("mine"));
  setInterval(() => myGames($("mine")), 15000);
}

main();
