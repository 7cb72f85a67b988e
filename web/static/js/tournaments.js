// tournaments.js is the tournaments pages (docs/tournaments.md): the list
// at /tournaments with the form to create one, and a tournament's page at
// /tournaments/{id}, whose standings, games and buttons (join, withdraw,
// play my game, add bots, start) follow the tournament live. Every word
// is a message (web.tournament.*).

import { h, fill } from "./dom.js";
import { KINDS, STATUS, gameName, when, what, entryItem } from "./tourney-words.js";
import { t, translate, number, isolate, person } from "./i18n.js";
import { mountNav } from "./account-nav.js";
import { saveToken } from "./conn.js";
import { call } from "./call.js";

const app = document.getElementById("app");

// GAMES: what each kind plays ([game, preset]).
const GAMES = {
  swiss: [["watchtower", "standard"], ["war", "slap"], ["war", "classic"]],
  arena: [["war", "slap"], ["war", "classic"]],
  solo: [["regicide", "standard"]],
};
const COLS = {
  points: "web.tournament.col-points", buchholz: "web.tournament.col-buchholz", sb: "web.tournament.col-sb",
  record: "web.tournament.col-record", performance: "web.tournament.col-performance", enemies: "web.tournament.col-enemies",
  time: "web.tournament.col-time", "deals-done": "web.tournament.col-deals-done",
};
const RANKING = { swiss: "web.tournament.ranking-swiss", arena: "web.tournament.ranking-arena", solo: "web.tournament.ranking-solo" };
// ---- the list and the form ----

function createForm() {
  const kind = h("select#tn-kind", Object.keys(KINDS).map((k) => h("option", { value: k }, t(KINDS[k]))));
  const game = h("select#tn-game");
  const extra = h("div.tn-extra");
  const err = h("p.error", { role: "alert" });
  const field = (id, label, input) => h("label.tn-field", { for: id }, h("span", t(label)), input);
  const numIn = (id, value, min, max) => h("input#" + id, { type: "number", value, min, max, required: true });
  const syncKind = () => {
    fill(game, GAMES[kind.value].map(([g, p]) => h("option", { value: g + "/" + p }, gameName(g, p))));
    const rows = [];
    if (kind.value === "swiss") rows.push(field("tn-rounds", "web.tournament.form-rounds", numIn("tn-rounds", 5, 1, 11)));
    else rows.push(field("tn-minutes", "web.tournament.form-minutes", numIn("tn-minutes", 30, 5, 240)));
    if (kind.value === "solo") rows.push(field("tn-deals", "web.tournament.form-deals", numIn("tn-deals", 3, 1, 10)));
    else rows.push(field("tn-clock", "web.tournament.form-clock", h("select#tn-clock", ["20s", "1m", "3m"].map((c) => h("option", { value: c, selected: c === "1m" }, c)))));
    fill(extra, rows);
  };
  kind.addEventListener("change", syncKind);
  syncKind();
  const form = h("form#tn-create.tn-form",
    field("tn-name", "web.tournament.form-name", h("input#tn-name", { maxlength: 60 })),
    field("tn-kind", "web.tournament.form-kind", kind),
    field("tn-game", "web.tournament.form-game", game),
    extra,
    field("tn-starts", "web.tournament.form-starts", numIn("tn-starts", 5, 0, 1440)),
    h("label.tn-check", h("input#tn-rated", { type: "checkbox" }), h("span", t("web.tournament.form-rated"))),
    h("button.primary", { type: "submit" }, t("web.tournament.create")), err);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const [g, p] = game.value.split("/");
    const num = (id) => { const el = form.querySelector("#" + id); return el ? Number(el.value) : 0; };
    const body = { kind: kind.value, game: g, preset: p, name: form.querySelector("#tn-name").value, rounds: num("tn-rounds"),
      minutes: num("tn-minutes"), deals: num("tn-deals"), starts_in: num("tn-starts"), rated: form.querySelector("#tn-rated").checked };
    const clock = form.querySelector("#tn-clock");
    if (clock) body.clock = clock.value;
    try {
      const made = await call("POST", "/api/tournaments", body);
      location.href = "/tournaments/" + encodeURIComponent(made.id);
    } catch (ex) {
      err.textContent = ex.message;
    }
  });
  return form;
}

