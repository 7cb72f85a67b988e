// profile.js is a player's page (/u/NAME): ratings with their history
// graphs, daily results with the streak, the tournaments entered with
// their places, and the latest games with their results and replays. A
// bot account's is titled BOT.

import { h, fill, seatName, useBotWords } from "./dom.js";
import { BOTS } from "./options.js";
import * as acc from "./account-api.js";
import { mountNav, ratingTitle } from "./account-nav.js";
import { t, tNodes, dateText, gameTitle } from "./i18n.js";
import { call } from "./call.js";
import { entryItem } from "./tourney-words.js";
import { challengePanel } from "./challenge.js";

const app = document.getElementById("app");
const name = decodeURIComponent(location.pathname.split("/")[2] || "");
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.append(c);
  return el;
}

// graph draws a rating history: the rating as a line, ±2 RD as a band,
// over a scale of ratings (left) and the dates of the first and the
// latest rated result (below).
export function graph(history, title) {
  const W = 320, H = 150, L = 36, R = 8, T = 8, B = 22;
  const pts = [{ rating: 1500, rd: 350 }, ...history];
  const lo = Math.min(...pts.map((p) => p.rating - 2 * p.rd)), hi = Math.max(...pts.map((p) => p.rating + 2 * p.rd));
  const x = (i) => L + (i * (W - L - R)) / Math.max(pts.length - 1, 1);
  const y = (r) => H - B - ((r - lo) * (H - T - B)) / Math.max(hi - lo, 1);
  const band = pts.map((p, i) => `${x(i)},${y(p.rating + 2 * p.rd)}`).concat(pts.map((p, i) => `${x(i)},${y(p.rating - 2 * p.rd)}`).reverse());
  const step = [50, 100, 200, 250, 500, 1000].find((s) => (hi - lo) / s <= 5) || 2000;
  const ticks = [];
  for (let r = Math.ceil(lo / step) * step; r <= hi; r += step) ticks.push(r);
  const dates = history.length ? [[1, "start"], [pts.length - 1, "end"]].filter(([i], k) => k === 0 || i !== 1) : [];
  return svg("svg", { class: "rating-graph", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": title },
    svg("title", {}, document.createTextNode(title)),
    ...ticks.map((r) => svg("line", { x1: L, x2: W - R, y1: y(r), y2: y(r), class: "grid" })),
    ...ticks.map((r) => svg("text", { x: L - 4, y: y(r) + 3.5, "text-anchor": "end", class: "axis rating-tick" }, document.createTextNode(String(r)))),
    svg("line", { x1: L, x2: W - R, y1: H - B, y2: H - B, class: "axis-line" }),
    ...dates.map(([i, anchor]) => svg("text", { x: x(i), y: H - 6, "text-anchor": pts.length === 2 ? "end" : anchor, class: "axis date-tick" },
      document.createTextNode(dateText(pts[i].at)))),
    svg("polygon", { points: band.join(" "), class: "band" }),
    svg("polyline", { points: pts.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), class: "line" }),
    ...pts.map((p, i) => svg("circle", { cx: x(i), cy: y(p.rating), r: 2.5, class: "dot" })));
}

const round = (r) => Math.round(r);

// PUZZLES is the puzzles' rating category: its "games" are answers.
const PUZZLES = "regicide-puzzles";

function ratingCard(r) {
  const puzzles = r.category === PUZZLES;
  const title = ratingTitle(r.category, r.title);
  const last = r.history.length > 1 ? r.history[r.history.length - 1].rating - r.history[r.history.length - 2].rating : r.rating - 1500;
  const change = `${last > 0 ? "+" : ""}${round(last)}`;
  const delta = round(last) === 0 ? "" : ` (${t(puzzles ? "web.profile.last-puzzle" : "web.profile.last-game", { change })})`;
  return h("section.panel.rating-card", { dataset: { category: r.category } },
    h("h3", title),
    h("p.rating-now", h("strong", `${round(r.rating)}${r.provisional ? "?" : ""}`), h("small.muted", ` ± ${round(2 * r.rd)}${delta}`)),
    h("p.muted", t(puzzles ? "web.profile.puzzles" : "web.profile.rated-games", { count: r.games }), ", ",
      tNodes(r.rank ? "web.profile.rank" : "web.profile.provisional", { rank: r.rank, link: h("a", { href: `/leaderboards#${r.category}` }, t("web.profile.leaderboard")) }),
      puzzles ? [" · ", h("a", { href: "/puzzles" }, t("web.profile.solve-more"))] : null),
    graph(r.history, t(puzzles ? "web.profile.graph-puzzle" : "web.profile.graph-game", { title })));
}

// GAVE_UP says why a rated seat counted as lost (docs/accounts.md).
const GAVE_UP = { resigned: t("web.profile.gave-up.resigned"), left: t("web.profile.gave-up.left"), timeout: t("web.profile.gave-up.timeout"), away: t("web.profile.gave-up.away") };

// OUTCOMES are a game's outcomes for the player in words.
const OUTCOMES = { won: t("web.profile.outcome.won"), lost: t("web.profile.outcome.lost"), drawn: t("web.profile.outcome.drawn"), aborted: t("web.profile.outcome.aborted") };

// signed is a rating change as people read it: +12, −12, ±0.
const signed = (x) => { const n = Math.round(x); return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "\u00b10"; };

