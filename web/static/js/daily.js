// daily.js is the daily deal's page (/daily, or /daily#YYYY-MM-DD for a
// past day): today's Regicide solo deal to play (counted once for a
// member; a guest gets a practice deal instead), your result with its share text, the
// solver's verdict and your streak, and the board; a past day shows its
// published seed and the games' replays.

import { h, fill } from "./dom.js";
import * as acc from "./account-api.js";
import { mountNav } from "./account-nav.js";
import { saveToken, loadToken } from "./conn.js";
import { t, tNodes, person } from "./i18n.js";

const app = document.getElementById("app");

function boardTable(d) {
  if (!d.board.length) return h("p.muted", t("web.daily.nobody"));
  return h("table#daily-board.standings", h("thead", h("tr", h("th", "#"), h("th", t("web.daily.player")), h("th", t("web.daily.result")), h("th", t("web.daily.actions")), d.over ? h("th", "") : null)),
    h("tbody", d.board.map((e) => h("tr", h("td", e.rank),
      h("td", e.name === "former player" ? t("web.daily.former-player") : h("a", { href: `/u/${encodeURIComponent(e.name)}`, translate: "no" }, person(e.name))),
      h("td", e.aborted ? t("web.daily.aborted") : e.won ? h("strong", grade(e.grade)) : t("web.daily.enemies", { count: e.enemies })), h("td", e.aborted ? "" : e.actions),
      d.over ? h("td", h("a", { href: e.replay }, t("web.daily.replay"))) : null))));
}

// grade names a won deal's grade ("gold", as the server names it) in the
// reader's language.
function grade(name) {
  const id = `regicide.grade.${name}`;
  const text = t(id);
  return text === id ? name : text;
}

async function start() {
  const err = document.getElementById("start-error");
  try {
    const tb = await acc.dailyStart(); // a guest gets a practice deal (tb.practice)
    saveToken(tb.id, tb.token);
    location.href = `/t/${tb.id}`;
  } catch (ex) {
    err.textContent = ex.message;
  }
}

function verdictText(v) {
  if (!v) return t("web.daily.verdict.pending");
  return { won: t("web.daily.verdict.won"), lost: t("web.daily.verdict.lost"), unknown: t("web.daily.verdict.unknown") }[v.verdict] || "";
}

function mine(d) {
  const m = d.mine;
  if (!m) {
    if (d.over) return null;
    return h("section#daily-play.panel", h("h2", d.signed_in ? t("web.daily.play-title") : t("web.daily.practice-title")),
      h("p", d.signed_in ? t("web.daily.one-attempt") : t("web.daily.for-members")),
      h("button#daily-start.primary.big", { onclick: start }, d.signed_in ? t("web.daily.play-attempt") : t("web.daily.play-practice")),
      d.signed_in ? null : [" ", h("a", { href: "/account" }, t("web.daily.sign-in"))],
      h("p#start-error.error", { role: "alert" }));
  }
  if (!m.finished) {
    // Started on this browser: its seat token is here. Started elsewhere
    // (another browser, the terminal): starting again hands the attempt
    // to this browser (the other screen's token stops opening it).
    const here = loadToken(m.table);
    return h("section#daily-play.panel", h("h2", t("web.daily.your-attempt")),
      here ? h("p", tNodes("web.daily.started", { link: h("a#daily-resume", { href: `/t/${m.table}` }, t("web.daily.go-on")) }))
        : [h("p", t("web.daily.started-elsewhere")),
          h("button#daily-resume.primary.big", { onclick: start }, t("web.daily.go-on-here")), h("p#start-error.error", { role: "alert" })]);
  }
  return h("section#daily-mine.panel", h("h2", t("web.daily.your-result")),
    h("p.big-result", m.aborted ? t("web.daily.aborted-spent") : [m.won ? h("strong", grade(m.grade_name)) : t("web.daily.enemies", { count: m.enemies }), " ", t("web.daily.in-actions", { count: m.actions })],
      m.rank ? " · " + t("web.daily.rank-today", { rank: m.rank }) : ""),
    h("p#daily-verdict", verdictText(d.verdict)),
    d.streak ? h("p#daily-streak", t("web.daily.streak", { count: d.streak.current, best: d.streak.best })) : null,
    m.replay ? h("p#daily-links", h("a", { href: m.replay }, t("web.daily.replay-link")), " · ", h("a", { href: m.analysis }, t("web.daily.analysis-link")))
      : h("p.muted", t("web.daily.links-later")),
    // The share text is the server's, in English for now (docs/i18n.md).
    h("pre#daily-share.share", { translate: "no" }, m.share),
    h("button#daily-copy", { onclick: async (e) => { try { await navigator.clipboard.writeText(m.share); e.target.textContent = t("web.daily.copied"); } catch { e.target.textContent = t("web.daily.select-copy"); } } }, t("web.daily.copy-share")));
}

function yesterday(day) {
  const t = new Date(`${day}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() - 1);
  return t.toISOString().slice(0, 10);
}

async function main() {
  document.title = t("web.page.title", { page: t("web.daily.title") });
  await mountNav(document.querySelector("header"));
  const day = location.hash.slice(1);
  try {
    const d = day ? await acc.dailyDay(day) : await acc.dailyToday();
    document.querySelector("h1").textContent = t("web.daily.title-day", { day: d.day });
    fill(app,
      h("p.muted", t("web.daily.about")),
      h("p#daily-ranking.muted", t("web.daily.ranking")),
      mine(d),
      h("section.panel", h("h2", d.over ? t("web.daily.board") : t("web.daily.todays-board")), boardTable(d)),
      h("section#daily-seed.panel", h("h2", t("web.daily.check")),
        d.over ? h("p", tNodes("web.daily.seed", { seed: h("code", String(d.seed)), command: h("code", `cardtable play regicide --seed ${d.seed}`), commitment: h("code.commitment", d.commitment) }))
          : h("p", tNodes("web.daily.seed-later", { commitment: h("code.commitment", d.commitment) }))),
      h("p", h("a", { href: `/daily#${yesterday(d.day)}`, onclick: () => setTimeout(() => location.reload()) }, t("web.daily.deal-of", { day: yesterday(d.day) }))));
  } catch (ex) {
    fill(app, h("p.error", { role: "alert" }, ex.message));
  }
}

main();
