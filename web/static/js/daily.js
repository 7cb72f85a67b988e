// daily.js is the daily deal's page (/daily, or /daily#YYYY-MM-DD for a
// past day): today's Regicide solo deal to play (counted once for a
// member; a guest gets a practice deal instead), your result with its share text, the
// solver's verdict and your streak, and the board; a past day shows its
// published seed and the games' replays.

import { h, fill } from "./dom.js";
import * as acc from "./account-api.js";
import { mountNav } from "./account-nav.js";
import { saveToken, loadToken } from "./conn.js";

const app = document.getElementById("app");

function boardTable(d) {
  if (!d.board.length) return h("p.muted", "Nobody has finished this deal yet.");
  return h("table#daily-board.standings", h("thead", h("tr", h("th", "#"), h("th", "player"), h("th", "result"), h("th", "actions"), d.over ? h("th", "") : null)),
    h("tbody", d.board.map((e) => h("tr", h("td", e.rank),
      h("td", e.name === "former player" ? e.name : h("a", { href: `/u/${encodeURIComponent(e.name)}` }, e.name)),
      h("td", e.aborted ? "aborted" : e.won ? h("strong", e.grade) : `${e.enemies}/12 enemies`), h("td", e.aborted ? "" : e.actions),
      d.over ? h("td", h("a", { href: e.replay }, "replay")) : null))));
}

async function start() {
  const err = document.getElementById("start-error");
  try {
    const t = await acc.dailyStart(); // a guest gets a practice deal (t.practice)
    saveToken(t.id, t.token);
    location.href = `/t/${t.id}`;
  } catch (ex) {
    err.textContent = ex.message;
  }
}

function verdictText(v) {
  if (!v) return "The solver is still looking at this deal; reload in a moment.";
  return { won: "The solver, seeing every card, found a way to win this deal.", lost: "The solver, seeing every card, proved this deal cannot be won.", unknown: "The solver ran out of time on this deal." }[v.verdict] || "";
}

function mine(d) {
  const m = d.mine;
  if (!m) {
    if (d.over) return null;
    return h("section#daily-play.panel", h("h2", d.signed_in ? "Play today's deal" : "Today's deal, and practice"),
      h("p", d.signed_in ? "You have one counted attempt today. Your result goes on the board."
        : "Today's deal is for members: one counted attempt each, so nobody learns it first. As a guest you get a practice deal, a different one each time."),
      h("button#daily-start.primary.big", { onclick: start }, d.signed_in ? "Play my attempt" : "Play a practice deal"),
      d.signed_in ? null : [" ", h("a", { href: "/account" }, "Sign in to play today's deal")],
      h("p#start-error.error", { role: "alert" }));
  }
  if (!m.finished) {
    // Started on this browser: its seat token is here. Started elsewhere
    // (another browser, the terminal): starting again hands the attempt
    // to this browser (the other screen's token stops opening it).
    const here = loadToken(m.table);
    return h("section#daily-play.panel", h("h2", "Your attempt"),
      here ? h("p", "You started today's deal: ", h("a#daily-resume", { href: `/t/${m.table}` }, "go on with it"))
        : [h("p", "You started today's deal on another screen. Go on with it here (the other screen stops playing it):"),
          h("button#daily-resume.primary.big", { onclick: start }, "Go on here"), h("p#start-error.error", { role: "alert" })]);
  }
  return h("section#daily-mine.panel", h("h2", "Your result"),
    h("p.big-result", m.aborted ? "Aborted before the first move (the attempt is spent)" : [m.won ? h("strong", m.grade_name) : `${m.enemies}/12 enemies`, ` in ${m.actions} actions`],
      m.rank ? ` · #${m.rank} today` : ""),
    h("p#daily-verdict", verdictText(d.verdict)),
    d.streak ? h("p#daily-streak", `Streak: ${d.streak.current} day${d.streak.current === 1 ? "" : "s"} (best ${d.streak.best})`) : null,
    m.replay ? h("p#daily-links", h("a", { href: m.replay }, "Replay"), " · ", h("a", { href: m.analysis }, "Analysis: where did it go wrong?"))
      : h("p.muted", "Your replay and its analysis open when the day is over (midnight UTC)."),
    h("pre#daily-share.share", m.share),
    h("button#daily-copy", { onclick: async (e) => { try { await navigator.clipboard.writeText(m.share); e.target.textContent = "Copied"; } catch { e.target.textContent = "Select the text to copy it"; } } }, "Copy the share text"));
}

function yesterday(day) {
  const t = new Date(`${day}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() - 1);
  return t.toISOString().slice(0, 10);
}

async function main() {
  await mountNav(document.querySelector("header"));
  const day = location.hash.slice(1);
  try {
    const d = day ? await acc.dailyDay(day) : await acc.dailyToday();
    document.querySelector("h1").textContent = `The daily deal · ${d.day}`;
    fill(app,
      h("p.muted", "Regicide solo, the same deal for every member, from midnight to midnight UTC."),
      h("p#daily-ranking.muted", d.ranking),
      mine(d),
      h("section.panel", h("h2", d.over ? "The board" : "Today's board"), boardTable(d)),
      h("section#daily-seed.panel", h("h2", "Check the deal"),
        d.over ? h("p", "Seed ", h("code", String(d.seed)), ": replay it with ", h("code", `cardtable play regicide --seed ${d.seed}`), "; its SHA-256 commitment, shown all day, was ", h("code.commitment", d.commitment), ".")
          : h("p", "The seed is published when the day ends. Its commitment (SHA-256), to check it against then: ", h("code.commitment", d.commitment))),
      h("p", h("a", { href: `/daily#${yesterday(d.day)}`, onclick: () => setTimeout(() => location.reload()) }, `The deal of ${yesterday(d.day)}`)));
  } catch (ex) {
    fill(app, h("p.error", { role: "alert" }, ex.message));
  }
}

main();
