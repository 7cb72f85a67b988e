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
import { t, tNodes, lang } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
// The graph's drawing box: H high and W wide, W set to the panel's width
// (within 320–600) when it is drawn, so a phone's graph is drawn at about
// its own scale and its dots are big enough to tap.
let W = 600;
const H = 160, PAD = 26;
const MARKS = { inaccuracy: "web.analysis.mark.inaccuracy", mistake: "web.analysis.mark.mistake", blunder: "web.analysis.mark.blunder", missed: "web.analysis.mark.missed", false: "web.analysis.mark.false" };
const markWord = (m) => (MARKS[m] ? t(MARKS[m]) : "");
const SERIES = ["#2457c5", "#c0262d", "#1a7f4b", "#8a4fbf"];
const POLL_MS = 1000;

// moveOf writes a seat's action as a move to make ("play the 7♣"): the
// game module's imperative, given to analysisPanel.
let moveOf = (seat, action) => action;
const move = (seat, action) => moveOf(seat, action);

// whats names what a decision was: the losing move, its mark.
function whats(d) {
  return [d.losing ? t("web.analysis.losing-move") : "", markWord(d.mark)].filter(Boolean).join(", ");
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
// imperative(seat, action) writes an action as a move to make.
export function analysisPanel(id, info, go, say, goAs, imperative) {
  if (imperative) moveOf = imperative;
  const el = h("section.analysis.panel", { "aria-labelledby": "analysis-title" }, h("h3#analysis-title", t("web.analysis.title")));
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
      return fill(body, h("p.error", { role: "alert" }, t("web.analysis.load-failed")));
    }
    if (res.status === 200) {
      state.doc = data;
      return draw();
    }
    if (res.status === 202) {
      const progress = data.total ? t("web.analysis.progress", { done: data.done, total: data.total }) : t("web.analysis.solver-first");
      fill(body, h("p.status-line", { role: "status" }, t("web.analysis.analysing", { progress })));
      return setTimeout(() => ask("GET"), POLL_MS);
    }
    if (data && data.code === "no-analysis") {
      return fill(body, h("p.muted", t("web.analysis.intro")),
        h("button#analyse.primary", { onclick: () => ask("POST") }, t("web.analysis.analyse")));
    }
    fill(body, h("p.error", { role: "alert" }, (data && data.message) || t("web.analysis.failed", { status: res.status })),
      h("button#analyse", { onclick: () => ask("POST") }, t("web.analysis.try-again")));
  }

  function draw() {
    const doc = state.doc;
    body.classList.toggle("retrying", !!state.retry);
    if (state.retry) return drawRetry();
    W = Math.round(Math.max(320, Math.min(600, body.clientWidth || 600)));
    const learn = doc.game !== "war" ? h("button#learn", { onclick: () => startRetry() }, t("web.analysis.learn")) : null;
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
      fill(body.querySelector("#analysis-step") || body, t("web.analysis.no-mistakes"));
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
      inline(capital(move(d.seat, a))), a === d.action ? [" ", t("web.analysis.played")] : ""));
    fill(body,
      h("h4#retry-title", t("web.analysis.learn")),
      h("p.retry-intro", inline(t("web.analysis.learn-intro", { step: d.step, played: say(d.seat, d.action) }))),
      h("div.retry-choices", { role: "group", "aria-labelledby": "retry-title" }, choices),
      h("div.retry-result", { role: "status", "aria-live": "polite" },
        r.busy ? h("p", t("web.analysis.judging")) : r.error ? h("p.error", r.error) : r.result ? judgement(r.result, d) : ""),
      h("div.retry-buttons",
        h("button#retry-next", { onclick: () => startRetry(d.step) }, t("web.analysis.next-mistake")),
        h("button#retry-done", { onclick: () => { state.retry = null; draw(); go(d.step); } }, t("web.analysis.done"))));
  }

  function judgement(res, d) {
    const head = res.verdict === "won"
      ? h("p.retry-won", t("web.analysis.won"), " ", inline(res.line && res.line.length ? t("web.analysis.line-start", { move: capital(move(res.line[0].seat, res.line[0].action)) }) : ""))
      : res.verdict === "lost" ? h("p.retry-lost", t("web.analysis.lost")) : res.verdict ? h("p", t("web.analysis.unknown")) : null;
    let expert = null;
    if (res.estimate && res.best) {
      const verdict = res.mark ? t("web.analysis.worse", { count: Math.round(100 * res.loss), mark: markWord(res.mark) || res.mark }) : t(res.loss >= 0.05 ? "web.analysis.close" : "web.analysis.as-good");
      const best = say(d.seat, res.best.action, t("web.analysis.the-expert"));
      expert = h("p", inline(res.estimate.wins === 0
        ? t("web.analysis.expert-no-win", { n: res.estimate.trials, best, chance: pct(res.best), verdict })
        : t("web.analysis.expert", { mine: pct(res.estimate), best, chance: pct(res.best), verdict })));
    }
    return [head, expert];
  }

  // note is what the board shows at step: at a mark, the better move.
  function note(step) {
    if (!state.doc || state.retry) return null;
    const d = state.doc.decisions.find((x) => x.step === step);
    if (!d || !(d.mark || d.losing)) return null;
    const better = d.losing && d.keeps ? move(d.seat, d.keeps) : d.best && d.mark ? move(d.seat, d.best.action) : "";
    if (!better) return null;
    return h("p.board-better", { role: "note" }, h("strong", t("web.analysis.better-here")), " ", inline(t("web.analysis.sentence", { text: capital(better) })));
  }

  // notes are the marked steps with the better move, for the list.
  function notes() {
    const out = new Map();
    if (!state.doc) return out;
    for (const d of state.doc.decisions) {
      if (!(d.mark || d.losing)) continue;
      const better = d.losing && d.keeps ? d.keeps : d.best && d.mark ? d.best.action : "";
      out.set(d.step, { what: whats(d), better: better ? move(d.seat, better) : "" });
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
  const title = t(reaction ? "web.analysis.graph.reaction" : "web.analysis.graph.chance");
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "analysis-graph", role: "group", "aria-labelledby": "analysis-graph-title" });
  root.append(svg("title", { id: "analysis-graph-title" }, title));
  const h0 = doc.hindsight;
  if (h0 && h0.first_lost >= 0) {
    const x = xOf(h0.first_lost, doc.steps);
    root.append(svg("rect", { class: "lost-zone", x, y: yOf(1), width: Math.max(W - PAD - x, 1), height: yOf(0) - yOf(1) },
      svg("title", {}, t("web.analysis.graph.lost-zone"))));
  }
  for (const v of [0, 0.5, 1]) {
    root.append(svg("line", { class: "grid", x1: PAD, x2: W - PAD, y1: yOf(v), y2: yOf(v) }));
    root.append(svg("text", { class: "axis", x: 2, y: yOf(v) + 4 }, reaction ? ["web.analysis.graph.slow", "", "web.analysis.graph.fast"].map((id) => id && t(id))[v * 2] : t("web.analysis.percent", { n: v * 100 })));
  }
  for (const step of [0, doc.steps]) {
    root.append(svg("text", { class: "axis", x: xOf(step, doc.steps), y: H - 1, "text-anchor": step ? "end" : "start" }, step ? t("web.analysis.step-n", { n: step }) : t("web.analysis.graph.deal")));
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
    const label = t("web.analysis.dot", { step: p.step, seat: seatName(info.seats, p.seat), what: whats(p) });
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
  const marks = doc.graph.measure === "reaction" ? "web.analysis.legend.slaps" : doc.hindsight ? "web.analysis.legend.marks" : "web.analysis.legend.marks-plain";
  return [...seats, t(marks)];
}