async function listPage(user) {
  const { tournaments } = await call("GET", "/api/tournaments");
  const rows = tournaments.map((tn) => h("li.tn-item",
    h("a", { href: "/tournaments/" + encodeURIComponent(tn.id) }, person(tn.name)),
    h("span.tn-what", what(tn)),
    h("span.tn-status", { dataset: { status: tn.status } }, t(STATUS[tn.status])),
    h("span.muted", t("web.tournament.entrants", { count: tn.entrants })),
    h("span.muted", when(tn.starts))));
  let mine = [];
  if (user) mine = (await call("GET", "/api/tournaments?user=" + encodeURIComponent(user.name))).tournaments;
  fill(app,
    mine.length ? h("section.panel", h("h2", t("web.tournament.mine-title")), h("ul#tn-mine.tn-list", mine.map(entryItem))) : null,
    h("section.panel", h("h2", t("web.tournament.list-title")),
      rows.length ? h("ul#tn-list.tn-list", rows) : h("p.muted", t("web.tournament.none"))),
    h("section.panel", h("h2", t("web.tournament.create-title")),
      user ? createForm() : h("p.muted", h("a", { href: "/account" }, t("web.tournament.sign-in")))));
}

// ---- one tournament ----

function standingsTable(v) {
  const kind = v.tournament.kind;
  const cols = kind === "swiss" ? ["points", "buchholz", "sb", "record"] : kind === "arena" ? ["points", "performance", "record"] : ["enemies", "time", "deals-done"];
  const cell = (r, c) => {
    switch (c) {
    case "points": return number(r.points);
    case "buchholz": return number(r.buchholz || 0);
    case "sb": return number(r.sonneborn_berger || 0);
    case "record": return t("web.tournament.record", { w: r.wins, d: r.draws, l: r.losses });
    case "performance": return r.performance || "";
    case "enemies": return number(r.points);
    case "time": return t("web.tournament.seconds", { n: Math.round(r.seconds) });
    default: return r.finished;
    }
  };
  return h("table#tn-standings.standings",
    h("thead", h("tr", h("th", "#"), h("th", t("web.tournament.col-player")), cols.map((c) => h("th", t(COLS[c]))))),
    h("tbody", v.standings.map((r) => h(v.me && r.entrant && r.name === myName ? "tr.me" : "tr", { dataset: { entrant: r.entrant } },
      h("td", r.rank),
      h("td", person(r.name), r.bot ? h("span.tn-badge", t("web.tournament.bot")) : null, r.withdrawn ? h("span.tn-badge", t("web.tournament.withdrawn")) : null,
        r.fire ? h("span.tn-badge.tn-fire", t("web.tournament.on-fire")) : null),
      cols.map((c) => h("td", cell(r, c)))))));
}

function gamesList(v) {
  const live = v.games.filter((g) => g.live && g.table);
  const done = v.games.filter((g) => !g.live).slice(-40).reverse();
  const line = (g) => h("li", h("span.muted", t("web.tournament.round-board", { round: g.round, board: g.board })), " ",
    g.second ? isolate(g.first) + " – " + isolate(g.second) : isolate(g.first), " ",
    g.live ? h("a", { href: "/t/" + encodeURIComponent(g.table) }, t("web.tournament.watch")) : h("strong", g.result === "bye" ? t("web.tournament.bye") : g.result));
  return [
    h("h3", t("web.tournament.live-games")),
    live.length ? h("ul#tn-live.tn-games", live.map(line)) : h("p.muted", t("web.tournament.no-live")),
    done.length ? [h("h3", t("web.tournament.results")), h("ul#tn-results.tn-games", done.map(line))] : null,
  ];
}

let myName = "";

