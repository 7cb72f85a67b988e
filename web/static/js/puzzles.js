// puzzles.js runs the Regicide puzzles page (/puzzles, docs/puzzles.md):
// one puzzle after another, drawn with regicide.js's board plus what the
// puzzle reveals (the Tavern and the Castle in order). The answer is
// checked by the server (POST /api/puzzles/regicide/{id}/answer): the page
// never holds it before the player answers. A right answer adds to the
// streak, a wrong one ends it and shows the line that wins. A signed-in
// player is served the unanswered puzzle nearest their puzzle rating
// (GET .../next), and each first answer to a puzzle moves that rating;
// a guest goes through the puzzles in order with the streak alone. A
// theme keeps to the puzzles that have it; after an answer the solution is
// told in sentences and stepped on the board (←/→).

import { h, fill } from "./dom.js";
import { card, short } from "./cards.js";
import * as regicide from "./regicide.js";
import { mountNav, ensureStyles } from "./account-nav.js";

const API = "/api/puzzles/regicide";

// The page's new sentences, in one place (for the translations to come).
const WORDS = {
  theme: "Theme",
  allThemes: "All puzzles",
  themeNames: {
    "jester-timing": "Jester timing", yield: "Yield", "exact-damage": "Exact damage", kill: "Kill",
    combo: "Combo", "suit-power": "Suit power", "discard-to-survive": "Discard to survive", "two-choices": "Only two choices",
  },
  twoChoices: "Only two choices",
  solution: "The solution, step by step (←/→ steps the board):",
  start: "The puzzle's position",
  previous: "Previous step",
  nextStep: "Next step",
  themes: (list) => `Themes: ${list}.`,
  noTheme: (t) => `No puzzle has the theme ${t}.`,
};
const STORE = "cardtable.puzzles";
const root = document.getElementById("app");

function load() {
  try {
    return JSON.parse(localStorage.getItem(STORE)) || {};
  } catch {
    return {};
  }
}

const saved = load();
const st = {
  // ids are the puzzles of the theme chosen ("": all), in order; step is
  // the solution's step on the board once answered (-1: the puzzle).
  ids: [], themes: [], theme: new URLSearchParams(location.search).get("theme") || saved.theme || "", step: -1,
  count: 0, id: 0, shown: null, outcome: null, error: "", ui: {}, hintAction: "", hintText: "",
  streak: saved.streak || 0, best: saved.best || 0, sending: false,
  // signedIn: the server rates this player's answers; rating is their
  // puzzle rating ({rating, rd, provisional}), moved is the last answer's
  // change (null before one).
  signedIn: false, rating: null, moved: null, accounts: false,
};

// save keeps the streak and where to go on across visits.
function save() {
  localStorage.setItem(STORE, JSON.stringify({ next: after(st.id), streak: st.streak, best: st.best, theme: st.theme }));
}

// after is the id of the puzzle after id among st.ids, round to the first.
function after(id) {
  return st.ids.find((x) => x > id) || st.ids[0] || 0;
}

// list loads the ids of the theme chosen.
async function list() {
  const l = await api(st.theme ? `?theme=${encodeURIComponent(st.theme)}` : "");
  Object.assign(st, { ids: l.ids, count: l.count, themes: l.themes });
}

async function api(path, body) {
  const res = await fetch(API + path, body ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : {});
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.message || `the server answered ${res.status}`);
  return data;
}

// startID is the puzzle to show first: ?id=N, else the one after the last
// answered, else 1.
function startID() {
  const q = Number(new URLSearchParams(location.search).get("id"));
  if (Number.isInteger(q) && q >= 1) return q;
  return st.ids.includes(saved.next) ? saved.next : st.ids[0];
}

async function show(id) {
  st.error = "";
  try {
    st.shown = await api(`/${id}`);
    Object.assign(st, { id, outcome: null, ui: {}, hintAction: "", hintText: "", step: -1 });
    history.replaceState(null, "", `/puzzles?id=${id}` + (st.theme ? `&theme=${encodeURIComponent(st.theme)}` : ""));
  } catch (e) {
    st.error = e.message;
  }
  render();
}

async function answer(action) {
  if (st.outcome || st.sending) return;
  st.sending = true;
  try {
    st.outcome = await api(`/${st.id}/answer`, { action });
    const r = st.outcome.rated;
    if (r) {
      st.moved = r.counted ? r.after.rating - r.before.rating : null;
      st.rating = r.after;
    }
    if (st.outcome.correct) {
      st.streak++;
      st.best = Math.max(st.best, st.streak);
    } else {
      st.streak = 0;
    }
    save();
  } catch (e) {
    st.error = e.message;
  }
  st.sending = false;
  render();
}

