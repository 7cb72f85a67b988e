// lobby-form.js is the lobby's "Create a table" form. It leads with the
// choices that matter — the game (three cards with a pitch and the seats
// each takes), a preset of a known variant, who sits in each seat (you, a
// friend by link, anyone, or a bot by its level), the clock, listed or
// private — and keeps the rest behind "More options": every option of the
// game in words with its usual value, and the bots' raw settings. That
// disclosure opens by itself whenever the form holds a value that is not
// the usual one, so nothing chosen is hidden. Seats are numbered from 1;
// Regicide's `first`, which counts seats from 0 in the engine and in
// records, reads seat 1..N and is sent as the engine's value.
//
// The ids are the form's interface (tests and account-lobby.js read them):
// #game (a hidden select the game cards drive), #seats-n, #seat-N (human,
// friend, open or bot:NAME), #seat-N-settings, #opt-KEY, #listed.

import { h, fill } from "./dom.js";
import { GAMES, PRESETS, BOTS, words, valueWords, botWords, shown } from "./options.js";
import { paceLabel, paceSettings } from "./pace.js";
import { t, gameTitle } from "./i18n.js";

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const $ = (id) => document.getElementById(id);
let catalog = [];
let wasChanged = 0; // options changed at the last refresh

export const game = () => catalog.find((g) => g.name === $("game").value) || catalog[0];
const count = () => $("seats").children.length;
const range = (a, b) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
const seatsText = (g) => (g.min_seats === g.max_seats ? t("web.lobby.players", { count: g.min_seats }) : t("web.lobby.players-range", { min: g.min_seats, max: g.max_seats }));
const bots = (g) => [...(g.bots || [])].sort((a, b) => botWords(g, a).rank - botWords(g, b).rank);

// playersByPreset says whether g's presets are its player counts (each sets
// players, and every count has one): then they replace the Players select.
function playersByPreset(g) {
  const ps = PRESETS[g.name] || [];
  return ps.length > 0 && ps.every((p) => p.players) && range(g.min_seats, g.max_seats).every((n) => ps.some((p) => p.players === n));
}

// mountForm draws the form for the games of the catalog and keeps it in
// step with every change.
export function mountForm(games) {
  catalog = games;
  fill($("game"), catalog.map((g) => h("option", { value: g.name }, gameTitle(g.name))));
  fill($("game-cards"), catalog.map(gameCard));
  $("game").addEventListener("change", () => { $("seats-n").value = ""; drawForm(false); });
  $("seats-n").addEventListener("change", () => drawForm(true));
  const form = $("create");
  form.addEventListener("change", refresh);
  form.addEventListener("input", refresh);
  drawForm(false);
}

// gameCard is one game to choose: a radio named for the game, described
// by the seats it takes and its pitch.
function gameCard(g, i) {
  const id = `game-${g.name}`;
  const radio = h("input.visually-hidden", {
    type: "radio", name: "game-pick", id, value: g.name, checked: i === 0,
    "aria-labelledby": `${id}-name`, "aria-describedby": `${id}-seats ${id}-pitch`,
    onchange: () => {
      $("game").value = g.name;
      $("game").dispatchEvent(new Event("change", { bubbles: true }));
    },
  });
  return h("label.game-card", { for: id, dataset: { game: g.name } }, radio,
    h("span.game-name", { id: `${id}-name` }, gameTitle(g.name)),
    h("span.game-seats", { id: `${id}-seats` }, seatsText(g)),
    h("span.game-pitch", { id: `${id}-pitch` }, GAMES[g.name] || ""));
}

// drawForm draws the form for the chosen game: players, presets, seats and
// options (keep: the options and seats as they are, for a change of
// players).
export function drawForm(keep) {
  const g = game();
  for (const r of document.querySelectorAll("input[name=game-pick]")) r.checked = r.value === g.name;
  const players = g.options.find((o) => o.key === "players");
  const n = Number($("seats-n").value) || Number(players ? players.default : g.min_seats);
  const seats = Math.min(Math.max(n, g.min_seats), g.max_seats);
  fill($("seats-n"), range(g.min_seats, g.max_seats).map((k) => h("option", { value: k, selected: k === seats }, String(k))));
  $("players-row").hidden = playersByPreset(g);
  const before = keep ? current(g) : {};
  const kinds = keep ? [...$("seats").querySelectorAll("select")].map((s) => s.value) : [];
  const settings = keep ? range(0, count() - 1).map((i) => ($(`seat-${i}-settings`) || {}).value || "") : [];
  fill($("seats"), range(0, seats - 1).map((i) => seatRow(g, i, kinds[i])));
  fill($("bot-settings"), range(0, seats - 1).map((i) => botSettings(g, i, settings[i])));
  const field = (o) => {
    let v = before[o.key] ?? o.default;
    if (words(g, o.key).seat && v !== "random" && Number(v) >= seats) v = "random";
    return optionField(g, o, seats, v);
  };
  const rest = g.options.filter((o) => o.key !== "players");
  fill($("main-options"), rest.filter((o) => words(g, o.key).main).map(field));
  fill($("options"), rest.filter((o) => !words(g, o.key).main).map(field));
  fill($("rules-link"), h("a", { href: `/rules/${g.name}`, target: "_blank", rel: "noopener" }, t("web.lobby.how-to-play", { game: gameTitle(g.name) })),
    " · ", h("a.learn-link", { href: `/learn/${g.name}` }, t("web.lobby.learn", { game: gameTitle(g.name) })));
  $("presets-label").textContent = playersByPreset(g) ? t("web.lobby.players-label") : t("web.lobby.variant");
  fill($("presets"), (PRESETS[g.name] || []).map((p) => h("button.small.preset", { type: "button", "aria-pressed": "false", onclick: () => preset(p) }, p.name)));
  if (!keep) wasChanged = 0;
  refresh();
}