function actions(v, user, reload) {
  const id = v.tournament.id;
  const err = h("p#tn-error.error", { role: "alert" });
  const act = (label, path, body, after) => h("button", { type: "button", dataset: { act: path }, onclick: async () => {
    try {
      const r = await call("POST", "/api/tournaments/" + encodeURIComponent(id) + "/" + path, body);
      if (after) after(r);
      reload();
    } catch (ex) {
      err.textContent = ex.message;
    }
  } }, t(label));
  const over = v.tournament.status === "finished" || v.tournament.status === "cancelled";
  const buttons = [];
  if (!user) buttons.push(h("a", { href: "/account" }, t("web.tournament.sign-in")));
  else if (!over) {
    if (!v.me || v.me.withdrawn) buttons.push(act("web.tournament.join", "join"));
    if (v.me && !v.me.withdrawn) buttons.push(act("web.tournament.withdraw", "withdraw"));
    const canPlay = v.me && (v.me.playing || (v.tournament.kind === "solo" && v.tournament.status === "running" && !v.me.withdrawn));
    if (canPlay) {
      buttons.push(h("button.primary#tn-play", { type: "button", onclick: async () => {
        try {
          const seat = await call("POST", "/api/tournaments/" + encodeURIComponent(id) + "/play");
          saveToken(seat.table, seat.token);
          location.href = "/t/" + encodeURIComponent(seat.table);
        } catch (ex) {
          err.textContent = ex.message;
        }
      } }, t(v.me.playing ? "web.tournament.play-game" : "web.tournament.play-deal")));
    }
    if (v.creator && v.tournament.status === "open") {
      buttons.push(act("web.tournament.add-bots", "bots", { count: 1 }));
      buttons.push(act("web.tournament.start-now", "start"));
    }
  }
  return h("div.tn-actions", buttons, err);
}

function dealsList(v) {
  if (!v.deals || !v.deals.length) return null;
  return [h("h3", t("web.tournament.deals-title")), h("ol#tn-deals.tn-deals", v.deals.map((d) => h("li",
    h("code", d.seed ? t("web.tournament.seed", { seed: d.seed }) : t("web.tournament.commitment", { hash: d.commitment.slice(0, 16) })))))];
}

async function tournamentPage(id, user) {
  myName = user ? user.name : "";
  let timer = null;
  const reload = async () => {
    clearTimeout(timer);
    let v;
    try {
      v = await call("GET", "/api/tournaments/" + encodeURIComponent(id));
    } catch (ex) {
      fill(app, h("p.error", ex.message));
      return;
    }
    const tn = v.tournament;
    document.title = t("web.page.title", { page: isolate(tn.name) });
    fill(app,
      h("section.panel.tn-head",
        h("h2#tn-name", person(tn.name)),
        h("p.tn-what", what(tn)),
        h("p", h("span.tn-status", { dataset: { status: tn.status } }, t(STATUS[tn.status])), " ",
          h("span.muted", tn.status === "open" ? t("web.tournament.starts", { when: when(tn.starts) }) : tn.ends && tn.status === "running" ? t("web.tournament.ends", { when: when(tn.ends) }) : "")),
        actions(v, user, reload)),
      h("section.panel",
        h("h2", t(tn.status === "finished" ? "web.tournament.final-table" : "web.tournament.standings")),
        v.standings.length ? standingsTable(v) : h("p.muted", t("web.tournament.no-entrants")),
        h("p.muted.tn-ranking", t(RANKING[tn.kind]))),
      h("section.panel", gamesList(v), dealsList(v)));
    translate(app);
    if (tn.status === "open" || tn.status === "running") timer = setTimeout(reload, 2000);
  };
  await reload();
}

async function main() {
  const user = await mountNav(document.querySelector("header")).catch(() => null);
  const m = /^\/tournaments\/([^/]+)$/.exec(location.pathname);
  try {
    if (m) await tournamentPage(decodeURIComponent(m[1]), user);
    else await listPage(user);
  } catch (ex) {
    fill(app, h("p.error", ex.message));
  }
}

main();
