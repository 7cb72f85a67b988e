// war.js renders a War view (docs/war.md): each pile with its count, the
// cards laid in this trick on the felt (a war's stacks growing), the last
// trick until the next one starts and the winner's pile taking its cards,
// the variants in force, and Slap War's slap button. It offers only the
// legal actions it is given; Flip, SLAP! and Pass go to the action bar.

import { h, seatName } from "./dom.js";
import { card, short, inline } from "./cards.js";
import { t, lang, list, rankName } from "./i18n.js";

export const title = t("game.war.title");

export function toMove(view) {
  if (view.phase === "slap" && view.slap) return view.slap.to_answer;
  return view.to_flip || [];
}

// seconds writes a number of seconds as the language does ("1.5 s"),
// with tenths when digits is 1.
function seconds(n, digits = 0) {
  const f = new Intl.NumberFormat(lang === "qps" ? "en" : lang, { useGrouping: false, minimumFractionDigits: digits, maximumFractionDigits: digits || 3 });
  return t("web.war.seconds", { n: f.format(n) });
}

// duration writes the server's duration ("1m0s", "1.5s", "800ms") in
// seconds as the language writes them; notation it cannot read stays.
function duration(d) {
  const m = /^(?:(\d+)m)?(?:([\d.]+)(ms|s))?$/.exec(String(d || ""));
  if (!m || !d) return String(d || "");
  return seconds(Number(m[1] || 0) * 60 + Number(m[2] || 0) / (m[3] === "ms" ? 1000 : 1));
}

// rankWord names a rank of an option ("K", "7") in the language.
const rankWord = (r) => rankName(String(r).toUpperCase());

// variants lists the rules in force that differ from plain War, in words.
export function variants(o) {
  const out = [];
  const on = (k) => o[k] && o[k] !== "off";
  if (o.players === "3") out.push(t("web.war.variant.three"));
  if (o.peace === "true") out.push(t("web.war.variant.peace"));
  if (on("auto-war")) out.push(t("web.war.variant.auto-war", { rank: rankWord(o["auto-war"]) }));
  if (on("beats-faces")) out.push(t("web.war.variant.beats-faces", { rank: rankWord(o["beats-faces"]) }));
  if (on("beats-ace")) out.push(t("web.war.variant.beats-ace", { rank: rankWord(o["beats-ace"]) }));
  if (on("underdog")) out.push(t("web.war.variant.underdog", { rank: rankWord(o.underdog) }));
  if (on("slap")) {
    const id = o["false-slap"] === "ignore" ? "web.war.variant.slap" : "web.war.variant.slap-lockout";
    out.push(t(id, { rank: rankWord(o.slap), window: duration(o["slap-window"]) }));
  }
  if (o.pickup && o.pickup !== "winner-first") {
    const how = { "loser-first": "web.war.variant.pickup-loser-first", seat: "web.war.variant.pickup-seat", shuffle: "web.war.variant.pickup-shuffle" }[o.pickup];
    out.push(how ? t(how) : t("web.war.variant.pickup", { how: o.pickup }));
  }
  return out;
}

function slapAction(legal) {
  return legal.find((a) => a.startsWith("slap"));
}

// The open slap window as this page saw it open: the position it opened
// on (its key) and when the reveal arrived.
let slapWindow = { key: "", at: 0 };

// A card's flight to the pile is measured in the window: once the window
// changes size it would land in the wrong place, so it ends there.
addEventListener("resize", () => {
  for (const ghost of document.querySelectorAll("svg.card.flying")) ghost.remove();
});
let ticker = 0;

// countdown is the time left in view's slap window and a bar of ten cells
// that empties with it, redrawn ten times a second while it is on screen.
function countdown(view) {
  const key = `${view.battles}/${view.wars}/${JSON.stringify(view.table)}`;
  if (key !== slapWindow.key) slapWindow = { key, at: performance.now() };
  const el = h("span.slap-countdown", { "aria-hidden": "true", dataset: { at: slapWindow.at, window: view.slap.window_ms } });
  drawCountdown(el);
  if (!ticker) {
    ticker = setInterval(() => {
      const els = document.querySelectorAll(".slap-countdown");
      els.forEach(drawCountdown);
      if (!els.length) ticker = clearInterval(ticker) || 0;
    }, 100);
  }
  return el;
}

