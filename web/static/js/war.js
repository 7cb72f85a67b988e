// war.js renders a War view (docs/war.md): each pile with its count, the
// cards laid in this trick on the felt (a war's stacks growing), the last
// trick until the next one starts and the winner's pile taking its cards,
// the variants in force, and Slap War's slap button. It offers only the
// legal actions it is given; Flip, SLAP! and Pass go to the action bar.

import { h, seatName } from "./dom.js";
import { card, short, plural, inline } from "./cards.js";
import { t } from "./i18n.js";

export const title = "War";

export function toMove(view) {
  if (view.phase === "slap" && view.slap) return view.slap.to_answer;
  return view.to_flip || [];
}

// shortDuration writes the server's duration ("1m0s", "1m30s", "2s") as a
// person would: "1m", "1m30s", "2s".
function shortDuration(d) {
  return String(d || "").replace(/m0s$/, "m").replace(/h0m$/, "h");
}

// variants lists the rules in force that differ from plain War, in words.
export function variants(o) {
  const out = [];
  if (o.players === "3") out.push("three players");
  if (o.peace === "true") out.push("Peace: the lowest card wins");
  if (o["auto-war"] && o["auto-war"] !== "off") out.push(`Automatic War: a ${o["auto-war"]} starts a war`);
  if (o["beats-faces"] && o["beats-faces"] !== "off") out.push(`a ${o["beats-faces"]} beats J, Q and K`);
  if (o["beats-ace"] && o["beats-ace"] !== "off") out.push(`a ${o["beats-ace"]} beats the Ace`);
  if (o.underdog && o.underdog !== "off") out.push(`Underdog: a ${o.underdog} face down wins a lost war`);
  if (o.slap && o.slap !== "off") out.push(`Slap War: slap a ${o.slap} within ${shortDuration(o["slap-window"])}${o["false-slap"] === "ignore" ? "" : "; a false slap locks you out of the next window"}`);
  if (o.pickup && o.pickup !== "winner-first") out.push(`won cards go under ${{ "loser-first": "losers' first", seat: "in seat order", shuffle: "shuffled" }[o.pickup] || o.pickup}`);
  return out;
}

function slapAction(legal) {
  return legal.find((a) => a.startsWith("slap"));
}

// The open slap window as this page saw it open: the position it opened
// on (its key) and when the reveal arrived.
let slapWindow = { key: "", at: 0 };
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
  el.textContent = `${(left / 1000).toFixed(1)} s ${"▰".repeat(cells)}${"▱".repeat(10 - cells)} `;
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
  board.append(h("p.variants", v.length ? "Variants: " + v.join(" · ") : "Plain War: the highest card takes the trick; a tie is a war."));
  const battle = view.battles + (view.phase === "over" ? 0 : 1);
  board.append(h("p.stats", `Battle ${battle} · ${plural(view.wars, "war")} so far`));

  const seats = h("div.war-seats");
  for (let i = 0; i < view.players; i++) seats.append(seatPanel(view, ctx, i));
  board.append(seats);

  const banner = warBanner(view, ctx);
  if (banner) board.querySelector(".war-seats").before(banner);
  if (view.slap) {
    const answered = view.slap.answer ? ` You answered: ${view.slap.answer.startsWith("slap") ? "slap" : "pass"}.` : "";
    // A seat that may slap sees the window run out (the server's clock
    // decides; this one starts when the reveal reached the page).
    const clock = view.phase === "slap" && slapAction(ctx.legal) ? countdown(view) : null;
    board.append(h("p.slap-banner", { role: "status" }, `A ${view.slap.rank} is showing — SLAP! `, clock, answered));
  }
  if (view.last) board.append(h("p.last-trick", { "aria-live": "polite" }, `Battle ${view.battles}: `, withGlyphs(trickSentence(view.last, ctx))));
  return { board, offered, bar: bar(view, ctx, offered), prompt: prompt(view, ctx) };
}

// bar is the action bar's buttons: Flip, SLAP!, Pass.
function bar(view, ctx, offered) {
  const out = [];
  if (ctx.legal.includes("flip")) {
    offered.add("flip");
    out.push(h("button.primary.big", { onclick: () => ctx.act("flip"), "data-action": "flip", "aria-keyshortcuts": "F Space" }, "Flip ", h("kbd", { "aria-hidden": "true" }, "F")));
  }
  const slap = slapAction(ctx.legal);
  if (slap) {
    offered.add(slap);
    // Outside a window a slap is a false slap: offered, since the game
    // allows it, but drawn quieter and saying what it costs.
    const falseSlap = view.phase !== "slap";
    const what = ctx.options["false-slap"] === "ignore" ? "does nothing" : "locks you out of the next window";
    out.push(h("button.slap" + (falseSlap ? ".false-slap" : ""), {
      onclick: () => ctx.act("slap"), "data-action": "slap", "aria-keyshortcuts": "S",
      "aria-describedby": falseSlap ? "false-slap-cost" : null,
    }, "SLAP! ", h("kbd", { "aria-hidden": "true" }, "S"), falseSlap ? h("small", ` (no ${ctx.options.slap} showing)`) : null));
    if (falseSlap) out.push(h("span#false-slap-cost.visually-hidden", `A slap now ${what}.`));
  }
  if (ctx.legal.includes("pass")) {
    offered.add("pass");
    out.push(h("button", { onclick: () => ctx.act("pass"), "data-action": "pass", "aria-keyshortcuts": "P" }, "Pass ", h("kbd", { "aria-hidden": "true" }, "P")));
  }
  return out;
}

