// regicide.js renders a Regicide view (docs/regicide.md): the enemy, the
// Castle, Tavern and discard, the players' hands, and the seat's own hand,
// where cards are chosen by clicking. A selection that matches a legal play
// or discard can be confirmed; a play's forecast is asked of the server
// (a hint command) and shown first. The rules stay on the server: what may
// be selected is read from the legal list.

import { h, seatName } from "./dom.js";
import { card, short, parse } from "./cards.js";

export const title = "Regicide";
const JESTER = { jokerName: "jester" };
const SUIT_WORDS = { C: "Clubs ♣", D: "Diamonds ♦", H: "Hearts ♥", S: "Spades ♠" };

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
  board.append(otherChoices(view, ctx, offered));
  return { board, offered, prompt: prompt(view, ctx, kind, choices) };
}

function prompt(view, ctx, kind, choices) {
  if (!ctx.legal.length) return "";
  if (kind === "discard" && choices.length) return `Suffer ${view.suffer}: choose cards worth at least ${view.suffer} to discard.`;
  if (view.phase === "play" && choices.length) return "Your turn: choose cards to play, or yield.";
  if (ctx.legal.some((a) => a.startsWith("signal"))) return "A Jester was played: signal whether you would like to go next.";
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
  return h("section.enemy", { "aria-label": "enemy" },
    h("div.enemy-card", card(e.card)),
    h("dl.enemy-stats",
      h("dt", "Health"), h("dd", h("meter", { min: 0, max: e.health, value: left, "aria-label": "health left" }), ` ${left} of ${e.health} left (damage ${e.damage})`),
      h("dt", "Attack"), h("dd", `${attack}`, e.shield ? ` (${e.attack} − shield ${e.shield})` : ""),
      e.held_shield ? [h("dt", "Held shield"), h("dd", `${e.held_shield} Spades wait for a Jester`)] : null,
      immunity ? [h("dt", "Immunity"), h("dd", { class: e.immune ? "immune" : "cancelled" }, immunity)] : null,
      view.suffer ? [h("dt", "To suffer"), h("dd.suffer", `${view.suffer}`)] : null,
    ),
    view.table && view.table.length ? h("div.played", h("span.muted", "Played against it: "), view.table.map((c) => card(c, JESTER))) : null,
  );
}

function piles(view) {
  const tavern = [`Tavern ${view.tavern}`];
  if (view.tavern_top && view.tavern_top.length) tavern.push(` (on top: ${view.tavern_top.map(short).join(" ")})`);
  if (view.recycled_at_bottom) tavern.push(` (bottom ${view.recycled_at_bottom} from ${view.recycled.map(short).join(" ")})`);
  return h("section.piles",
    h("span.pile-count", `Castle ${view.castle}`),
    h("span.pile-count", `Defeated ${view.defeated} of 12`),
    h("span.pile-count", tavern.join("")),
    h("details.pile-count", h("summary", `Discard ${view.discard.length}`), h("div.mini-cards", view.discard.map((c) => card(c, JESTER)))),
    view.players === 1 ? h("span.pile-count", `Jester powers left ${view.powers_left}`) : null,
  );
}

function playersPanel(view, ctx) {
  const list = h("ul.players");
  for (let i = 0; i < view.players; i++) {
    const bits = [`${view.hand_sizes[i]} cards`];
    if (view.known[i] && view.known[i].length) bits.push(`holds ${view.known[i].map(short).join(" ")}`);
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
  for (const c of view.hand) {
    const on = sel.includes(c);
    const next = on ? sel.filter((x) => x !== c) : [...sel, c];
    const possible = on || choices.some((a) => next.every((x) => cardsOf(a).includes(x)));
    hand.append(h("button.card-button" + (on ? ".selected" : ""), {
      "aria-pressed": on ? "true" : "false", disabled: !possible && !on, dataset: { card: c },
      title: short(c),
      onclick: () => { ui.selected = next; ui.hintFor = null; ctx.rerender(); },
    }, card(c, JESTER)));
  }
  return h("section.hand-panel", h("h3", "Your hand", kind === "discard" && choices.length ? " — choose cards to discard" : ""), hand);
}

function selectionPanel(view, ctx, kind, choices, match) {
  if (!choices.length) return null;
  const ui = ctx.ui;
  const sel = ui.selected;
  const panel = h("section.selection", { "aria-live": "polite" });
  if (kind === "play") {
    if (match && ui.hintFor !== match) { ui.hintFor = match; ctx.hint(match); }
    panel.append(h("p", sel.length ? `Selected: ${sel.map(short).join(" ")}` : "Click cards in your hand to choose a play."));
    if (match) {
      panel.append(h("p.forecast", { "data-forecast": match }, ctx.hintAction === match && ctx.hintText ? ctx.hintText : "Asking for the forecast…"));
      panel.append(h("button.primary", { onclick: () => ctx.act(match), "data-action": match, "aria-keyshortcuts": "Enter" }, `Play ${cardsOf(match).map(short).join(" ")} `, h("kbd", "Enter")));
    } else if (sel.length) panel.append(h("p.muted", "Not a play yet: add or remove cards."));
    return panel;
  }
  const total = sel.reduce((s, c) => s + value(c), 0);
  panel.append(h("p", `Suffer ${view.suffer}. Selected ${sel.map(short).join(" ") || "nothing"}: worth ${total}.`));
  if (match) panel.append(h("button.primary", { onclick: () => ctx.act(match), "data-action": match, "aria-keyshortcuts": "Enter" }, match === "discard" ? "Discard nothing " : `Discard ${cardsOf(match).map(short).join(" ")} `, h("kbd", "Enter")));
  const covers = choices.slice(0, 6);
  panel.append(h("div.covers", h("span.muted", "Cheapest covers: "), covers.map((a) =>
    h("button.small", { onclick: () => ctx.act(a), "data-action": a }, cardsOf(a).map(short).join(" ") || "nothing"))));
  return panel;
}

function otherChoices(view, ctx, offered) {
  const box = h("div.choices");
  for (const a of ctx.legal) {
    let text = null;
    if (a === "yield") text = "Yield (Y)";
    else if (a === "power") text = `Jester power: new hand of 8 (${view.powers_left} left)`;
    else if (a.startsWith("signal ")) text = { "signal good": "Signal: I'd like to go next", "signal rather-not": "Signal: rather not", "signal none": "No signal" }[a] || a;
    else if (a.startsWith("next ")) {
      const n = Number(a.split(" ")[1]); // Regicide counts seats from 0 here
      text = `${seatName(ctx.seats, n)}${n === ctx.seat ? " (you)" : ""} goes next`;
    } else if (a === "exact tavern") text = "Put the enemy on the Tavern";
    else if (a === "exact discard") text = "Put the enemy on the discard";
    if (text) {
      offered.add(a);
      box.append(h("button", { onclick: () => ctx.act(a), "data-action": a }, text));
    }
  }
  return box;
}

// privateCards is what only seat's own view shows: its hand (for the
// replay of a finished game, where all hands may be shown).
export function privateCards(view) {
  return view.hand || [];
}

// key handles Regicide's shortcuts: Enter plays (or discards) the selected
// cards when they are a legal choice, Y yields, Escape clears the selection.
export function key(e, ctx) {
  const view = ctx.view;
  const kind = view.phase === "discard" ? "discard" : "play";
  const sel = ctx.ui.selected || [];
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