// resultWords says exactly what a game did: "rated · lost · −12" (with
// why a given-up seat lost), "aborted", "won" (an unrated game), "won ·
// not rated" (a rated table whose rating did not move).
function resultWords(g) {
  if (!g.outcome) return h("span.game-result", g.rated ? [h("span.rated-mark", t("web.profile.rated")), " · "] : null, h("span.muted", t("web.profile.playing")));
  const out = h(`span.outcome.outcome-${g.outcome}`, OUTCOMES[g.outcome] || g.outcome);
  if (g.rating) {
    const why = g.rating.gave_up ? ` (${GAVE_UP[g.rating.gave_up] || g.rating.gave_up})` : "";
    return h("span.game-result", h("span.rated-mark", t("web.profile.rated")), " · ", out, why, " · ", h("strong.rating-change", signed(g.rating.change)));
  }
  if (g.rated && g.outcome !== "aborted") return h("span.game-result", out, " · ", h("span.muted", t("web.profile.not-rated")));
  return h("span.game-result", out);
}

// person reports whether a seat's name is one a person chose (not a bot's
// "heuristic (seat 2)" nor the placeholder "seat 2"), kept as typed.
const person = (name) => !!name && !/^seat \d+$/i.test(name) && !/\(seat \d+\)$/.test(name);

function gameRow(g) {
  const res = resultWords(g);
  // The other seats as the table names them ("Good bot", "Seat 2").
  useBotWords(BOTS[g.game]);
  const seats = g.seats.map((name) => ({ name }));
  const others = seats.map((_, i) => i).filter((i) => i !== g.seat).map((i) => (person(seats[i].name) ? h("span", { translate: "no" }, seatName(seats, i)) : seatName(seats, i)));
  const withOthers = others.length ? [" · ", tNodes("web.profile.with", { others: h("span", others.flatMap((o, i) => (i ? [", ", o] : [o]))) })] : null;
  return h("li", { dataset: { table: g.id } }, h("strong", gameTitle(g.game)), " ", res, g.daily ? h("span.daily-mark", t("web.profile.daily-mark", { day: g.daily })) : null,
    h("small.muted", " ", dateText(g.created), withOthers), " ",
    g.replay ? h("a", { href: g.replay }, t("web.profile.replay")) : g.outcome ? null : h("a", { href: `/t/${g.id}` }, t("web.profile.table")),
    g.analysis ? [" ", h("a", { href: g.analysis }, t("web.profile.analysis"))] : null);
}

function dailyPanel(d) {
  return h("section#daily-results.panel", h("h2", t("web.profile.daily")),
    h("p", tNodes("web.profile.streak", { count: d.streak, best: d.best_streak })),
    d.results.length ? h("ul.plain", d.results.slice(0, 14).map((r) => h("li", t("web.profile.day", { day: r.day }), " ",
      !r.finished ? t("web.profile.playing") : r.aborted ? t("web.profile.outcome.aborted") : r.won ? h("strong", gradeName(r)) : t("web.profile.enemies", { count: r.enemies }),
      r.finished && !r.aborted ? " " + t("web.profile.actions", { count: r.actions }) + " " : " ",
      r.replay ? h("a", { href: r.replay }, t("web.profile.replay")) : null, r.analysis ? [" ", h("a", { href: r.analysis }, t("web.profile.analysis"))] : null))) : h("p.muted", t("web.profile.no-daily")));
}

// gradeName names a daily win's grade (REG-30: 3 gold, 2 silver, 1 bronze).
function gradeName(r) {
  const key = { 3: "regicide.grade.gold", 2: "regicide.grade.silver", 1: "regicide.grade.bronze" }[r.grade];
  return key ? t(key) : r.grade_name;
}

async function main() {
  document.title = t("web.page.title", { page: t("web.profile.title") });
  await mountNav(document.querySelector("header"));
  try {
    const p = await acc.profile(name);
    document.title = t("web.page.title", { page: p.name });
    document.querySelector("title").dataset.notation = p.name; // a name, as its person chose it
    const h1 = document.querySelector("h1");
    Object.assign(h1, { textContent: p.name, translate: false });
    if (p.bot) h1.prepend(h("span.bot-title", t("web.bots.title-short")), " ");
    const challenge = p.bot ? await challengePanel(p.name) : null;
    let entered = [];
    try { entered = (await call("GET", "/api/tournaments?user=" + encodeURIComponent(p.name))).tournaments || []; } catch { entered = []; }
    fill(app,
      p.bot ? h("p#bot-note.notice", t("web.profile.bot")) : null,
      challenge,
      h("p.muted", t("web.profile.since", { date: dateText(p.created) })),
      h("section#ratings", h("h2", t("web.profile.ratings")), p.ratings.length ? h("div.rating-cards", p.ratings.map(ratingCard)) : h("p.muted", t("web.profile.no-rated"))),
      dailyPanel(p.daily),
      entered.length ? h("section#tournaments.panel", h("h2", t("web.profile.tournaments")), h("ul.tn-list", entered.map(entryItem))) : null,
      h("section#games.panel", h("h2", t("web.profile.games")), p.games.length ? h("ul.plain.games", p.games.map(gameRow)) : h("p.muted", t("web.profile.no-game"))));
  } catch (ex) {
    fill(app, h("p.error", { role: "alert" }, ex.message), h("p", h("a", { href: "/" }, t("web.profile.back"))));
  }
}

main();
