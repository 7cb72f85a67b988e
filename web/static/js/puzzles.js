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
import { card, inline } from "./cards.js";
import * as regicide from "./regicide.js";
import { mountNav, ensureStyles } from "./account-nav.js";
import { t, say } from "./i18n.js";

const API = "/api/puzzles/regicide";
const THEMES = ["jester-timing", "yield", "exact-damage", "kill", "combo", "suit-power", "discard-to-survive", "two-choices"];
const themeName = (x) => (THEMES.includes(x) ? t(`web.puzzles.theme.${x}`) : x);
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
  if (!res.ok) throw new Error(data.message || t("web.puzzles.server-answered", { status: res.status }));
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
    st.error = t("web.puzzles.no-theme", { theme: themeName(theme) });
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

// SOLO is the puzzle's one seat, on the board; YOU the same seat in the
// solution's sentences ("You played 5♥").
const SOLO = [{ name: t("web.puzzles.solo") }];
const YOU = [{ name: t("web.puzzles.you") }];

function ctx() {
  const sh = st.shown;
  return {
    seat: 0, seats: SOLO, options: {}, legal: st.outcome ? [] : sh.legal, ui: st.ui, view: onBoard().view,
    hintText: st.hintText, hintMsg: st.hintMsg, hintAction: st.hintAction,
    act: answer,
    hint: (a) => {
      const msg = (sh.hints_i18n || {})[a] || null;
      Object.assign(st, { hintAction: a, hintMsg: msg, hintText: msg ? "" : sh.hints[a] || t("web.puzzles.no-forecast") });
      render();
    },
    rerender: render,
  };
}

function revealed(sh) {
  sh = onBoard();
  const row = (label, list, none) => h("div.reveal-row", { role: "group", "aria-label": label },
    h("span.reveal-label", label), list.length ? list.map((c) => card(c, { jokerName: "jester" })) : h("span.muted", none));
  return h("section.revealed", { "aria-label": t("web.puzzles.revealed-label") },
    h("h3", t("web.puzzles.revealed")),
    row(t("web.puzzles.tavern"), sh.revealed.tavern, t("web.puzzles.empty")),
    row(t("web.puzzles.castle"), sh.revealed.castle, t("web.puzzles.no-enemy-after")),
    h("p.muted", t("web.puzzles.hearts-order")));
}

function result(out) {
  const item = (i, text) => h("li" + (i === st.step ? ".current" : "") + (i === 0 ? ".answer" : ""),
    { tabindex: i === st.step ? "0" : "-1", "aria-current": i === st.step ? "step" : null, onclick: () => stepTo(i) }, text);
  const steps = [item(-1, t("web.puzzles.start")), ...out.solution.map((s, i) => item(i, solutionSentence(out, i)))];
  const move = (a) => regicide.imperative(a, { seats: YOU, seat: 0 });
  return h("section.puzzle-result." + (out.correct ? "correct" : "wrong"), { role: "status", "aria-live": "polite" },
    h("p", h("strong", t(out.correct ? "web.puzzles.right" : "web.puzzles.wrong")), " ", inline(out.correct
      ? t("web.puzzles.right-why", { answer: move(out.answer) })
      : t("web.puzzles.wrong-why", { action: move(out.action), answer: move(out.answer) }))),
    h("p", t("web.puzzles.solution")),
    h("ol.solution.winning-line", { start: 0, "aria-label": t("web.puzzles.line-label") }, steps),
    h("div.step-buttons",
      h("button", { onclick: () => stepTo(st.step - 1), disabled: st.step < 0, "aria-keyshortcuts": "ArrowLeft" }, "◀ " + t("web.puzzles.previous")),
      h("button", { onclick: () => stepTo(st.step + 1), disabled: st.step >= out.solution.length - 1, "aria-keyshortcuts": "ArrowRight" }, t("web.puzzles.next-step") + " ▶")),
    out.themes && out.themes.length ? h("p.muted", t("web.puzzles.themes", { list: out.themes.map(themeName).join(", ") })) : null,
    h("p.muted", inline(t(out.puzzle_rating ? "web.puzzles.bots-rated" : "web.puzzles.bots", { choice: move(out.bot_choice), misses: out.misses, panel: out.panel, rating: out.puzzle_rating ? Math.round(out.puzzle_rating.rating) : 0 }))),
    out.rated ? h("p#puzzle-rated", out.rated.counted
      ? t("web.puzzles.rated", { before: round(out.rated.before), after: round(out.rated.after) })
      : t("web.puzzles.not-rated")) : null,
    h("button.primary", { onclick: next, "aria-keyshortcuts": "N" }, t("web.puzzles.next"), " ", h("kbd", "N")));
}