function drawCountdown(el) {
  const total = Number(el.dataset.window);
  const left = Math.max(0, Number(el.dataset.at) + total - performance.now());
  const cells = total > 0 ? Math.ceil((10 * left) / total) : 0;
  el.textContent = `${seconds(left / 1000, 1)} ${"▰".repeat(cells)}${"▱".repeat(10 - cells)} `;
}

// holdMS is how long the table page keeps a finished trick that the
// screen has not shown yet (view, against the drawn one) before the next
// move replaces it: long enough to see it, a war's turning included.
export function holdMS(view, drawn) {
  if (onTable(view) || !view.last || (drawn && drawn.battles >= view.battles)) return 0;
  return view.last.turned ? 900 : 500;
}

// trickEnded reports whether the last action finished a trick (the
// battles counted went up since the view before).
function trickEnded(view, prev) {
  return !!(view.last && prev && view.battles > prev.battles);
}

export function render(view, ctx) {
  const offered = new Set();
  const board = h("div.war");
  const v = variants(ctx.options || {});
  board.append(h("p.variants", v.length ? t("web.war.variants", { list: v.join(" · ") }) : t("web.war.plain")));
  const battle = view.battles + (view.phase === "over" ? 0 : 1);
  board.append(h("p.stats", t("web.war.stats", { n: battle, wars: t("noun.wars", { count: view.wars }) })));

  const seats = h("div.war-seats");
  for (let i = 0; i < view.players; i++) seats.append(seatPanel(view, ctx, i));
  board.append(seats);

  const banner = warBanner(view, ctx);
  if (banner) board.querySelector(".war-seats").before(banner);
  if (view.slap) {
    const answered = view.slap.answer ? [" ", t(view.slap.answer.startsWith("slap") ? "web.war.answered-slap" : "web.war.answered-pass")] : null;
    // A seat that may slap sees the window run out (the server's clock
    // decides; this one starts when the reveal reached the page).
    const clock = view.phase === "slap" && slapAction(ctx.legal) ? countdown(view) : null;
    board.append(h("p.slap-banner", { role: "status" }, t("web.war.slap-showing", { rank: rankWord(view.slap.rank) }), " ", clock, answered));
  }
  if (view.last) board.append(h("p.last-trick", { "aria-live": "polite" }, withGlyphs(t("web.war.battle-line", { n: view.battles, sentence: trickSentence(view.last, ctx) }))));
  return { board, offered, bar: bar(view, ctx, offered), prompt: prompt(view, ctx) };
}

// bar is the action bar's buttons: Flip, SLAP!, Pass.
function bar(view, ctx, offered) {
  const out = [];
  if (ctx.legal.includes("flip")) {
    offered.add("flip");
    out.push(h("button.primary.big", { onclick: () => ctx.act("flip"), "data-action": "flip", "aria-keyshortcuts": "F Space" }, t("web.table.action.flip"), " ", h("kbd", { "aria-hidden": "true" }, "F")));
  }
  const slap = slapAction(ctx.legal);
  if (slap) {
    offered.add(slap);
    // Outside a window a slap is a false slap: offered, since the game
    // allows it, but drawn quieter and saying what it costs.
    const falseSlap = view.phase !== "slap";
    const what = ctx.options["false-slap"] === "ignore" ? "web.war.false-slap.nothing" : "web.war.false-slap.locks";
    out.push(h("button.slap" + (falseSlap ? ".false-slap" : ""), {
      onclick: () => ctx.act("slap"), "data-action": "slap", "aria-keyshortcuts": "S",
      "aria-describedby": falseSlap ? "false-slap-cost" : null,
    }, t("web.war.action.slap"), " ", h("kbd", { "aria-hidden": "true" }, "S"), falseSlap ? h("small", " ", t("web.war.none-showing", { rank: rankWord(ctx.options.slap || "") })) : null));
    if (falseSlap) out.push(h("span#false-slap-cost.visually-hidden", t(what)));
  }
  if (ctx.legal.includes("pass")) {
    offered.add("pass");
    out.push(h("button", { onclick: () => ctx.act("pass"), "data-action": "pass", "aria-keyshortcuts": "P" }, t("web.table.action.pass"), " ", h("kbd", { "aria-hidden": "true" }, "P")));
  }
  return out;
}

