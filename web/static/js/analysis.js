// analysis.js is the replay page's analysis panel (docs/analysis.md): it
// asks the server for the finished game's analysis, shows its progress,
// then draws the graph — the chance to win after each decision (War: each
// slap's reaction time) as an SVG with the marks as dots, each a button
// that jumps to its step — the current step's findings, the solver's
// winning line and each seat's summary with its accuracy. At a mark the
// better move is named, on the board (note) and in the list of actions
// (notes); "Learn from your mistakes" goes back to the position before each
// mark and lets the player try another move, which the server judges
// (the expert, and in Regicide the solver with hindsight). replay.js makes
// the panel and tells it the step shown.

import { h, fill, seatName } from "./dom.js";
import { inline } from "./cards.js";

const SVG = "http://www.w3.org/2000/svg";
// The graph's drawing box: H high and W wide, W set to the panel's width
// (within 320–600) when it is drawn, so a phone's graph is drawn at about
// its own scale and its dots are big enough to tap.
let W = 600;
const H = 160, PAD = 26;
const MARK_WORDS = { inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder", missed: "missed slap", false: "false slap" };
const SERIES = ["#2457c5", "#c0262d", "#1a7f4b", "#8a4fbf"];
const POLL_MS = 1000;

// The panel's new sentences, in one place (for the translations to come).
const WORDS = {
  noWin: (n) => `no win found in ${n.toLocaleString("en")} playouts`,
  better: (text, chance) => `better: ${text} (${chance})`,
  keeps: (text) => `what kept it winnable: ${text}`,
  unforeseeable: "you could not have known: from what the seat could see, the expert rated this move as well as its own; only the hidden cards made it lose",
  accuracy: (a) => ` · accuracy ${a.toFixed(1)}`,
  learn: "Learn from your mistakes",
  learnIntro: (step, played) => `Step ${step}: ${played}. The board shows the position before it, as the seat saw it. Find a better move:`,
  tryNext: "Next mistake",
  done: "Back to the analysis",
  judging: "Judging…",
  won: "Winnable: with hindsight (every card known) the game can still be won after this move; a winning line starts: ",
  lost: "Lost: with hindsight (every card known) no line wins after this move.",
  unknown: "The solver could not settle this move within its budget.",
  expert: (mine, best, chance, verdict) => `The expert gives it ${mine} — ${verdict}; its own choice: ${best}, ${chance}.`,
  expertNoWin: (n, best, chance, verdict) => `The expert's search found no win in ${n.toLocaleString("en")} playouts after it — ${verdict}; its own choice: ${best}, ${chance}.`,
  asGood: "as good as the expert's move",
  close: "within a few points of it",
  worse: (pts, mark) => `${pts} points worse: ${mark}`,
  noMistakes: "No marked decision to learn from.",
  played: " (played)",
  boardBetter: "Better here",
  // imperative turns "you played …" (the game's sentence for the seat
  // called "you") into "play …", for a move to try.
  imperative: { played: "play", discarded: "discard", yielded: "yield", used: "use", chose: "choose", put: "put" },
};

// move writes an action as a move to make: "play the 7 of Clubs".
function move(say, seat, action) {
  const text = say(seat, action, "you");
  const m = /^you (\w+)(.*)$/.exec(text);
  return m && WORDS.imperative[m[1]] ? WORDS.imperative[m[1]] + m[2] : text;
}

// analysable says whether a finished game of game has decisions the
// analysis appraises (docs/analysis.md): Regicide's and Watchtower's, and
// War's only with Slap War's windows. Other games have no analysis to ask
// for.
export function analysable(game, options) {
  return game === "regicide" || game === "watchtower" || (game === "war" && !!options.slap && options.slap !== "off");
}

// analysisPanel returns the panel for table id (info: the replay's) and
// a function that shows step; go(step) jumps the replay there.
// say writes a seat's action as a sentence without its full stop, with
// card codes (drawn by inline): "Seat 1 played 7C"; who, when given,
// stands for the seat ("the expert played 7C").
// goAs(step, seat) shows step as seat saw it (learning from a mistake).
export function analysisPanel(id, info, go, say, goAs) {
  const el = h("section.analysis.panel", { "aria-labelledby": "analysis-title" }, h("h3#analysis-title", "Analysis"));
  const body = h("div.analysis-body");
  el.append(body);
  const state = { doc: null, step: 0, open: false, retry: null };
  const url = `/api/tables/${encodeURIComponent(id)}/analysis`;

  async function ask(method) {
    let res, data = null;
    try {
      res = await fetch(url, { method });
      data = await res.json();
    } catch {
      return fill(body, h("p.error", { role: "alert" }, "The analysis could not be loaded; check the connection and reload."));
    }
    if (res.status === 200) {
      state.doc = data;
      return draw();
    }
    if (res.status === 202) {
      const progress = data.total ? `${data.done} of ${data.total} decisions` : "the solver first";
      fill(body, h("p.status-line", { role: "status" }, `Analysing… ${progress}`));
      return setTimeout(() => ask("GET"), POLL_MS);
    }
    if (data && data.code === "no-analysis") {
      return fill(body, h("p.muted", "Where did it go wrong? The computer looks at every decision: the chance to win after it, the mistakes, and in Regicide the move that lost a winnable game."),
        h("button#analyse.primary", { onclick: () => ask("POST") }, "Analyse this game"));
    }
    fill(body, h("p.error", { role: "alert" }, (data && data.message) || `The analysis failed (HTTP ${res.status}).`),
      h("button#analyse", { onclick: () => ask("POST") }, "Try again"));
  }

  function draw() {
    const doc = state.doc;
    body.classList.toggle("retrying", !!state.retry);
    if (state.retry) return drawRetry();
    W = Math.round(Math.max(320, Math.min(600, body.clientWidth || 600)));
    const learn = doc.game !== "war" ? h("button#learn", { onclick: () => startRetry() }, WORDS.learn) : null;
    fill(body, graph(doc, info, go), h("p#analysis-step.analysis-step", { "aria-live": "polite" }),
      hindsightLine(doc, info, go, say), summary(doc, info, go), learn);
    show(state.step);
    if (state.open) bringUp();
    if (onDoc) onDoc();
  }

  // The marked decisions to learn from, in game order: the expert's marks
  // and the losing move, where the expert appraised them.
  const mistakes = () => state.doc.decisions.filter((d) => d.best && (d.mark || d.losing));

  // startRetry opens the mistake at the step shown (or the next one), or
  // with after set the next one after that step.
  async function startRetry(after) {
    const list = mistakes();
    if (!list.length) {
      fill(body.querySelector("#analysis-step") || body, WORDS.noMistakes);
      return;
    }
    const d = typeof after === "number" ? list.find((x) => x.step > after) || list[0] : list.find((x) => x.step >= state.step) || list[0];
    state.retry = { d, choices: null, result: null, busy: false, error: "" };
    goAs(d.step - 1, d.seat);
    drawRetry();
    try {
      const res = await fetch(`${url}/retry?step=${d.step}`);
      const data = await res.json();
      if (!res.ok) throw new Error(data.message || `HTTP ${res.status}`);
      if (state.retry && state.retry.d === d) state.retry.choices = data.choices;
    } catch (e) {
      if (state.retry) state.retry.error = e.message;
    }
    drawRetry();
  }

  async function tryMove(action) {
    const r = state.retry;
    if (!r || r.busy) return;
    Object.assign(r, { busy: true, result: null, error: "", tried: action });
    drawRetry();
    try {
      const res = await fetch(`${url}/retry`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ step: r.d.step, action }) });
      const data = await res.json();
      if (!res.ok) throw new Error(data.message || `HTTP ${res.status}`);
      r.result = data;
    } catch (e) {
      r.error = e.message;
    }
    r.busy = false;
    drawRetry();
  }

  function drawRetry() {
    const r = state.retry;
    body.classList.add("retrying");
    const d = r.d;
    const choices = (r.choices || []).map((a) => h("button.retry-choice" + (a === r.tried ? ".tried" : ""),
      { onclick: () => tryMove(a), disabled: r.busy, "aria-pressed": a === r.tried ? "true" : "false" },
      inline(capital(move(say, d.seat, a))), a === d.action ? WORDS.played : ""));
    fill(body,
      h("h4#retry-title", WORDS.learn),
      h("p.retry-intro", inline(WORDS.learnIntro(d.step, say(d.seat, d.action)))),
      h("div.retry-choices", { role: "group", "aria-labelledby": "retry-title" }, choices),
      h("div.retry-result", { role: "status", "aria-live": "polite" },
        r.busy ? h("p", WORDS.judging) : r.error ? h("p.error", r.error) : r.result ? judgement(r.result, d) : ""),
      h("div.retry-buttons",
        h("button#retry-next", { onclick: () => startRetry(d.step) }, WORDS.tryNext),
        h("button#retry-done", { onclick: () => { state.retry = null; draw(); go(d.step); } }, WORDS.done)));
  }

  function judgement(res, d) {
    const head = res.verdict === "won"
      ? h("p.retry-won", WORDS.won, inline(res.line && res.line.length ? `${capital(move(say, res.line[0].seat, res.line[0].action))}.` : ""))
      : res.verdict === "lost" ? h("p.retry-lost", WORDS.lost) : res.verdict ? h("p", WORDS.unknown) : null;
    let expert = null;
    if (res.estimate && res.best) {
      const verdict = res.mark ? WORDS.worse(Math.round(100 * res.loss), res.mark) : res.loss >= 0.05 ? WORDS.close : WORDS.asGood;
      const best = say(d.seat, res.best.action, "the expert");
      expert = h("p", inline(res.estimate.wins === 0
        ? WORDS.expertNoWin(res.estimate.trials, best, pct(res.best), verdict)
        : WORDS.expert(pct(res.estimate), best, pct(res.best), verdict)));
    }
    return [head, expert];
  }

  // note is what the board shows at step: at a mark, the better move.
  function note(step) {
    if (!state.doc || state.retry) return null;
    const d = state.doc.decisions.find((x) => x.step === step);
    if (!d || !(d.mark || d.losing)) return null;
    const better = d.losing && d.keeps ? move(say, d.seat, d.keeps) : d.best && d.mark ? move(say, d.seat, d.best.action) : "";
    if (!better) return null;
    return h("p.board-better", { role: "note" }, h("strong", `${WORDS.boardBetter}: `), inline(`${better}.`));
  }

  // notes are the marked steps with the better move, for the list.
  function notes() {
    const out = new Map();
    if (!state.doc) return out;
    for (const d of state.doc.decisions) {
      if (!(d.mark || d.losing)) continue;
      const what = [d.losing ? "the losing move" : "", MARK_WORDS[d.mark] || ""].filter(Boolean).join(", ");
      const better = d.losing && d.keeps ? d.keeps : d.best && d.mark ? d.best.action : "";
      out.set(d.step, { what, better: better ? move(say, d.seat, better) : "" });
    }
    return out;
  }
  let onDoc = null;

  // open brings the panel into view and gives it the focus (the replay
  // page's ?analysis=1), again once the graph is drawn below the board.
  function open() {
    state.open = true;
    el.tabIndex = -1;
    el.classList.add("opened");
    bringUp();
  }

  function bringUp() {
    el.scrollIntoView({ block: "start" });
    el.focus({ preventScroll: true });
  }

  function show(step) {
    state.step = step;
    if (!state.doc) return;
    const cursor = el.querySelector(".cursor");
    if (cursor) {
      const x = xOf(step, state.doc.steps);
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
    for (const dot of el.querySelectorAll(".mark-dot")) dot.classList.toggle("current", Number(dot.dataset.step) === step);
    const line = el.querySelector("#analysis-step");
    if (line) fill(line, inline(stepText(state.doc, info, step, say)));
  }

  let redraw = 0;
  window.addEventListener("resize", () => {
    if (!state.doc || redraw) return;
    redraw = requestAnimationFrame(() => { redraw = 0; draw(); });
  });
  ask("GET");
  return { el, show, open, note, notes, loaded: (fn) => { onDoc = fn; if (state.doc) fn(); } };
}

