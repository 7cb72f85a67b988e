// leaderboards.js is the leaderboards page: each rated game's top players
// and, signed in, the players around you.

import { h, fill } from "./dom.js";
import * as acc from "./account-api.js";
import { mountNav } from "./account-nav.js";

const app = document.getElementById("app");
// CATEGORIES: each rating's key, title, what it counts, and how to get
// one.
const CATEGORIES = [
  ["watchtower", "Watchtower", "games", "play a rated table"],
  ["war-slap", "Slap War", "games", "play a rated table"],
  ["regicide-puzzles", "Regicide puzzles", "puzzles", h("a", { href: "/puzzles" }, "answer a puzzle")],
];

function board(entries, me, counted) {
  if (!entries.length) return h("p.muted", "Nobody is on the board yet: a player joins it once their rating is settled (±220 or less).");
  return h("table.standings", h("thead", h("tr", h("th", "#"), h("th", "player"), h("th", "rating"), h("th", counted))),
    h("tbody", entries.map((e) => h(me && e.name === me ? "tr.me" : "tr", h("td", e.rank),
      h("td", h("a", { href: `/u/${encodeURIComponent(e.name)}` }, e.name)),
      h("td", `${Math.round(e.rating)}${e.provisional ? "?" : ""}`, h("small.muted", ` ±${Math.round(2 * e.rd)}`)), h("td", e.games)))));
}

// aroundMe is the signed-in player's place: the players around them, or,
// while their rating is provisional, why they are not on the board.
function aroundMe(around, name, counted) {
  const m = around.me;
  if (!m.provisional) return board(around.entries, name, counted);
  return h("p.provisional-note", `Your rating ${Math.round(m.rating)}? ±${Math.round(2 * m.rd)} is provisional: you join the board once it is settled to ±220 or less `,
    `(after more ${counted}; it unsettles again with weeks away).`);
}

async function main() {
  const user = await mountNav(document.querySelector("header"));
  const sections = [];
  for (const [cat, title, counted, how] of CATEGORIES) {
    try {
      const top = await acc.leaderboard(cat, false);
      const parts = [h("h2", title), h("h3", "Top"), board(top.entries, user && user.name, counted)];
      if (user) {
        const around = await acc.leaderboard(cat, true);
        parts.push(h("h3", "Around you"), around.me ? aroundMe(around, user.name, counted) : h("p.muted", `You have no ${title} rating yet: `, how, "."));
      }
      sections.push(h(`section#${cat}.panel`, parts));
    } catch (ex) {
      sections.push(h("p.error", ex.message));
    }
  }
  fill(app, h("p.muted", "Glicko-2 ratings of rated tables and of puzzle answers (±2 RD shown, grown with the days since a player last played). Provisional ratings (uncertain by more than ±220) are not listed."), h("div.boards", sections));
}

main();