// stepText says what the analysis found at step.
function stepText(doc, info, step, say) {
  const d = doc.decisions.find((x) => x.step === step);
  if (!d) {
    const v = doc.hindsight && doc.hindsight.verdicts[step];
    return step === 0 ? t("web.replay.the-deal") : t("web.analysis.step-only", { step, what: v ? t("web.analysis.with-hindsight", { verdict: verdict(v) }) : t("web.analysis.no-decision") });
  }
  const parts = [t("web.analysis.step", { step, action: say(d.seat, d.action) })];
  if (d.slap) parts.push(slapText(d.slap));
  else if (d.played) parts.push(d.played.wins === 0 ? pct(d.played) : t("web.analysis.chance", { pct: pct(d.played) }));
  else if (d.choices < 2) parts.push(t("web.analysis.forced"));
  if (d.losing) parts.push(t("web.analysis.the-losing-move"));
  if (d.losing && d.keeps) parts.push(t("web.analysis.keeps", { move: say(d.seat, d.keeps, t("web.analysis.the-solver")) }));
  if (d.hindsight_only) parts.push(t("web.analysis.unforeseeable"));
  if (d.mark && !d.slap) parts.push(upper(markWord(d.mark) || d.mark));
  if (d.best && d.mark && !d.slap) parts.push(t("web.analysis.better", { move: say(d.seat, d.best.action, t("web.analysis.the-expert")), chance: pct(d.best) }));
  else if (d.best && d.loss >= 0.05) parts.push(t("web.analysis.instead", { move: say(d.seat, d.best.action, t("web.analysis.the-expert")), chance: pct(d.best) }));
  if (d.before && !d.losing) parts.push(t("web.analysis.solver", { before: verdict(d.before), after: verdict(d.after) }));
  return parts.join(" · ");
}

