// leaderboards.js is the leaderboards page: each rated game's top players
// and, signed in, the players around you.

import { h, fill } from "./dom.js";
import * as acc from "./account-api.js";
import { mountNav } from "./account-nav.js";

const app = document.getElementById("app");
const CATEGORIES = [["watchtower", "Watchtower"], ["war-slap", "Slap War"]];

function board(entries, me) {
  if (!entries.length) return h("p.muted", "Nobody is rated yet.");
  return h("table.standings", h("thead", h("tr", h("th", "#"), h("th", "player"), h("th", "rating"), h("th", "games"))),
    h("tbody", entries.map((e) => h(me && e.name === me ? "tr.me" : "tr", h("td", e.rank),
      h("td", h("a", { href: `/u/${encodeURIComponent(e.name)}` }, e.name)),
      h("td", `${Math.round(e.rating)}${e.provisional ? "?" : ""}`, h("small.muted", ` ±${Math.round(2 * e.rd)}`)), h("td", e.games)))));
}

async function main() {
  const user = await mountNav(document.querySelector("header"));
  const sections = [];
  for (const [cat, title] of CATEGORIES) {
    try {
      const top = await acc.leaderboard(cat, false);
      const parts = [h("h2", title), h("h3", "Top"), board(top.entries, user && user.name)];
      if (user) {
        const around = await acc.leaderboard(cat, true);
        parts.push(h("h3", "Around you"), around.me ? board(around.entries, user.name) : h("p.muted", `You have no ${title} rating yet: play a rated table.`));
      }
      sections.push(h(`section#${cat}.panel`, parts));
    } catch (ex) {
      sections.push(h("p.error", ex.message));
    }
  }
  fill(app, h("p.muted", "Glicko-2 ratings of rated tables; a ? marks a rating still uncertain (±2 RD shown)."), h("div.boards", sections));
}

main();
