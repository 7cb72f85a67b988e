// profile.js is a player's page (/u/NAME): ratings with their history
// graphs, daily results with the streak, and the latest games with their
// results and replays.

import { h, fill, seatName, useBotWords } from "./dom.js";
import { BOTS } from "./options.js";
import * as acc from "./account-api.js";
import { mountNav } from "./account-nav.js";

const app = document.getElementById("app");
const name = decodeURIComponent(location.pathname.split("/")[2] || "");
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.append(c);
  return el;
}

// graph draws a rating history: the rating as a line, ±2 RD as a band.
export function graph(history, title) {
  const W = 320, H = 120, P = 6;
  const pts = [{ rating: 1500, rd: 350 }, ...history];
  const lo = Math.min(...pts.map((p) => p.rating - 2 * p.rd)), hi = Math.max(...pts.map((p) => p.rating + 2 * p.rd));
  const x = (i) => P + (i * (W - 2 * P)) / Math.max(pts.length - 1, 1);
  const y = (r) => H - P - ((r - lo) * (H - 2 * P)) / Math.max(hi - lo, 1);
  const band = pts.map((p, i) => `${x(i)},${y(p.rating + 2 * p.rd)}`).concat(pts.map((p, i) => `${x(i)},${y(p.rating - 2 * p.rd)}`).reverse());
  return svg("svg", { class: "rating-graph", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": title },
    svg("title", {}, document.createTextNode(title)),
    svg("polygon", { points: band.join(" "), class: "band" }),
    svg("polyline", { points: pts.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), class: "line" }),
    ...pts.map((p, i) => svg("circle", { cx: x(i), cy: y(p.rating), r: 2.5, class: "dot" })));
}

const round = (r) => Math.round(r);

// PUZZLES is the puzzles' rating category: its "games" are answers.
const PUZZLES = "regicide-puzzles";

function ratingCard(r) {
  const unit = r.category === PUZZLES ? ["puzzle", "puzzles"] : ["rated game", "rated games"];
  const last = r.history.length > 1 ? r.history[r.history.length - 1].rating - r.history[r.history.length - 2].rating : r.rating - 1500;
  const delta = round(last) === 0 ? "" : ` (${last > 0 ? "+" : ""}${round(last)} last ${r.category === PUZZLES ? "puzzle" : "game"})`;
  return h("section.panel.rating-card", { dataset: { category: r.category } },
    h("h3", r.title),
    h("p.rating-now", h("strong", `${round(r.rating)}${r.provisional ? "?" : ""}`), h("small.muted", ` ± ${round(2 * r.rd)}${delta}`)),
    h("p.muted", `${r.games} ${unit[r.games === 1 ? 0 : 1]}, `, r.rank ? [`#${r.rank} on the `, h("a", { href: `/leaderboards#${r.category}` }, "leaderboard")]
      : ["provisional: not on the ", h("a", { href: `/leaderboards#${r.category}` }, "leaderboard"), " until settled to ±220"],
      r.category === PUZZLES ? [" · ", h("a", { href: "/puzzles" }, "solve more")] : null),
    graph(r.history, `${r.title} rating after each ${unit[0]}`));
}

// GAVE_UP says why a rated seat counted as lost (docs/accounts.md).
const GAVE_UP = { resigned: "resigned", left: "left to a bot", timeout: "time ran out", away: "away, handed to a bot" };

// signed is a rating change as people read it: +12, −12, ±0.
const signed = (x) => { const n = Math.round(x); return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "\u00b10"; };

// resultWords says exactly what a game did: "rated · lost · −12" (with
// why a given-up seat lost), "aborted", "won" (an unrated game), "won ·
// not rated" (a rated table whose rating did not move).
function resultWords(g) {
  if (!g.outcome) return h("span.game-result", g.rated ? [h("span.rated-mark", "rated"), " · "] : null, h("span.muted", "playing"));
  const out = h(`span.outcome.outcome-${g.outcome}`, g.outcome);
  if (g.rating) {
    const why = g.rating.gave_up ? ` (${GAVE_UP[g.rating.gave_up] || g.rating.gave_up})` : "";
    return h("span.game-result", h("span.rated-mark", "rated"), " · ", out, why, " · ", h("strong.rating-change", signed(g.rating.change)));
  }
  if (g.rated && g.outcome !== "aborted") return h("span.game-result", out, " · ", h("span.muted", "not rated"));
  return h("span.game-result", out);
}

function gameRow(g) {
  const res = resultWords(g);
  // The other seats as the table names them ("Good bot", "Seat 2").
  useBotWords(BOTS[g.game]);
  const seats = g.seats.map((name) => ({ name }));
  const others = seats.map((_, i) => i).filter((i) => i !== g.seat).map((i) => seatName(seats, i)).join(", ");
  return h("li", { dataset: { table: g.id } }, h("strong", g.title), " ", res, g.daily ? h("span.daily-mark", `daily ${g.daily}`) : null,
    h("small.muted", ` ${new Date(g.created).toLocaleDateString()}${others ? " · with " + others : ""}`), " ",
    g.replay ? h("a", { href: g.replay }, "replay") : g.outcome ? null : h("a", { href: `/t/${g.id}` }, "table"),
    g.analysis ? [" ", h("a", { href: g.analysis }, "analysis")] : null);
}

function dailyPanel(d) {
  return h("section#daily-results.panel", h("h2", "Daily deal"),
    h("p", h("strong", `${d.streak}`), ` day${d.streak === 1 ? "" : "s"} in a row (best ${d.best_streak})`),
    d.results.length ? h("ul.plain", d.results.slice(0, 14).map((r) => h("li", `${r.day}: `,
      !r.finished ? "playing" : r.aborted ? "aborted" : r.won ? h("strong", r.grade_name) : `${r.enemies}/12 enemies`,
      r.finished && !r.aborted ? ` in ${r.actions} actions ` : " ",
      r.replay ? h("a", { href: r.replay }, "replay") : null, r.analysis ? [" ", h("a", { href: r.analysis }, "analysis")] : null))) : h("p.muted", "No daily deal played yet."));
}

async function main() {
  await mountNav(document.querySelector("header"));
  try {
    const p = await acc.profile(name);
    document.title = `${p.name} — cardtable`;
    document.querySelector("h1").textContent = p.name;
    fill(app,
      h("p.muted", `Playing since ${new Date(p.created).toLocaleDateString()}`),
      h("section#ratings", h("h2", "Ratings"), p.ratings.length ? h("div.rating-cards", p.ratings.map(ratingCard)) : h("p.muted", "No rated game yet.")),
      dailyPanel(p.daily),
      h("section#games.panel", h("h2", "Games"), p.games.length ? h("ul.plain.games", p.games.map(gameRow)) : h("p.muted", "No game yet.")));
  } catch (ex) {
    fill(app, h("p.error", { role: "alert" }, ex.message), h("p", h("a", { href: "/" }, "Back to the lobby")));
  }
}

main();