// choices are the values an option's control offers, as [value, text].
function choices(g, o, players) {
  const w = words(g, o.key);
  if (w.seat) return [["random", t("web.option.seat.random")], ...range(0, players - 1).map((i) => [String(i), t("web.seat.n", { n: i + 1 })])];
  if (o.kind === "bool" || o.kind === "enum") return (o.kind === "bool" ? ["false", "true"] : o.values).map((v) => [v, valueWords(g, o, v)]);
  if (o.kind === "rank") return [...(o.words || []).map((v) => [v, v === "off" ? t("web.option.rank.off") : v]), ...RANKS.map((v) => [v, v])];
  return null;
}

// optionField is one option: its label (marked when changed), its control
// (with its unit), and its meaning in words. The usual value is said once
// for the whole form ("Every option starts at the usual rules"), and again
// beside an option only when it is changed, with the value now in words.
function optionField(g, o, players, value) {
  const id = `opt-${o.key}`;
  const w = words(g, o.key);
  const list = choices(g, o, players);
  const described = { id, name: o.key, "aria-describedby": `${id}-words` };
  let input;
  if (list) {
    input = h("select", described, list.map(([v, t]) => h("option", { value: v, selected: v === value }, t)));
  } else if (o.kind === "int" && /^-?\d+$/.test(o.default)) {
    input = h("input", { ...described, type: "number", value, min: o.min, max: o.max, inputmode: "numeric" });
  } else {
    input = h("input", { ...described, value, size: 8 });
  }
  return h("div.option", { dataset: { option: o.key } },
    h("label", { for: id }, w.label || o.key, h("strong.changed-mark", { hidden: value === o.default }, " " + t("web.lobby.changed"))),
    h("span.control", input, w.unit ? h("span.unit", ` ${w.unit}`) : null),
    h("p.option-words", { id: `${id}-words` }, w.about || o.help, " ", h("span.option-now"), h("span.usual", t("web.lobby.usual", { value: valueWords(g, o, o.default) }))));
}

// seatRow is one seat: its number, who sits there (you, a friend, anyone,
// or a bot by its level) and a line on what that means.
function seatRow(g, i, kind) {
  const people = i === 0 ? [h("option", { value: "human" }, t("web.lobby.seat.you"))] : [
    h("option", { value: "friend" }, t("web.lobby.seat.friend")),
    h("option", { value: "open" }, t("web.lobby.seat.open")),
  ];
  const botList = bots(g).map((b) => h("option", { value: "bot:" + b.name, selected: kind ? kind === "bot:" + b.name : i > 0 && b.default, dataset: { notation: b.name } },
    (BOTS[g.name] || {})[b.name] ? t("web.lobby.seat.bot", { level: botWords(g, b).level, name: b.name }) : t("web.lobby.seat.bot-named", { name: b.name })));
  const select = h("select", { id: `seat-${i}`, name: `seat-${i}`, "aria-describedby": `seat-${i}-help` },
    people, h("optgroup", { label: t("web.lobby.seat.a-bot") }, botList));
  if (kind && [...select.options].some((o) => o.value === kind)) select.value = kind;
  return h("li.seat-row", { dataset: { seat: i } },
    h("label.seat-no", { for: `seat-${i}` }, t("web.seat.n", { n: i + 1 })), select,
    h("small.seat-help.muted", { id: `seat-${i}-help` }));
}

// botSettings is the raw settings box of seat i's bot, for experts, in
// More options; shown while the seat is a bot's.
function botSettings(g, i, value) {
  const id = `seat-${i}-settings`;
  return h("div.option", { dataset: { settings: i }, hidden: true },
    h("label", { for: id }, t("web.lobby.bot-settings", { n: i + 1 })),
    h("span.control", h("input.bot-settings", { id, value: value || "", placeholder: t("web.lobby.bot-settings-example"), "aria-describedby": `${id}-words` })),
    h("p.option-words", { id: `${id}-words` }));
}