const intlLang = lang === "qps" ? "en" : lang;
const upper = (s) => s.toLocaleUpperCase(intlLang);
const pct = (e) => (e.wins === 0 ? t("web.analysis.no-win", { n: e.trials }) : t("web.analysis.pct", { chance: Math.round(100 * e.chance), low: Math.round(100 * e.low), high: Math.round(100 * e.high) }));
const VERDICTS = { won: "web.analysis.verdict.won", lost: "web.analysis.verdict.lost" };
const verdict = (v) => (VERDICTS[v] ? t(VERDICTS[v]) : v);

function slapText(s) {
  if (!s.possible) return t("web.analysis.slap.false");
  if (s.reaction_ms < 0) return t("web.analysis.slap.missed", { ms: s.window_ms });
  return t(s.first ? "web.analysis.slap.first" : "web.analysis.slap.after", { ms: s.reaction_ms });
}

// hindsightLine names the losing move and lists the solver's winning line
// (Regicide).
function hindsightLine(doc, info, go, say) {
  const h0 = doc.hindsight;
  if (!h0) return "";
  const jump = (step, text) => h("button.link-button", { onclick: () => go(step) }, text);
  let head;
  if (h0.first_lost < 0) head = h("p", t("web.analysis.hindsight.all-winnable"));
  else if (h0.first_lost === 0) head = h("p", t("web.analysis.hindsight.never"));
  else if (h0.losing_step) {
    const at = h("span.nowrap", jump(h0.losing_step, t("web.analysis.step-n", { n: h0.losing_step })));
    head = h("p", tNodes("web.analysis.hindsight.lost-at", { step: at, move: inline(t("web.analysis.sentence", { text: say(h0.losing.seat, h0.losing.action) })) }));
  } else head = h("p", t("web.analysis.hindsight.between", { from: h0.last_won + 1, to: h0.first_lost }));
  if (!h0.line || !h0.line.length) return head;
  const items = h0.line.map((s, i) => h("li", { value: h0.last_won + i + 1 }, inline(t("web.analysis.sentence", { text: say(s.seat, s.action) }))));
  return h("div.hindsight", head, h("details", h("summary", t("web.analysis.hindsight.line", { step: h0.last_won, n: h0.line.length })), h("ol.log-lines", { tabindex: 0, "aria-label": t("web.analysis.hindsight.line-label") }, items)));
}

function summary(doc, info, go) {
  const rows = doc.summary.map((s) => {
    const who = h("strong", seatName(info.seats, s.seat));
    if (doc.game === "war") {
      const slaps = t("web.analysis.summary.slaps", { windows: s.windows || 0, slaps: s.slaps || 0, first: s.first || 0, missed: s.missed || 0, false: s.false || 0 });
      return h("li", who, ": ", slaps, s.slaps ? [" · ", t("web.analysis.summary.mean", { ms: Math.round(s.mean_reaction_ms || 0) })] : "");
    }
    const step = s.turning_point ? h("button.link-button", { onclick: () => go(s.turning_point) }, t("web.analysis.step-n", { n: s.turning_point })) : null;
    const counts = t("web.analysis.summary.decisions", { n: s.decisions, inaccuracies: s.inaccuracies, mistakes: s.mistakes, blunders: s.blunders });
    const accuracy = s.accuracy !== undefined ? [" · ", t("web.analysis.summary.accuracy", { a: new Intl.NumberFormat(intlLang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(s.accuracy) })] : "";
    return h("li", who, ": ", counts, accuracy, step ? [" · ", tNodes("web.analysis.summary.turning-point", { step })] : "");
  });
  return h("ul.analysis-summary", rows);
}

const capital = (s) => (s ? s.charAt(0).toLocaleUpperCase(intlLang) + s.slice(1) : s);