function prompt(view, ctx) {
  if (view.phase === "over") return "";
  if (ctx.legal.some((a) => a.startsWith("slap")) && view.phase === "slap") return t("web.war.prompt.slap");
  if (ctx.legal.includes("flip")) return t(view.round === "war" ? "web.war.prompt.war" : "web.war.prompt.flip");
  return "";
}

// onTable reports whether any seat has cards on the table in this trick.
function onTable(view) {
  return view.table.some((cs) => cs && cs.length);
}

// warBanner is WAR! (PEACE! in Peace) over the felt while a war builds and
// while the felt shows the war just won — so that every war has its
// banner, even one a bot's flip resolves before the next frame.
function warBanner(view, ctx) {
  const building = view.round === "war" && view.phase !== "over";
  const won = !onTable(view) && view.last && view.last.table.some((cs) => (cs || []).length > 1);
  if (!building && !won) return null;
  const word = ctx.options.peace === "true" ? t("war.banner.peace") : t("war.banner.war");
  return h("p.war-banner" + (ctx.fresh ? ".fresh" : ""), { role: "status", dataset: { war: view.battles + (building ? 1 : 0) } }, word);
}

// seatPanel is a seat at the table: its name, its pile with the count,
// and its spot on the felt, where its cards of this trick lie big (a
// war's stacks growing) or, once a trick is won and the table is clear,
// the cards it laid in that trick, face up — a war's face-down cards
// turned one by one (not under prefers-reduced-motion) — marked on the
// winner, whose pile then takes them.
function seatPanel(view, ctx, i) {
  const name = seatName(ctx.seats, i) + (i === ctx.seat ? " " + t("web.table.you-mark") : "");
  const waiting = (view.to_flip || []).includes(i) || (view.slap && view.slap.to_answer.includes(i));
  const laid = view.table[i] || [];
  const showLast = !onTable(view) && view.last;
  const won = view.last && view.last.winner === i;
  const pile = view.piles[i];
  return h("section.seat-panel" + (waiting ? ".to-move" : "") + (view.out[i] ? ".out" : "") + (won ? ".took" : ""),
    { "aria-label": name, dataset: { seat: i } },
    h("h3", name, view.out[i] ? ` — ${t("web.war.out")}` : "", (view.locked_out || []).includes(i) ? ` — ${t("web.war.locked-out")}` : ""),
    h("div.pile", { dataset: { pileOf: i } }, pile > 0 ? card("##") : h("span.empty-pile"), h("span.count", { "data-pile": i }, t("noun.cards", { count: pile }))),
    showLast ? lastSpot(view, ctx, i, name, won)
      : h("div.laid.spot", { role: "group", "aria-label": t("web.war.laid", { name, cards: laid.map(short).join(" ") || t("war.spot.nothing") }), dataset: { laidOf: i } },
        layers(laid, ctx, i)),
  );
}

// lastSpot is a seat's spot holding what it laid in the last trick: the
// face-up cards, and the face-down ones turned (the view's turned), the
// turning drawn when the trick has just ended.
function lastSpot(view, ctx, i, name, won) {
  const shown = view.last.table[i] || [];
  const turned = view.last.turned ? view.last.turned[i] || [] : shown;
  const turning = ctx.fresh && trickEnded(view, ctx.prev) && !reduced();
  let k = 0;
  const cards = turned.map((c, j) => {
    if (shown[j] !== "##" || c === "##") return card(shown[j]);
    const face = card(c);
    face.classList.add("revealed");
    if (!turning) return face;
    // Turned in the order laid, a card every 150 ms.
    const slot = h("span.turn", { style: `--d: ${150 * k++}ms` }, face, card("##", { decorative: true }));
    slot.lastChild.classList.add("turn-back");
    return slot;
  });
  const words = turned.map(short).join(" ") || t("war.spot.nothing");
  return h("div.laid-last.spot", { role: "group", "aria-label": won ? t("war.spot.last-took", { name, cards: words }) : t("war.spot.last", { name, cards: words }) },
    cards, won ? h("span.took-label", " ", t("war.spot.took")) : null);
}

