// regicide.js renders a Regicide view (docs/regicide.md): the enemy, the
// Castle, Tavern and discard, the players' hands, and the seat's own hand,
// where cards are chosen by clicking. A selection that matches a legal play
// or discard can be confirmed from the action bar; a play's forecast is
// asked of the server (a hint command) and shown first, as a sentence. The
// rules stay on the server: what may be selected is read from the legal
// list.

import { h, seatName, opening } from "./dom.js";
import { card, short, parse, label, plural, inline } from "./cards.js";
import { keyBadge, cardIndex } from "./keys.js";
import { t } from "./i18n.js";

export const title = "Regicide";
const JESTER = { jokerName: "jester" };
const IN_BUTTON = { jokerName: "jester", decorative: true };
const SUIT_WORDS = { C: "Clubs ♣", D: "Diamonds ♦", H: "Hearts ♥", S: "Spades ♠" };
const GRADES = ["Gold", "Silver", "Bronze"];

export function toMove(view) {
  return view.to_move || [];
}

// cardsOf returns the card set of a "play …" or "discard …" action.
function cardsOf(action) {
  return action.split(/\s+/).slice(1).map((c) => c.toUpperCase());
}

function sameSet(a, b) {
  return a.length === b.length && a.every((c) => b.includes(c));
}

// value is a card's printed value, only to show the total of a selection.
function value(code) {
  const c = parse(code);
  if (!c || c.joker) return 0;
  return { A: 1, J: 10, Q: 15, K: 20 }[c.rank] || Number(c.rank);
}

const glyphs = (cs) => cs.map(short).join(" ");

export function render(view, ctx) {
  const offered = new Set();
  const ui = ctx.ui;
  ui.selected = ui.selected || [];
  const kind = view.phase === "discard" ? "discard" : "play";
  const choices = ctx.legal.filter((a) => a.startsWith(kind + " ") || a === kind);
  choices.forEach((a) => offered.add(a));
  ui.selected = ui.selected.filter((c) => (view.hand || []).includes(c));
  const match = choices.find((a) => sameSet(cardsOf(a), ui.selected));

  const board = h("div.regicide");
  board.append(enemyPanel(view, ctx));
  board.append(piles(view));
  board.append(playersPanel(view, ctx));
  if (view.hand) board.append(handPanel(view, ctx, choices, kind));
  const panel = selectionPanel(view, ctx, kind, choices, match);
  if (panel) board.append(panel);
  const bar = [];
  if (match) {
    const text = kind === "play" ? `Play ${cardsOf(match).join(" ")}` : match === "discard" ? "Discard nothing" : `Discard ${cardsOf(match).join(" ")}`;
    bar.push(h("button.primary.big", { onclick: () => ctx.act(match), "data-action": match, "aria-keyshortcuts": "Enter" }, inline(text), " ", h("kbd", { "aria-hidden": "true" }, "Enter")));
  }
  bar.push(...otherChoices(view, ctx, offered));
  return { board, offered, bar, prompt: prompt(view, ctx, kind, choices) };
}

function prompt(view, ctx, kind, choices) {
  if (!ctx.legal.length) return "";
  if (kind === "discard" && choices.length) return `Suffer ${view.suffer}: choose cards worth at least ${view.suffer} to discard.`;
  if (view.phase === "play" && choices.length) return ctx.legal.includes("yield") ? "Your turn: choose cards to play, or yield." : "Your turn: choose cards to play.";
  if (ctx.legal.some((a) => a.startsWith("signal"))) return "A Jester was played: say whether you would like to go next.";
  if (ctx.legal.some((a) => a.startsWith("next"))) return "Choose who goes next.";
  if (ctx.legal.some((a) => a.startsWith("exact"))) return "Exact kill: choose where the enemy goes.";
  return "Your turn.";
}