// next shows the next puzzle: for a signed-in player the unanswered one
// nearest their rating, else the one after this.
async function next() {
  show(await served() || after(st.id));
}

// chooseTheme keeps to a theme ("": all) from the next puzzle on.
async function chooseTheme(theme) {
  st.theme = theme;
  try {
    await list();
  } catch (e) {
    st.error = e.message;
  }
  save();
  if (!st.ids.length) {
    st.error = WORDS.noTheme(theme);
    render();
    return;
  }
  show(await served() || after(st.id));
}

// stepTo puts the solution's step i on the board (-1: the puzzle).
function stepTo(i) {
  if (!st.outcome) return;
  st.step = Math.max(-1, Math.min(i, st.outcome.solution.length - 1));
  render();
  const cur = document.querySelector(".solution li.current");
  if (cur) cur.focus();
}

// served asks the server for the signed-in player's next puzzle (0: a
// guest, or every puzzle answered).
async function served() {
  try {
    const n = await api("/next" + (st.theme ? `?theme=${encodeURIComponent(st.theme)}` : ""));
    st.signedIn = n.signed_in;
    st.accounts = n.accounts;
    if (n.signed_in) st.rating = n.rating;
    return n.id || 0;
  } catch {
    return 0;
  }
}

// onBoard is what the board shows: the puzzle, or the solution's step.
function onBoard() {
  const sh = st.shown;
  if (st.outcome && st.step >= 0) {
    const s = st.outcome.solution[st.step];
    return { view: s.view, revealed: s.revealed };
  }
  return { view: sh.view, revealed: sh.revealed };
}

function ctx() {
  const sh = st.shown;
  return {
    seat: 0, seats: [{ name: "Solo" }], options: {}, legal: st.outcome ? [] : sh.legal, ui: st.ui, view: onBoard().view,
    hintText: st.hintText, hintAction: st.hintAction,
    act: answer,
    hint: (a) => { Object.assign(st, { hintAction: a, hintText: sh.hints[a] || "no forecast" }); render(); },
    rerender: render,
  };
}

function revealed(sh) {
  sh = onBoard();
  const row = (label, list, none) => h("div.reveal-row", { role: "group", "aria-label": label },
    h("span.reveal-label", label), list.length ? list.map((c) => card(c, { jokerName: "jester" })) : h("span.muted", none));
  return h("section.revealed", { "aria-label": "revealed by the puzzle" },
    h("h3", "Revealed by the puzzle (hidden in a real game)"),
    row("Tavern, top first", sh.revealed.tavern, "empty"),
    row("Castle, next first", sh.revealed.castle, "no enemy after this one"),
    h("p.muted", "The order of the cards Hearts will shuffle back is not revealed; the answer does not depend on it."));
}

function result(out) {
  const item = (i, text) => h("li" + (i === st.step ? ".current" : "") + (i === 0 ? ".answer" : ""),
    { tabindex: i === st.step ? "0" : "-1", "aria-current": i === st.step ? "step" : null, onclick: () => stepTo(i) }, text);
  const steps = [item(-1, WORDS.start), ...out.solution.map((s, i) => item(i, s.sentence))];
  return h("section.puzzle-result." + (out.correct ? "correct" : "wrong"), { role: "status", "aria-live": "polite" },
    h("p", h("strong", out.correct ? "Right: " : "Not this one: "), out.correct
      ? `${out.answer} is the only play that keeps the game winnable.`
      : `${out.action} loses the game whatever follows. The one winning play was ${out.answer}.`),
    h("p", WORDS.solution),
    h("ol.solution.winning-line", { start: 0, "aria-label": "winning line" }, steps),
    h("div.step-buttons",
      h("button", { onclick: () => stepTo(st.step - 1), disabled: st.step < 0, "aria-keyshortcuts": "ArrowLeft" }, "◀ " + WORDS.previous),
      h("button", { onclick: () => stepTo(st.step + 1), disabled: st.step >= out.solution.length - 1, "aria-keyshortcuts": "ArrowRight" }, WORDS.nextStep + " ▶")),
    out.themes && out.themes.length ? h("p.muted", WORDS.themes(out.themes.map((t) => WORDS.themeNames[t] || t).join(", "))) : null,
    h("p.muted", `The bot that played this game chose ${out.bot_choice}; ${out.misses} of ${out.panel} bots miss this puzzle`,
      out.puzzle_rating ? `, which is rated ${Math.round(out.puzzle_rating.rating)}.` : "."),
    out.rated ? h("p#puzzle-rated", out.rated.counted
      ? `Your puzzle rating: ${round(out.rated.before)} → ${round(out.rated.after)}`
      : `Not rated: ${out.rated.why}.`) : null,
    h("button.primary", { onclick: next, "aria-keyshortcuts": "N" }, "Next puzzle ", h("kbd", "N")));
}