const xOf = (step, steps) => PAD + (W - 2 * PAD) * (steps ? step / steps : 0);
const yOf = (v) => PAD / 2 + (H - 1.5 * PAD) * (1 - v);

function svg(tag, attrs, ...kids) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  for (const k of kids) e.append(k);
  return e;
}

// graph draws the series of every analysed seat, the hindsight's lost
// stretch, the marks as dots that jump to their step, and a cursor at the
// step shown.
function graph(doc, info, go) {
  const reaction = doc.graph.measure === "reaction";
  const title = reaction ? "Reaction time of each slap (top: fast; a miss or a false slap at the bottom)" : "Chance to win after each decision, the expert's estimate from the player's view";
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "analysis-graph", role: "group", "aria-labelledby": "analysis-graph-title" });
  root.append(svg("title", { id: "analysis-graph-title" }, title));
  const h0 = doc.hindsight;
  if (h0 && h0.first_lost >= 0) {
    const x = xOf(h0.first_lost, doc.steps);
    root.append(svg("rect", { class: "lost-zone", x, y: yOf(1), width: Math.max(W - PAD - x, 1), height: yOf(0) - yOf(1) },
      svg("title", {}, "Lost with hindsight: no line of play wins from here")));
  }
  for (const v of [0, 0.5, 1]) {
    root.append(svg("line", { class: "grid", x1: PAD, x2: W - PAD, y1: yOf(v), y2: yOf(v) }));
    root.append(svg("text", { class: "axis", x: 2, y: yOf(v) + 4 }, reaction ? ["slow", "", "fast"][v * 2] : `${v * 100}%`));
  }
  for (const step of [0, doc.steps]) {
    root.append(svg("text", { class: "axis", x: xOf(step, doc.steps), y: H - 1, "text-anchor": step ? "end" : "start" }, step ? `step ${step}` : "the deal"));
  }
  const value = (p) => (reaction ? 1 - p.value : p.value);
  doc.analysed.forEach((seat, i) => {
    const pts = doc.graph.points.filter((p) => p.seat === seat);
    if (!pts.length) return;
    const d = pts.map((p) => `${xOf(p.step, doc.steps).toFixed(1)},${yOf(value(p)).toFixed(1)}`).join(" ");
    root.append(svg("polyline", { class: "series", points: d, stroke: SERIES[i % SERIES.length] }));
  });
  root.append(svg("line", { class: "cursor", x1: PAD, x2: PAD, y1: yOf(1), y2: yOf(0) }));
  for (const p of doc.graph.points) {
    if (!p.mark && !p.losing) continue;
    const what = [p.losing ? "the losing move" : "", MARK_WORDS[p.mark] || ""].filter(Boolean).join(", ");
    const label = `Step ${p.step}, ${seatName(info.seats, p.seat)}: ${what}`;
    const cx = xOf(p.step, doc.steps), cy = yOf(value(p));
    // A dot is a button: its visible circle, and around it a clear one
    // 24 px across to hit.
    const dot = svg("g", {
      class: `mark-dot ${p.mark || ""} ${p.losing ? "losing" : ""}`.trim(),
      tabindex: 0, role: "button", "aria-label": label, "data-step": p.step,
    }, svg("title", {}, label), svg("circle", { class: "hit", cx, cy, r: 12 }), svg("circle", { class: "dot", cx, cy, r: p.losing ? 7 : 5 }));
    dot.addEventListener("click", () => go(p.step));
    dot.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); go(p.step); }
    });
    root.append(dot);
  }
  return h("figure.analysis-figure", root, h("figcaption.muted", legend(doc, info)));
}