function enemyPanel(view, ctx) {
  const e = view.enemy;
  if (!e) return h("section.enemy", h("h3", "No enemy"));
  const suit = parse(e.card)?.suit;
  const left = Math.max(0, e.health - e.damage);
  const attack = Math.max(0, e.attack - e.shield);
  let immunity = "";
  if (ctx.options.immunity !== "false" && suit) {
    immunity = e.immune ? `Immune to ${SUIT_WORDS[suit]}` : `Immunity to ${SUIT_WORDS[suit]} cancelled by the Jester`;
  }
  return h("section.enemy", { "aria-label": `enemy: ${label(e.card)}` },
    h("div.enemy-card", card(e.card)),
    h("dl.enemy-stats",
      h("dt", "Health"), h("dd", h("meter", { min: 0, max: e.health, value: left, "aria-label": "health left" }), ` ${left} of ${e.health} left (damage ${e.damage})`),
      h("dt", "Attack"), h("dd", `${attack}`, e.shield ? ` (${e.attack} − shield ${e.shield})` : ""),
      e.held_shield ? [h("dt", "Held shield"), h("dd", `${plural(e.held_shield, "Spade")} wait for a Jester`)] : null,
      immunity ? [h("dt", "Immunity"), h("dd", { class: e.immune ? "immune" : "cancelled" }, immunity)] : null,
      view.suffer ? [h("dt", "To suffer"), h("dd.suffer", `${view.suffer}`)] : null,
    ),
    view.table && view.table.length ? h("div.played", h("span.muted", "Played against it: "), view.table.map((c) => card(c, JESTER))) : null,
  );
}

function piles(view) {
  return h("section.piles",
    h("span.pile-count", `Castle ${view.castle}`),
    h("span.pile-count", `Defeated ${view.defeated} of 12`),
    tavernPile(view),
    h("details.pile-count", h("summary", `Discard ${view.discard.length}`), h("div.mini-cards", view.discard.map((c) => card(c, JESTER)))),
    view.players === 1 ? h("span.pile-count", `Jester powers left: ${view.powers_left}`) : null,
  );
}

// tavernPile is the Tavern's count; when some of its cards are known —
// enemies put on top by exact kills (REG-15), cards Hearts healed under it
// — it opens to show them, in words.
function tavernPile(view) {
  const top = view.tavern_top || [];
  const under = view.recycled_at_bottom || 0;
  if (!top.length && !under) return h("span.pile-count", `Tavern ${view.tavern}`);
  const healed = view.recycled || [];
  return h("details.pile-count.tavern",
    h("summary", `Tavern ${view.tavern}`, h("span.muted", ` · ${plural(top.length + under, "card")} known`)),
    top.length ? h("p", "On top, in this order: ", h("span.mini-cards", top.map((c) => card(c, JESTER)))) : null,
    under ? h("p", under === healed.length ? `At the bottom, in an order nobody knows: the ${plural(under, "card")} Hearts healed` : `At the bottom, in an order nobody knows: ${under} of the ${plural(healed.length, "card")} Hearts healed`,
      ": ", h("span.mini-cards", healed.map((c) => card(c, JESTER)))) : null);
}

function playersPanel(view, ctx) {
  const list = h("ul.players");
  for (let i = 0; i < view.players; i++) {
    const bits = [plural(view.hand_sizes[i], "card")];
    if (view.known[i] && view.known[i].length) bits.push(`holds ${glyphs(view.known[i])}`);
    if (view.yielded[i]) bits.push("yielded last turn");
    const signal = { good: "would like to go next", "rather-not": "would rather not go next", none: "gave no signal" }[view.signals[i]];
    if (signal) bits.push(signal);
    const cur = view.current === i && view.phase !== "over";
    list.append(h("li" + (cur ? ".to-move" : ""), { dataset: { seat: i } },
      h("strong", seatName(ctx.seats, i), i === ctx.seat ? " (you)" : ""), cur ? " ◀ " : " · ", bits.join(", ")));
  }
  return h("section.players-panel", list);
}