// solutionSentence tells step i of the winning line in the reader's
// language: the server's message for it (sentence_i18n), else its English.
function solutionSentence(out, i) {
  const s = out.solution[i];
  return s.sentence_i18n ? say(s.sentence_i18n) : s.sentence;
}

// themePicker chooses the theme the puzzles keep to.
function themePicker() {
  const opt = (value, label) => h("option", { value, selected: value === st.theme ? "" : null }, label);
  return h("label.theme-picker", t("web.puzzles.theme"), " ",
    h("select#puzzle-theme", { onchange: (e) => chooseTheme(e.target.value) },
      opt("", t("web.puzzles.all-themes")), ...st.themes.map((x) => opt(x, themeName(x)))));
}

const round = (r) => `${Math.round(r.rating)}${r.provisional ? "?" : ""}`;

// ratingBadge is the signed-in player's puzzle rating with its last move,
// or for a guest the reason to sign in.
function ratingBadge() {
  if (!st.accounts) return null;
  if (!st.signedIn) return h("a.sign-in", { href: "/account" }, t("web.puzzles.sign-in"));
  const d = st.moved === null ? "" : ` (${st.moved >= 0 ? "+" : "−"}${Math.abs(Math.round(st.moved))})`;
  return h("span#puzzle-rating.puzzle-rating", { title: t("web.puzzles.rating-title") }, t("web.puzzles.rating", { rating: st.rating ? round(st.rating) : "1500?" }), d);
}

function render() {
  if (!st.shown) {
    fill(root, h("p.status-line" + (st.error ? ".error" : ""), { role: st.error ? "alert" : null }, st.error || t("web.puzzles.loading")));
    return;
  }
  const sh = st.shown;
  const { board, prompt, bar } = regicide.render(onBoard().view, ctx());
  document.title = t("web.puzzles.tab-title", { id: sh.id });
  fill(root,
    h("div.puzzle-bar",
      h("strong", t("web.puzzles.puzzle", { id: sh.id })),
      sh.legal.length === 2 ? h("span.badge.two-choices", t("web.puzzles.theme.two-choices")) : null,
      themePicker(),
      h("span.muted", t("web.puzzles.misses", { misses: sh.misses, panel: sh.panel })),
      h("span.streak", { "data-streak": st.streak }, t("web.puzzles.streak", { n: st.streak })),
      h("span.muted", t("web.puzzles.best", { n: st.best })),
      ratingBadge()),
    h("p.prompt", st.outcome ? "" : [t("web.puzzles.find"), " ", prompt]),
    st.error ? h("p.error", { role: "alert" }, st.error) : null,
    st.outcome ? result(st.outcome) : null,
    h("div.table-layout",
      h("section.board", { "aria-label": t("web.puzzles.board-label") }, revealed(sh), board)),
    st.outcome ? null : h("section.action-bar", { "aria-label": t("web.puzzles.answer-label") },
      h("div.bar-status", h("p", t("web.puzzles.your-answer"))),
      bar && bar.length ? h("div.bar-buttons", bar) : null));
}

document.addEventListener("keydown", (e) => {
  const el = e.target;
  if (!st.shown || e.ctrlKey || e.metaKey || e.altKey) return;
  if (el && (el.tagName === "INPUT" || (el.tagName === "BUTTON" && (e.key === " " || e.key === "Enter")))) return;
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
    st.error = st.error || t("web.puzzles.none");
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
