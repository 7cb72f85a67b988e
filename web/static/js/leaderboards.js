// leaderboards.js is the leaderboards page: each rated game's top players
// and, signed in, the players around you; everyone, people only or bot
// accounts only (?who=), a bot account's name titled BOT.

import { h, fill } from "./dom.js";
import * as acc from "./account-api.js";
import { mountNav, ratingTitle } from "./account-nav.js";
import { t, tNodes, person } from "./i18n.js";

const app = document.getElementById("app");
// CATEGORIES: each rating's key, title and whether it counts puzzles
// (else rated games).
const CATEGORIES = [
  ["watchtower", ratingTitle("watchtower"), false],
  ["war-slap", ratingTitle("war-slap"), false],
  ["regicide-puzzles", ratingTitle("regicide-puzzles"), true],
];

// WHO is whom the boards list (?who=): everyone, people or bot accounts.
const WHO = { "": "web.lb.who-all", people: "web.lb.who-people", bots: "web.lb.who-bots" };
const who = Object.hasOwn(WHO, new URLSearchParams(location.search).get("who") || "") ? new URLSearchParams(location.search).get("who") || "" : "";

function whoPicker() {
  const sel = h("select#lb-who", { onchange: () => {
    const u = new URL(location.href);
    if (sel.value) u.searchParams.set("who", sel.value);
    else u.searchParams.delete("who");
    location.assign(u);
  } }, Object.entries(WHO).map(([v, id]) => h("option", { value: v, selected: v === who }, t(id))));
  return h("p.lb-who", h("label", { for: "lb-who" }, t("web.lb.who")), " ", sel);
}

function board(entries, me, puzzles) {
  if (!entries.length) return h("p.muted", t("web.lb.empty"));
  return h("table.standings", h("thead", h("tr", h("th", "#"), h("th", t("web.lb.player")), h("th", t("web.lb.rating")), h("th", t(puzzles ? "web.lb.puzzles" : "web.lb.games")))),
    h("tbody", entries.map((e) => h(me && e.name === me ? "tr.me" : "tr", h("td", e.rank),
      h("td", e.bot ? [h("span.bot-title", t("web.bots.title-short")), " "] : null, h("a", { href: `/u/${encodeURIComponent(e.name)}`, translate: "no" }, person(e.name))),
      h("td", `${Math.round(e.rating)}${e.provisional ? "?" : ""}`, h("small.muted", ` ±${Math.round(2 * e.rd)}`)), h("td", e.games)))));
}

// aroundMe is the signed-in player's place: the players around them, or,
// while their rating is provisional, why they are not on the board.
function aroundMe(around, name, puzzles) {
  const m = around.me;
  if (!m.provisional) return board(around.entries, name, puzzles);
  return h("p.provisional-note", t(puzzles ? "web.lb.provisional-puzzles" : "web.lb.provisional-games", { rating: Math.round(m.rating), rd: Math.round(2 * m.rd) }));
}

async function main() {
  document.title = t("web.page.title", { page: t("web.lb.title") });
  const user = await mountNav(document.querySelector("header"));
  const sections = [];
  for (const [cat, title, puzzles] of CATEGORIES) {
    try {
      const top = await acc.leaderboard(cat, false, who);
      const parts = [h("h2", title), h("h3", t("web.lb.top")), board(top.entries, user && user.name, puzzles)];
      if (user) {
        const around = await acc.leaderboard(cat, true, who);
        const none = puzzles ? tNodes("web.lb.none-puzzles", { title, link: h("a", { href: "/puzzles" }, t("web.lb.answer")) }) : t("web.lb.none-games", { title });
        parts.push(h("h3", t("web.lb.around")), around.me ? aroundMe(around, user.name, puzzles) : h("p.muted", none));
      }
      sections.push(h(`section#${cat}.panel`, parts));
    } catch (ex) {
      sections.push(h("p.error", ex.message));
    }
  }
  fill(app, h("p.muted", t("web.lb.intro")), whoPicker(), h("div.boards", sections));
}

main();