function handPanel(view, ctx, choices, kind) {
  const ui = ctx.ui;
  const sel = ui.selected;
  const hand = h("div.hand", { role: "group", "aria-label": "your hand" });
  if (!choices.length) {
    hand.append(...view.hand.map((c) => card(c, JESTER)));
    return h("section.hand-panel", h("h3", "Your hand"), hand);
  }
  for (const [i, c] of view.hand.entries()) {
    const on = sel.includes(c);
    const next = on ? sel.filter((x) => x !== c) : [...sel, c];
    const possible = on || choices.some((a) => next.every((x) => cardsOf(a).includes(x)));
    hand.append(h("button.card-button" + (on ? ".selected" : ""), {
      "aria-pressed": on ? "true" : "false", disabled: !possible && !on, dataset: { card: c },
      onclick: () => { ui.selected = next; ui.hintFor = null; ctx.rerender(); },
    }, card(c, IN_BUTTON), keyBadge(i), h("span.visually-hidden", label(c, "jester"))));
  }
  return h("section.hand-panel", h("h3", "Your hand", kind === "discard" ? " — choose cards to discard" : " — choose cards to play"), hand);
}

function selectionPanel(view, ctx, kind, choices, match) {
  if (!choices.length) return null;
  const ui = ctx.ui;
  const sel = ui.selected;
  const panel = h("section.selection", { "aria-live": "polite" });
  if (kind === "play") {
    if (match && ui.hintFor !== match) { ui.hintFor = match; ctx.hint(match); }
    panel.append(h("p", sel.length ? `Selected: ${glyphs(sel)}` : "Click cards in your hand to choose a play."));
    if (match) {
      const text = ctx.hintAction === match && ctx.hintText ? forecastSentence(ctx.hintText) : "Asking for the forecast…";
      panel.append(h("p.forecast", { "data-forecast": match }, text));
    } else if (sel.length) panel.append(h("p.muted", "Not a play yet: add or remove cards."));
    return panel;
  }
  const total = sel.reduce((s, c) => s + value(c), 0);
  panel.append(h("p", `Suffer ${view.suffer}. Selected ${glyphs(sel) || "nothing"}: worth ${total}.`));
  const covers = choices.slice(0, 6);
  panel.append(h("div.covers", h("span.muted", "Cheapest covers: "), covers.map((a) =>
    h("button.small", { onclick: () => ctx.act(a), "data-action": a }, cardsOf(a).length ? inline(`Discard ${cardsOf(a).join(" ")}`) : "Discard nothing"))));
  return panel;
}

// forecastSentence turns the server's forecast of a play ("play 5H 5C:
// attack 10 (hearts, clubs); heal 10; shield 0; damage 20; then suffer
// 10: your hand covers it") into sentences; anything it does not know is
// shown as the server wrote it.
export function forecastSentence(text) {
  const colon = text.indexOf(": ");
  if (colon < 0) return text;
  const cards = cardsOf(text.slice(0, colon));
  const out = [];
  for (const part of text.slice(colon + 2).split("; ")) {
    let m;
    // "(hearts, clubs)" are the powers that act; "(immune to spades)" the
    // one the enemy's immunity cancels — never a power.
    if ((m = /^attack (\d+)(?: \((?!immune )([a-z, ]+)\))?(?: \(immune to ([a-z, ]+)\))?$/.exec(part))) {
      const suits = (w) => w.replace(/\b[a-z]/g, (c) => c.toUpperCase()).replace(", ", " and ");
      out.push(`attacks for ${m[1]}${m[2] ? ` with the ${suits(m[2])} power${m[2].includes(",") ? "s" : ""}` : ""}${m[3] ? ` (the enemy is immune to ${suits(m[3])}: no ${suits(m[3])} power)` : ""}`);
    } else if ((m = /^heal (\d+)$/.exec(part))) out.push(`puts ${plural(Number(m[1]), "card")} of the discard back under the Tavern`);
    else if ((m = /^draw (\d+) \((\d+) for you\)$/.exec(part))) out.push(`draws ${plural(Number(m[1]), "card")} (${m[2]} for you)`);
    else if ((m = /^shield (\d+)$/.exec(part))) { if (m[1] !== "0") out.push(`shields ${m[1]} of the enemy's attack`); }
    else if ((m = /^damage (\d+) kills exactly \(to (\w+)\)$/.exec(part))) out.push(`deals ${m[1]} damage and kills the enemy exactly (it goes ${m[2] === "tavern" ? "on the Tavern" : `to the ${m[2]}`})`);
    else if ((m = /^damage (\d+) kills$/.exec(part))) out.push(`deals ${m[1]} damage and kills the enemy`);
    else if ((m = /^damage (\d+)$/.exec(part))) out.push(`deals ${m[1]} damage`);
    else if ((m = /^then suffer (\d+): your hand (covers|cannot cover) it( \(before drawing\))?$/.exec(part))) {
      out.push(`then you suffer ${m[1]}: your hand ${m[2] === "covers" ? "covers it" : "cannot cover it — you would lose"}${m[3] ? " (before drawing)" : ""}`);
    } else out.push(part);
  }
  const what = cards.length ? `Playing ${glyphs(cards)}` : text.slice(0, colon);
  return `${what} ${out.join(", ")}.`;
}