// current is the options as the form has them.
export function current(g) {
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
    if (el) el.value = v;
  }
  refresh();
  $("create").dispatchEvent(new Event("change"));
}

// pressedPreset is the preset the form matches, if any.
function pressedPreset(g, now) {
  const n = count();
  return (PRESETS[g.name] || []).find((p) => g.options.every((o) => o.key === "players" || (now[o.key] ?? o.default) === (p.options[o.key] ?? o.default)) && (!p.players || p.players === n));
}

// refresh brings everything that follows from the form's values up to
// date: which options matter, what is changed (in words, with the usual
// value), the presets, the seats' lines, the bot settings shown and the
// summary beside Create.
function refresh() {
  const g = game();
  if (!g || !$(`seat-0`)) return;
  const now = current(g);
  const n = count();
  let changed = 0;
  for (const o of g.options) {
    const row = document.querySelector(`#create [data-option="${o.key}"]`);
    if (!row) continue;
    row.hidden = !shown(g, o, now, n);
    const differs = !row.hidden && now[o.key] !== o.default;
    row.querySelector(".changed-mark").hidden = !differs;
    row.querySelector(".usual").hidden = !differs;
    row.querySelector(".option-now").textContent = differs ? t("web.lobby.now", { value: valueWords(g, o, now[o.key]) }) + " " : "";
    if (differs && row.closest("#options")) changed++;
  }
  const p = pressedPreset(g, now);
  const ps = PRESETS[g.name] || [];
  [...$("presets").children].forEach((b, i) => b.setAttribute("aria-pressed", String(ps[i] === p)));
  $("preset-about").textContent = p ? p.about : t("web.lobby.own-mix");
  changed += seatLines(g);
  $("more-note").textContent = changed ? t("web.lobby.more-changed", { count: changed }) : t("web.lobby.more-note");
  // A value newly off the usual that no preset explains opens More
  // options, so nothing chosen is hidden (once: a person may close it).
  if (changed > wasChanged && !p) $("more-options").open = true;
  wasChanged = changed;
  summary(g, p);
}

// seatLines writes each seat's line and shows the settings box of each
// bot's seat; it returns how many boxes hold settings.
function seatLines(g) {
  const listed = $("listed").checked;
  $("listed-about").textContent = listed ? t("web.lobby.listed-about") : t("web.lobby.private-about");
  let set = 0;
  for (const select of $("seats").querySelectorAll("select")) {
    // A private table is in no lobby: its open seats are anyone's with the link.
    const open = select.querySelector("option[value=open]");
    if (open) open.textContent = listed ? t("web.lobby.seat.open") : t("web.lobby.seat.open-link");
    const i = select.id.slice(5);
    const b = (g.bots || []).find((x) => "bot:" + x.name === select.value);
    const line = b ? botWords(g, b).about
      : select.value === "friend" ? t("web.lobby.seat.friend-about")
        : select.value === "open" ? (listed ? t("web.lobby.seat.open-about") : t("web.lobby.seat.open-link-about"))
          : "";
    $(`seat-${i}-help`).textContent = line;
    const box = document.querySelector(`#bot-settings [data-settings="${i}"]`);
    box.hidden = !b;
    if (b) {
      const words = box.querySelector(".option-words");
      words.dataset.notation = b.name;
      words.textContent = t("web.lobby.bot-settings-about", { level: botWords(g, b).level, name: b.name, about: botWords(g, b).about });
      if ($(`seat-${i}-settings`).value.trim()) set++;
    }
  }
  return set;
}

// summary says beside Create what it will create.
function summary(g, p) {
  const who = [...$("seats").querySelectorAll("select")].map((s) => {
    if (s.value === "human") return t("web.you");
    if (s.value === "friend") return t("web.lobby.summary.friend");
    if (s.value === "open") return t("web.lobby.summary.anyone");
    const b = (g.bots || []).find((x) => "bot:" + x.name === s.value);
    return b ? t("web.seat.bot", { level: botWords(g, b).level }) : t("web.lobby.summary.a-bot");
  });
  const clock = paceLabel(paceSettings());
  fill($("create-summary"), h("strong", gameTitle(g.name)), p && !playersByPreset(g) ? `: ${p.name}` : p ? "" : ": " + t("web.lobby.summary.own-rules"),
    ` · ${who.join(", ")} · `, clock ? clock.textContent.replace(/^\W+/, "") : t("web.pace.none"), $("listed").checked ? "" : " · " + t("web.lobby.summary.private"));
}

// request is the create request's game, options and seats as the form
// has them; picked[i] is the bot spec of seat i, for the error's words.
export function request() {
  const g = game();
  const now = current(g);
  const n = count();
  const options = {};
  for (const o of g.options) {
    const el = $(`opt-${o.key}`);
    if (el && el.value !== o.default && shown(g, o, now, n)) options[o.key] = el.value;
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
  return { game: g.name, options, seats, listed: $("listed").checked, picked };
}
