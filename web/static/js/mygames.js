// mygames.js is the lobby's "My games": the tables this browser holds a
// seat at, from the seat tokens it keeps (localStorage cardtable.token.*),
// checked by the server (POST /api/mine): those where it is your move
// first, then those waiting for others (with the time left on a clock),
// then finished ones with their result and date. Tokens the server no
// longer knows are forgotten.

import { h, fill, seatName, useBotWords } from "./dom.js";
import { BOTS } from "./options.js";
import { fmt } from "./clock.js";
import { t, dateText, gameTitle } from "./i18n.js";

const PREFIX = "cardtable.token.";
const MAX = 50;

// heldSeats lists the seat tokens kept, newest tables first as far as
// localStorage tells (it keeps no order; the server's answer sorts).
function heldSeats() {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith(PREFIX)) out.push({ table: k.slice(PREFIX.length), token: localStorage.getItem(k) });
    }
  } catch { /* private mode */ }
  return out.slice(0, MAX);
}

async function ask(seats) {
  const res = await fetch("/api/mine", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seats }) });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error((data && data.message) || `HTTP ${res.status}`);
  return data;
}

// myGames fills el with this browser's games; it returns how many.
export async function myGames(el) {
  const seats = heldSeats();
  if (!seats.length) {
    fill(el, h("p.muted", t("web.mine.empty")));
    return 0;
  }
  let data;
  try {
    data = await ask(seats);
  } catch (ex) {
    fill(el, h("p.error", { role: "alert" }, ex.message));
    return 0;
  }
  for (const id of data.unknown || []) {
    try { localStorage.removeItem(PREFIX + id); } catch { /* ignore */ }
  }
  const games = data.games || [];
  const rank = (g) => (g.finished ? 2 : g.your_turn ? 0 : 1);
  games.sort((a, b) => rank(a) - rank(b) || (a.deadline || "~").localeCompare(b.deadline || "~") || (b.ended || b.created).localeCompare(a.ended || a.created));
  fill(el, games.length ? h("ul.mine-list", games.map(row)) : h("p.muted", t("web.mine.empty")));
  return games.length;
}

function row(g) {
  useBotWords(BOTS[g.game]);
  const others = g.seats.map((_, i) => i).filter((i) => i !== g.seat).map((i) => seatName(g.seats, i)).join(", ");
  const title = t("web.mine.title", { game: gameTitle(g.game), others: others || t("web.mine.nobody") });
  let tag;
  if (g.finished) {
    tag = h("span.tag.done", `${result(g)} · ${dateText(g.ended)}`);
  } else if (g.your_turn) {
    const late = g.left_ms !== undefined && g.left_ms < (g.settings && g.settings.pace === "live" ? 15000 : 6 * 3600000);
    tag = h("span.tag" + (late ? ".late" : ""), g.left_ms !== undefined ? t("web.mine.your-move-left", { left: fmt(g.left_ms) }) : t("web.mine.your-move"));
  } else {
    tag = h("span.tag.done", g.taken_over ? t("web.mine.taken-over") : t("web.mine.waiting"));
  }
  return h("li" + (g.your_turn ? ".your-turn" : ""), { dataset: { table: g.id } },
    h("a", { href: g.finished ? `/replay/${encodeURIComponent(g.id)}` : `/t/${encodeURIComponent(g.id)}` }, g.finished ? title : t("web.mine.play", { title })),
    tag);
}

// result says a finished game's result for the seat.
function result(g) {
  const r = g.result || {};
  if (r.end === "aborted") return t("web.mine.aborted");
  if (!r.winners || !r.winners.length) return r.end === "agreed-draw" ? t("web.mine.draw") : t("web.mine.over");
  return r.winners.includes(g.seat) ? t("web.mine.won") : t("web.mine.lost");
}