// otherChoices are the action bar's buttons besides the selection's: yield,
// a solo Jester power, the go-next signals, who goes next, the exact kill.
function otherChoices(view, ctx, offered) {
  const out = [];
  for (const a of ctx.legal) {
    let text = null;
    let key = null;
    if (a === "yield") { text = "Yield"; key = "Y"; }
    else if (a === "power") text = `Jester power: a new hand of 8 (${view.powers_left} left)`;
    else if (a.startsWith("signal ")) text = { "signal good": "Signal: I'd like to go next", "signal rather-not": "Signal: rather not", "signal none": "No signal" }[a] || a;
    else if (a.startsWith("next ")) {
      const n = Number(a.split(" ")[1]); // Regicide counts seats from 0 here
      text = `${seatName(ctx.seats, n)}${n === ctx.seat ? " (you)" : ""} goes next`;
    } else if (a === "exact tavern") text = "Put the enemy on the Tavern";
    else if (a === "exact discard") text = "Put the enemy on the discard";
    if (text) {
      offered.add(a);
      out.push(h("button", { onclick: () => ctx.act(a), "data-action": a }, text, key ? [" ", h("kbd", { "aria-hidden": "true" }, key)] : null));
    }
  }
  return out;
}

// privateCards is what only seat's own view shows: its hand (for the
// replay of a finished game, where all hands may be shown).
export function privateCards(view) {
  return view.hand || [];
}

// keys are Regicide's keys for the list under "?": [keys, what they do].
export const keys = [
  ["1…9 0", t("regicide.keys.cards")],
  ["Enter", t("regicide.keys.enter")],
  ["Y", t("regicide.keys.yield")],
  ["J", t("regicide.keys.power")],
  ["Escape", t("regicide.keys.clear")],
];

// key handles Regicide's shortcuts: a digit chooses (or puts back) that
// card of the hand, Enter plays (or discards) the selected cards when
// they are a legal choice, Y yields, J uses a solo Jester power, Escape
// clears the selection.
export function key(e, ctx) {
  const view = ctx.view;
  const kind = view.phase === "discard" ? "discard" : "play";
  const sel = ctx.ui.selected || [];
  const n = cardIndex(e);
  if (n >= 0) {
    const b = document.querySelectorAll(".hand .card-button")[n];
    // Focused first, so that the redraw the click makes keeps the focus
    // on the card.
    if (b) b.focus();
    if (b && !b.disabled) b.click();
    return !!b;
  }
  if (e.key.toLowerCase() === "j" && ctx.legal.includes("power")) return ctx.act("power"), true;
  if (e.key === "Enter") {
    const match = ctx.legal.find((a) => (a.startsWith(kind + " ") || a === kind) && sameSet(cardsOf(a), sel));
    if (match) return ctx.act(match), true;
  }
  if (e.key.toLowerCase() === "y" && ctx.legal.includes("yield")) return ctx.act("yield"), true;
  if (e.key === "Escape" && sel.length) {
    ctx.ui.selected = [];
    ctx.rerender();
    return true;
  }
  return false;
}