function legend(doc, info) {
  const seats = doc.analysed.length > 1 ? doc.analysed.map((s, i) => h("span.series-key", { style: `--key: ${SERIES[i % SERIES.length]}` }, seatName(info.seats, s))) : [];
  const marks = doc.graph.measure === "reaction" ? "dots: missed and false slaps"
    : doc.hindsight ? "dots: inaccuracies, mistakes, blunders; the ringed dot lost a winnable game" : "dots: inaccuracies, mistakes, blunders";
  return [...seats, `${marks} — select one to go to its step.`];
}

// stepText says what the analysis found at step.
function stepText(doc, info, step, say) {
  const d = doc.decisions.find((x) => x.step === step);
  if (!d) {
    const v = doc.hindsight && doc.hindsight.verdicts[step];
    return step === 0 ? "The deal." : `Step ${step}: ${v ? `${v === "won" ? "winnable" : v} with hindsight` : "no decision analysed here"}.`;
  }
  const parts = [`Step ${step}: ${say(d.seat, d.action)}`];
  if (d.slap) parts.push(slapText(d.slap));
  else if (d.played) parts.push(d.played.wins === 0 ? pct(d.played) : `chance ${pct(d.played)}`);
  else if (d.choices < 2) parts.push("forced");
  if (d.losing) parts.push("THE LOSING MOVE (winnable before, lost after)");
  if (d.losing && d.keeps) parts.push(WORDS.keeps(say(d.seat, d.keeps, "the solver")));
  if (d.hindsight_only) parts.push(WORDS.unforeseeable);
  if (d.mark && !d.slap) parts.push(d.mark.toUpperCase());
  if (d.best && d.mark && !d.slap) parts.push(WORDS.better(say(d.seat, d.best.action, "the expert"), pct(d.best)));
  else if (d.best && d.loss >= 0.05) parts.push(`instead ${say(d.seat, d.best.action, "the expert")}: ${pct(d.best)}`);
  if (d.before && !d.losing) parts.push(`solver: ${verdict(d.before)} → ${verdict(d.after)}`);
  return parts.join(" · ");
}