// layers lays a seat's cards of a trick on the felt: a battle's one card,
// or a war's stacks (each war round's face-down cards under its face-up
// one), the new ones turning up.
function layers(laid, ctx, i) {
  const before = ctx.prev && ctx.prev.table ? (ctx.prev.table[i] || []).length : 0;
  return laid.map((c, j) => {
    const svg = card(c);
    if (ctx.fresh && j >= before) svg.classList.add("turned");
    if (c !== "##" && j > 0) svg.classList.add("up");
    return svg;
  });
}

function reduced() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// trickSentence tells a finished trick: who took it and how, with the
// cards that decided it (card codes, drawn as glyphs).
export function trickSentence(l, ctx) {
  const seat = l.winner >= 0 ? seatName(ctx.seats, l.winner) : t("web.war.nobody");
  const up = l.table.map((cs) => [...(cs || [])].reverse().find((c) => c !== "##")).map((c) => c || "");
  const counts = l.table.map((cs) => (cs || []).length);
  const war = counts.some((n) => n > 1);
  const total = counts.reduce((a, b) => a + b, 0);
  const others = up.map((c, i) => (i === l.winner || !c ? null : c)).filter(Boolean);
  const mine = up[l.winner] || "";
  const cards = t("noun.cards", { count: total });
  switch (l.how) {
    case "slap":
      return t("web.war.trick.slap", { seat, ms: l.slap_ms, cards });
    case "underdog":
      return t("web.war.trick.underdog", { seat, card: l.underdog, cards });
    case "run-out":
      return t("web.war.trick.run-out", { seat, cards });
    case "draw":
      return t("web.war.trick.draw");
  }
  const beats = others.length ? t("web.war.beats", { card: mine, others: list(others) }) : mine;
  return t(war ? "web.war.trick.war" : "web.war.trick.took", { seat, cards, beats });
}

// withGlyphs is a sentence node whose card codes are drawn as glyphs.
function withGlyphs(text) {
  return h("span", inline(text));
}