// named writes the engine's "seat 2" in a sentence as that seat's name.
export function named(text, seats) {
  return text.replace(/\bseat (\d)\b/g, (all, n) => seatName(seats, Number(n) - 1));
}

// describe writes one action as a sentence, with what it did (read from
// the views before and after it).
export function describe(seat, action, before, after, ctx) {
  const who = seatName(ctx.seats, seat);
  const cs = cardsOf(action);
  let text;
  if (action.startsWith("play ")) text = `${who} played ${glyphs(cs)}`;
  else if (action === "yield") text = `${who} yielded`;
  else if (action === "power") text = `${who} used a Jester power: a new hand`;
  else if (action === "discard") text = `${who} discarded nothing`;
  else if (action.startsWith("discard ")) text = `${who} discarded ${glyphs(cs)}${before && before.suffer ? ` to suffer ${before.suffer}` : ""}`;
  else if (action.startsWith("signal ")) text = `${who} ${{ good: "would like to go next", "rather-not": "would rather not go next", none: "gave no signal" }[action.slice(7)] || action}`;
  else if (action.startsWith("next ")) text = `${who} chose ${seatName(ctx.seats, Number(action.slice(5)))} to go next`;
  else if (action.startsWith("exact ")) text = `${who} put the enemy on the ${action.slice(6)}`;
  else text = `${who}: ${action}`;
  const lines = [text + "."];
  if (before && after) lines.push(...consequences(before, after, ctx));
  return lines.join(" ");
}

// consequences says what an action led to: an enemy defeated and the next
// one, cards drawn by the actor.
function consequences(before, after, ctx) {
  const out = [];
  if (after.defeated > before.defeated && before.enemy) {
    out.push(`The ${label(before.enemy.card)} is defeated (${after.defeated} of 12).`);
    if (after.enemy && after.phase !== "over") out.push(`Next: the ${label(after.enemy.card)}.`);
  }
  if (after.hand && before.hand && after.seat === before.seat) {
    const drawn = after.hand.filter((c) => !before.hand.includes(c));
    if (drawn.length && after.hand.length > before.hand.length - 1) out.push(`You drew ${glyphs(drawn)}.`);
  }
  return out;
}

// logLines writes each action as a sentence with its consequences.
export function logLines(m, prev, ctx) {
  if (m.actor === undefined || m.actor === null) return null;
  return [describe(m.actor, m.action, prev, m.view, ctx)];
}

// endSentence says how the game ended, with names and the game's numbers:
// the solo grade (REG-30) on a solo win.
export function endSentence(r, view, ctx) {
  const everyone = ctx.seats.map((_, i) => (i === ctx.seat ? "you" : seatName(ctx.seats, i)));
  const team = everyone.length === 1 ? (ctx.seat === 0 ? "You" : everyone[0]) : joinNames(everyone);
  const mine = ctx.seat >= 0;
  if (r.end === "won") {
    const lines = [`The last King fell after ${plural(r.length, "turn")}.`];
    if (view.players === 1) {
      const used = 2 - (view.powers_left || 0);
      lines.push(`${GRADES[used] || "Bronze"} victory: ${used === 0 ? "no Jester power used" : `${plural(used, "Jester power")} used`}.`);
    }
    return { headline: `${opening(team)} defeated the Castle`, lines, outcome: mine ? "won" : "neutral" };
  }
  const enemy = view.enemy ? `The ${label(view.enemy.card)}` : "The enemy";
  const victim = view.current === ctx.seat ? "you" : seatName(ctx.seats, view.current);
  const down = `${plural(view.defeated, "enemy", "enemies")} down`;
  const headline = r.end === "stuck" ? `${opening(victim)} had no legal play against ${enemy.replace(/^The/, "the")}` : `${enemy} defeated ${victim} with ${down}`;
  return { headline, lines: [`${down} of 12, after ${plural(r.length, "turn")}.`], outcome: mine ? "lost" : "neutral" };
}

function joinNames(list) {
  return list.length <= 1 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}