const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const pct = (e) => (e.wins === 0 ? WORDS.noWin(e.trials) : `${Math.round(100 * e.chance)}% (${Math.round(100 * e.low)}–${Math.round(100 * e.high)})`);
const verdict = (v) => (v === "won" ? "winnable" : v);

function slapText(s) {
  if (!s.possible) return "a false slap";
  if (s.reaction_ms < 0) return `missed a ${s.window_ms} ms window`;
  return `slap after ${s.reaction_ms} ms${s.first ? ", first" : ""}`;
}

// hindsightLine names the losing move and lists the solver's winning line
// (Regicide).
function hindsightLine(doc, info, go, say) {
  const h0 = doc.hindsight;
  if (!h0) return "";
  const jump = (step, text) => h("button.link-button", { onclick: () => go(step) }, text);
  let head;
  if (h0.first_lost < 0) head = h("p", "With hindsight, every position was winnable.");
  else if (h0.first_lost === 0) head = h("p", "With hindsight, this deal could not be won.");
  else if (h0.losing_step) head = h("p", "With hindsight, the game was lost at ", h("span.nowrap", jump(h0.losing_step, `step ${h0.losing_step}`), ":"), " ", inline(`${say(h0.losing.seat, h0.losing.action)}.`));
  else head = h("p", `With hindsight, the game was lost between steps ${h0.last_won + 1} and ${h0.first_lost} (the solver could not settle those between).`);
  if (!h0.line || !h0.line.length) return head;
  const items = h0.line.map((s, i) => h("li", { value: h0.last_won + i + 1 }, inline(`${say(s.seat, s.action)}.`)));
  return h("div.hindsight", head, h("details", h("summary", `A winning line from step ${h0.last_won} (${h0.line.length} actions)`), h("ol.log-lines", { tabindex: 0, "aria-label": "the winning line" }, items)));
}

function summary(doc, info, go) {
  const rows = doc.summary.map((s) => {
    const who = h("strong", seatName(info.seats, s.seat));
    if (doc.game === "war") {
      const mean = s.slaps ? `, mean ${Math.round(s.mean_reaction_ms || 0)} ms` : "";
      return h("li", who, `: ${s.windows || 0} windows, ${s.slaps || 0} slaps (${s.first || 0} first), ${s.missed || 0} missed, ${s.false || 0} false${mean}`);
    }
    const turn = s.turning_point ? [" · turning point ", h("button.link-button", { onclick: () => go(s.turning_point) }, `step ${s.turning_point}`)] : [];
    const counts = [count(s.inaccuracies, "inaccuracy", "inaccuracies"), count(s.mistakes, "mistake", "mistakes"), count(s.blunders, "blunder", "blunders")];
    return h("li", who, `: ${s.decisions} decisions · ${counts.join(", ")}`, s.accuracy !== undefined ? WORDS.accuracy(s.accuracy) : "", ...turn);
  });
  return h("ul.analysis-summary", rows);
}

const capital = (t) => (t ? t[0].toUpperCase() + t.slice(1) : t);
