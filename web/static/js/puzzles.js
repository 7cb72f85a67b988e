// puzzles.js runs the Regicide puzzles page (/puzzles, docs/puzzles.md):
// one puzzle after another, drawn with regicide.js's board plus what the
// puzzle reveals (the Tavern and the Castle in order). The answer is
// checked by the server (POST /api/puzzles/regicide/{id}/answer): the page
// never holds it before the player answers. A right answer adds to the
// streak, a wrong one ends it and shows the line that wins. A signed-in
// player is served the unanswered puzzle nearest their puzzle rating
// (GET .../next), and each first answer to a puzzle moves that rating;
// a guest goes through the puzzles in order with the streak alone.

import { h, fill } from "./dom.js";
import { card, short } from "./cards.js";
import * as regicide from "./regicide.js";
import { mountNav, ensureStyles } from "./account-nav.js";

const API = "/api/puzzles/regicide";
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
  count: 0, id: 0, shown: null, outcome: null, error: "", ui: {}, hintAction: "", hintText: "",
  streak: saved.streak || 0, best: saved.best || 0, sending: false,
  // signedIn: the server rates this player's answers; rating is their
  // puzzle rating ({rating, rd, provisional}), moved is the last answer's
  // change (null before one).
  signedIn: false, rating: null, moved: null, accounts: false,
};

// save keeps the streak and where to go on across visits.
function save() {
  localStorage.setItem(STORE, JSON.stringify({ next: st.id % st.count + 1, streak: st.streak, best: st.best }));
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
  return Number.isInteger(saved.next) && saved.next >= 1 ? saved.next : 1;
}

async function show(id) {
  st.error = "";
  try {
    st.shown = await api(`/${id}`);
    Object.assign(st, { id, outcome: null, ui: {}, hintAction: "", hintText: "" });
    history.replaceState(null, "", `/puzzles?id=${id}`);
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
  show(await served() || st.id % st.count + 1);
}

// served asks the server for the signed-in player's next puzzle (0: a
// guest, or every puzzle answered).
async function served() {
  try {
    const n = await api("/next");
    st.signedIn = n.signed_in;
    st.accounts = n.accounts;
    if (n.signed_in) st.rating = n.rating;
    return n.id || 0;
  } catch {
    return 0;
  }
}

function ctx() {
  const sh = st.shown;
  return {
    seat: 0, seats: [{ name: "Solo" }], options: {}, legal: st.outcome ? [] : sh.legal, ui: st.ui, view: sh.view,
    hintText: st.hintText, hintAction: st.hintAction,
    act: answer,
    hint: (a) => { Object.assign(st, { hintAction: a, hintText: sh.hints[a] || "no forecast" }); render(); },
    rerender: render,
  };
}

function revealed(sh) {
  const row = (label, list, none) => h("div.reveal-row", { role: "group", "aria-label": label },
    h("span.reveal-label", label), list.length ? list.map((c) => card(c, { jokerName: "jester" })) : h("span.muted", none));
  return h("section.revealed", { "aria-label": "revealed by the puzzle" },
    h("h3", "Revealed by the puzzle (hidden in a real game)"),
    row("Tavern, top first", sh.revealed.tavern, "empty"),
    row("Castle, next first", sh.revealed.castle, "no enemy after this one"),
    h("p.muted", "The order of the cards Hearts will shuffle back is not revealed; the answer does not depend on it."));
}

function result(out) {
  const line = out.line.map((a, i) => h("li" + (i === 0 ? ".answer" : ""), a));
  return h("section.puzzle-result." + (out.correct ? "correct" : "wrong"), { role: "status", "aria-live": "polite" },
    h("p", h("strong", out.correct ? "Right: " : "Not this one: "), out.correct
      ? `${out.answer} is the only play that keeps the game winnable.`
      : `${out.action} loses the game whatever follows. The one winning play was ${out.answer}.`),
    h("p", out.correct ? "A line that wins from here:" : "The line that wins:"),
    h("ol.winning-line", { "aria-label": "winning line" }, line),
    h("p.muted", `The bot that played this game chose ${out.bot_choice}; ${out.misses} of ${out.panel} bots miss this puzzle`,
      out.puzzle_rating ? `, which is rated ${Math.round(out.puzzle_rating.rating)}.` : "."),
    out.rated ? h("p#puzzle-rated", out.rated.counted
      ? `Your puzzle rating: ${round(out.rated.before)} → ${round(out.rated.after)}`
      : `Not rated: ${out.rated.why}.`) : null,
    h("button.primary", { onclick: next, "aria-keyshortcuts": "N" }, "Next puzzle ", h("kbd", "N")));
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
  const { board, prompt, bar } = regicide.render(sh.view, ctx());
  document.title = `Puzzle ${sh.id} · Regicide puzzles · cardtable`;
  fill(root,
    h("div.puzzle-bar",
      h("strong", `Puzzle ${sh.id} of ${sh.count}`),
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
    return;
  }
  if (regicide.key(e, ctx())) e.preventDefault();
});

(async () => {
  try {
    st.count = (await api("")).count;
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
  await show(Math.min(Number.isInteger(asked) && asked >= 1 ? asked : mine || startID(), st.count));
})();