function prompt(view, ctx) {
  if (view.phase === "over") return "";
  if (ctx.legal.some((a) => a.startsWith("slap")) && view.phase === "slap") return "Slap now — the fastest slap takes the table.";
  if (ctx.legal.includes("flip")) return view.round === "war" ? "War! Flip to lay your war cards." : "Your turn: flip.";
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
  const name = seatName(ctx.seats, i) + (i === ctx.seat ? " (you)" : "");
  const waiting = (view.to_flip || []).includes(i) || (view.slap && view.slap.to_answer.includes(i));
  const laid = view.table[i] || [];
  const showLast = !onTable(view) && view.last;
  const won = view.last && view.last.winner === i;
  const pile = view.piles[i];
  return h("section.seat-panel" + (waiting ? ".to-move" : "") + (view.out[i] ? ".out" : "") + (won ? ".took" : ""),
    { "aria-label": name, dataset: { seat: i } },
    h("h3", name, view.out[i] ? " — out" : "", (view.locked_out || []).includes(i) ? " — locked out" : ""),
    h("div.pile", { dataset: { pileOf: i } }, pile > 0 ? card("##") : h("span.empty-pile"), h("span.count", { "data-pile": i }, plural(pile, "card"))),
    showLast ? lastSpot(view, ctx, i, name, won)
      : h("div.laid.spot", { role: "group", "aria-label": `${name} laid in this trick: ${laid.map(short).join(" ") || "nothing"}`, dataset: { laidOf: i } },
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
  const who = l.winner >= 0 ? seatName(ctx.seats, l.winner) : "Nobody";
  const up = l.table.map((cs) => [...(cs || [])].reverse().find((c) => c !== "##")).map((c) => c || "");
  const counts = l.table.map((cs) => (cs || []).length);
  const war = counts.some((n) => n > 1);
  const total = counts.reduce((a, b) => a + b, 0);
  const others = up.map((c, i) => (i === l.winner || !c ? null : c)).filter(Boolean);
  const mine = up[l.winner] || "";
  switch (l.how) {
    case "slap":
      return `${who} slapped first (${l.slap_ms} ms) and took the table's ${plural(total, "card")}.`;
    case "underdog":
      return `${who} lost the war on the face-up cards but held ${l.underdog} face down: Underdog takes the ${plural(total, "card")}.`;
    case "run-out":
      return `${who} took the table's ${plural(total, "card")}: the others ran out of cards.`;
    case "draw":
      return "Everyone left in the war ran out of cards: a draw.";
  }
  const beats = others.length ? `${mine} beats ${others.join(" and ")}` : mine;
  return war ? `${who} won a war of ${plural(total, "card")}: ${beats}.` : `${who} took the trick: ${beats}.`;
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
    // Unseen until it flies (the card under it may still be turning).
    Object.assign(ghost.style, { opacity: wait ? "0" : "1", position: "absolute", left: `${from.left + scrollX}px`, top: `${from.top + scrollY}px`, width: `${from.width}px`, height: `${from.height}px`, margin: 0, pointerEvents: "none" });
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
  const who = seatName(ctx.seats, seat);
  let text;
  if (action.startsWith("slap")) {
    const ms = /^slap@(\d+)/.exec(action);
    text = before && before.phase !== "slap" ? `${who} slapped with no ${ctx.options.slap || "slap card"} showing (a false slap)` : `${who} slapped${ms ? ` after ${ms[1]} ms` : ""}`;
  } else if (action === "pass") text = `${who} let the slap go`;
  else if (action === "flip") text = before && before.round === "war" ? `${who} laid war cards` : `${who} flipped`;
  else text = `${who}: ${action}`;
  if (after && before && after.battles > before.battles && after.last) text += `. ${trickSentence(after.last, ctx)}`;
  else text += ".";
  return text;
}

// logLines writes a finished trick (and slaps) to the log; flips alone
// are not worth a line.
export function logLines(m, prev, ctx) {
  const v = m.view;
  const lines = [];
  if (m.action && m.action.startsWith("slap")) lines.push(describe(m.actor, m.action, prev, null, ctx));
  if (prev && v.battles > prev.battles && v.last) lines.push(`Battle ${v.battles}: ${trickSentence(v.last, ctx)}`);
  return lines;
}

// endSentence says who won and how, with the game's numbers.
export function endSentence(r, view, ctx) {
  const w = (r.winners || [])[0];
  const mine = ctx.seat >= 0;
  const numbers = `${plural(r.length, "battle")}, ${plural(view.wars, "war")}.`;
  if (w === undefined) {
    const why = {
      cap: `Nobody won within ${ctx.options["max-battles"] || "the cap of"} battles: a draw.`,
      repetition: "The piles came back to a position seen before, so the game would go on forever: a draw.",
      draw: "Everyone left in the war ran out of cards: a draw.",
    }[r.end] || "A draw.";
    return { headline: "A draw", lines: [why, numbers], outcome: "draw" };
  }
  const name = w === ctx.seat ? "You" : seatName(ctx.seats, w);
  const headline = w === ctx.seat ? "You won!" : `${name} won`;
  return {
    headline,
    lines: [`${name} ${w === ctx.seat ? "hold" : "holds"} all 52 cards after ${numbers.slice(0, -1)}.`],
    outcome: !mine ? "neutral" : w === ctx.seat ? "won" : "lost",
  };
}