// themePicker chooses the theme the puzzles keep to.
function themePicker() {
  const opt = (value, label) => h("option", { value, selected: value === st.theme ? "" : null }, label);
  return h("label.theme-picker", WORDS.theme + " ",
    h("select#puzzle-theme", { onchange: (e) => chooseTheme(e.target.value) },
      opt("", WORDS.allThemes), ...st.themes.map((t) => opt(t, WORDS.themeNames[t] || t))));
}

const round = (r) => `${Math.round(r.rating)}${r.provisional ? "?" : ""}`;

// ratingBadge is the signed-in player's puzzle rating with its last move,
// or for a guest the reason to sign in.
function ratingBadge() {
  if (!st.accounts) return null;
  if (!st.signedIn) return h("a.sign-in", { href: "/account" }, "Sign in for a puzzle rating");
  const d = st.moved === null ? "" : ` (${st.moved >= 0 ? "+" : "−"}${Math.abs(Math.round(st.moved))})`;
  return h("span#puzzle-rating.puzzle-rating", { title: "your Glicko-2 puzzle rating" }, `Rating ${st.rating ? round(st.rating) : "1500?"}${d}`);
}

function render() {
  if (!st.shown) {
    fill(root, h("p.status-line" + (st.error ? ".error" : ""), { role: st.error ? "alert" : null }, st.error || "Loading…"));
    return;
  }
  const sh = st.shown;
  const { board, prompt, bar } = regicide.render(onBoard().view, ctx());
  document.title = `Puzzle ${sh.id} · Regicide puzzles · cardtable`;
  fill(root,
    h("div.puzzle-bar",
      h("strong", `Puzzle ${sh.id}`),
      sh.legal.length === 2 ? h("span.badge.two-choices", WORDS.twoChoices) : null,
      themePicker(),
      h("span.muted", `${sh.misses} of ${sh.panel} bots miss it`),
      h("span.streak", { "data-streak": st.streak }, `Streak ${st.streak}`),
      h("span.muted", `best ${st.best}`),
      ratingBadge()),
    h("p.prompt", st.outcome ? "" : `Find the one play that keeps the game winnable. ${prompt}`),
    st.error ? h("p.error", { role: "alert" }, st.error) : null,
    st.outcome ? result(st.outcome) : null,
    h("div.table-layout",
      h("section.board", { "aria-label": "puzzle" }, revealed(sh), board)),
    st.outcome ? null : h("section.action-bar", { "aria-label": "your answer" },
      h("div.bar-status", h("p", "Your answer:")),
      bar && bar.length ? h("div.bar-buttons", bar) : null));
}

document.addEventListener("keydown", (e) => {
  const t = e.target;
  if (!st.shown || e.ctrlKey || e.metaKey || e.altKey) return;
  if (t && (t.tagName === "INPUT" || (t.tagName === "BUTTON" && (e.key === " " || e.key === "Enter")))) return;
  if (st.outcome) {
    if (e.key.toLowerCase() === "n") next();
    else if (e.key === "ArrowRight") { stepTo(st.step + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { stepTo(st.step - 1); e.preventDefault(); }
    else if (e.key === "Home") { stepTo(-1); e.preventDefault(); }
    else if (e.key === "End") { stepTo(st.outcome.solution.length - 1); e.preventDefault(); }
    return;
  }
  if (regicide.key(e, ctx())) e.preventDefault();
});

(async () => {
  try {
    await list();
    if (!st.count && st.theme) {
      st.theme = "";
      await list();
    }
  } catch (e) {
    st.error = e.message;
  }
  if (!st.count) {
    st.error = st.error || "No puzzles on this server.";
    render();
    return;
  }
  const asked = Number(new URLSearchParams(location.search).get("id"));
  const mine = await served();
  if (st.accounts) {
    ensureStyles();
    mountNav(document.querySelector("header"));
  }
  await show(Number.isInteger(asked) && asked >= 1 ? asked : mine || startID());
})();