// afterDraw lets the winner's pile take the last trick's cards when a
// trick has just ended (not under prefers-reduced-motion): copies of the
// cards fly from the felt to the pile.
export function afterDraw(board, ctx) {
  const view = ctx.view;
  if (!ctx.fresh || !trickEnded(view, ctx.prev) || view.phase === "over") return;
  if (reduced() || !board.animate) return;
  for (const old of document.querySelectorAll("svg.card.flying")) old.remove();
  const pile = board.querySelector(`[data-pile-of="${view.last.winner}"]`);
  if (!pile) return;
  const to = pile.getBoundingClientRect();
  // A war's cards wait until its face-down ones are turned.
  const turning = board.querySelectorAll(".turn").length;
  const wait = turning ? 150 * turning + 300 : 0;
  for (const svg of board.querySelectorAll(".laid-last svg.card:not(.turn-back)")) {
    const from = svg.getBoundingClientRect();
    const ghost = svg.cloneNode(true);
    ghost.classList.add("flying");
    // Unseen until it flies (the card under it may still be turning). Fixed
    // in the window, where from and to were measured: a flight never
    // widens the page, and one begun before the window changed size (a
    // phone turned) is dropped (see below).
    Object.assign(ghost.style, { opacity: wait ? "0" : "1", position: "fixed", left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px`, margin: 0, pointerEvents: "none" });
    ghost.setAttribute("aria-hidden", "true");
    document.body.append(ghost);
    const dx = to.left - from.left, dy = to.top - from.top;
    ghost.animate([{ transform: "none", opacity: 1 }, { transform: "none", opacity: 1, offset: 0.45 }, { transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0.2 }],
      { duration: 900, delay: wait, easing: "ease-in" }).finished.then(() => ghost.remove(), () => ghost.remove());
  }
}

// keys are War's keys for the list under "?": [keys, what they do].
export const keys = [
  ["F Space", t("war.keys.flip")],
  ["S", t("war.keys.slap")],
  ["P", t("war.keys.pass")],
];

// key handles War's shortcuts: F or Space flips, S slaps, P passes.
export function key(e, ctx) {
  const k = e.key.toLowerCase();
  if ((k === "f" || k === " ") && ctx.legal.includes("flip")) return ctx.act("flip"), true;
  if (k === "s" && slapAction(ctx.legal)) return ctx.act("slap"), true;
  if (k === "p" && ctx.legal.includes("pass")) return ctx.act("pass"), true;
  return false;
}

// describe writes one action as a sentence, from the views before and
// after it (the replay's list and the log).
export function describe(seat, action, before, after, ctx) {
  const args = { seat: seatName(ctx.seats, seat) };
  let text;
  if (action.startsWith("slap")) {
    const ms = /^slap@(\d+)/.exec(action);
    if (before && before.phase !== "slap") {
      text = ctx.options.slap ? t("web.war.did.false-slap", { ...args, rank: rankWord(ctx.options.slap) }) : t("web.war.did.false-slap-any", args);
    } else text = ms ? t("web.war.did.slap-ms", { ...args, ms: Number(ms[1]) }) : t("web.war.did.slap", args);
  } else if (action === "pass") text = t("web.war.did.pass", args);
  else if (action === "flip") text = t(before && before.round === "war" ? "web.war.did.war" : "web.war.did.flip", args);
  else text = t("web.did.other", { ...args, action });
  if (after && before && after.battles > before.battles && after.last) text += ` ${trickSentence(after.last, ctx)}`;
  return text;
}

// logLines writes a finished trick (and slaps) to the log; flips alone
// are not worth a line.
export function logLines(m, prev, ctx) {
  const v = m.view;
  const lines = [];
  if (m.action && m.action.startsWith("slap")) lines.push(describe(m.actor, m.action, prev, null, ctx));
  if (prev && v.battles > prev.battles && v.last) lines.push(t("web.war.battle-line", { n: v.battles, sentence: trickSentence(v.last, ctx) }));
  return lines;
}

// endSentence says who won and how, with the game's numbers.
export function endSentence(r, view, ctx) {
  const w = (r.winners || [])[0];
  const mine = ctx.seat >= 0;
  const counts = { battles: t("noun.battles", { count: r.length }), wars: t("noun.wars", { count: view.wars }) };
  if (w === undefined) {
    const cap = Number(ctx.options["max-battles"]);
    const why = r.end === "cap" && cap > 0 ? t("web.war.end.cap", { battles: t("noun.battles", { count: cap }) })
      : t({ cap: "web.war.end.cap-any", repetition: "web.war.end.repetition", draw: "web.war.trick.draw" }[r.end] || "web.war.end.draw");
    return { headline: t("web.war.end.draw-headline"), lines: [why, t("web.war.end.numbers", counts)], outcome: "draw" };
  }
  const you = w === ctx.seat;
  return {
    headline: you ? t("web.war.end.you-won") : t("web.table.won", { names: seatName(ctx.seats, w) }),
    lines: [you ? t("web.war.end.you-hold", counts) : t("web.war.end.holds", { ...counts, seat: seatName(ctx.seats, w) })],
    outcome: !mine ? "neutral" : you ? "won" : "lost",
  };
}

// imperative writes an action as a move to make ("slap", "let the slap
// go"): the analysis's better moves and the moves to try.
export function imperative(action) {
  if (action.startsWith("slap")) return t("web.war.do.slap");
  if (action === "pass") return t("web.war.do.pass");
  if (action === "flip") return t("web.war.do.flip");
  return action;
}
