// regicide.js renders a Regicide view (docs/regicide.md): the enemy, the
// Castle, Tavern and discard, the players' hands, and the seat's own hand,
// where cards are chosen by clicking. A selection that matches a legal play
// or discard can be confirmed from the action bar; a play's forecast is
// asked of the server (a hint command) and shown first, as a sentence. The
// rules stay on the server: what may be selected is read from the legal
// list.

import { h, seatName } from "./dom.js";
import { card, short, parse, label, inline } from "./cards.js";
import { keyBadge, cardIndex } from "./keys.js";
import { t, say, list, cardName, theCard, lang } from "./i18n.js";

export const title = t("game.regicide.title");
const JESTER = { jokerName: "jester" };
const IN_BUTTON = { jokerName: "jester", decorative: true };
const SUITS = { C: ["suit.clubs", "♣"], D: ["suit.diamonds", "♦"], H: ["suit.hearts", "♥"], S: ["suit.spades", "♠"] };
const suitWords = (s) => `${t(SUITS[s][0])} ${SUITS[s][1]}`;
const GRADES = ["web.regicide.end.gold", "web.regicide.end.silver", "web.regicide.end.bronze"];
const you = (ctx, i) => (i === ctx.seat ? " " + t("web.table.you-mark") : "");

// capital starts a sentence with a capital letter (in the languages that
// have them).
const capital = (s) => (s ? s.charAt(0).toLocaleUpperCase(lang === "qps" ? "en" : lang) + s.slice(1) : s);

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
    const text = kind === "play" ? t("web.regicide.play", { cards: cardsOf(match).join(" ") }) : discardText(match);
    bar.push(h("button.primary.big", { onclick: () => ctx.act(match), "data-action": match, "aria-keyshortcuts": "Enter" }, inline(text), " ", h("kbd", { "aria-hidden": "true" }, "Enter")));
  }
  bar.push(...otherChoices(view, ctx, offered));
  return { board, offered, bar, prompt: prompt(view, ctx, kind, choices) };
}

// discardText is a discard's button: "Discard 5H 2C", "Discard nothing".
function discardText(a) {
  const cs = cardsOf(a);
  return cs.length ? t("web.regicide.discard", { cards: cs.join(" ") }) : t("web.regicide.discard-nothing");
}

function prompt(view, ctx, kind, choices) {
  if (!ctx.legal.length) return "";
  if (kind === "discard" && choices.length) return t("web.regicide.prompt.suffer", { n: view.suffer });
  if (view.phase === "play" && choices.length) return t(ctx.legal.includes("yield") ? "web.regicide.prompt.play-or-yield" : "web.regicide.prompt.play");
  if (ctx.legal.some((a) => a.startsWith("signal"))) return t("web.regicide.prompt.signal");
  if (ctx.legal.some((a) => a.startsWith("next"))) return t("web.regicide.prompt.next");
  if (ctx.legal.some((a) => a.startsWith("exact"))) return t("web.regicide.prompt.exact");
  return t("web.regicide.prompt.turn");
}

function enemyPanel(view, ctx) {
  const e = view.enemy;
  if (!e) return h("section.enemy", h("h3", t("web.regicide.no-enemy")));
  const suit = parse(e.card)?.suit;
  const left = Math.max(0, e.health - e.damage);
  const attack = Math.max(0, e.attack - e.shield);
  let immunity = "";
  if (ctx.options.immunity !== "false" && suit) {
    immunity = t(e.immune ? "web.regicide.immune" : "web.regicide.immunity-cancelled", { suit: suitWords(suit) });
  }
  return h("section.enemy", { "aria-label": t("web.regicide.enemy-label", { card: label(e.card) }) },
    h("div.enemy-card", card(e.card)),
    h("dl.enemy-stats",
      h("dt", t("web.regicide.health")), h("dd", h("meter", { min: 0, max: e.health, value: left, "aria-label": t("web.regicide.health-left") }), " ", t("web.regicide.health-value", { left, health: e.health, damage: e.damage })),
      h("dt", t("web.regicide.attack")), h("dd", t("web.regicide.number", { n: attack }), e.shield ? [" ", t("web.regicide.attack-shield", { attack: e.attack, shield: e.shield })] : ""),
      e.held_shield ? [h("dt", t("web.regicide.held-shield")), h("dd", t("web.regicide.held-shield-value", { n: e.held_shield }))] : null,
      immunity ? [h("dt", t("web.regicide.immunity")), h("dd", { class: e.immune ? "immune" : "cancelled" }, immunity)] : null,
      view.suffer ? [h("dt", t("web.regicide.to-suffer")), h("dd.suffer", t("web.regicide.number", { n: view.suffer }))] : null,
    ),
    view.table && view.table.length ? h("div.played", h("span.muted", t("web.regicide.played-against"), " "), view.table.map((c) => card(c, JESTER))) : null,
  );
}

function piles(view) {
  return h("section.piles",
    h("span.pile-count", t("web.regicide.castle", { n: view.castle })),
    h("span.pile-count", t("web.regicide.defeated", { n: view.defeated })),
    tavernPile(view),
    h("details.pile-count", h("summary", t("web.regicide.discard-pile", { n: view.discard.length })), h("div.mini-cards", view.discard.map((c) => card(c, JESTER)))),
    view.players === 1 ? h("span.pile-count", t("web.regicide.powers-left", { n: view.powers_left })) : null,
  );
}

// tavernPile is the Tavern's count; when some of its cards are known —
// enemies put on top by exact kills (REG-15), cards Hearts healed under it
// — it opens to show them, in words.
function tavernPile(view) {
  const top = view.tavern_top || [];
  const under = view.recycled_at_bottom || 0;
  const tavern = t("web.regicide.tavern", { n: view.tavern });
  if (!top.length && !under) return h("span.pile-count", tavern);
  const healed = view.recycled || [];
  return h("details.pile-count.tavern",
    h("summary", tavern, h("span.muted", " · ", t("web.regicide.known", { cards: t("noun.cards", { count: top.length + under }) }))),
    top.length ? h("p", t("web.regicide.on-top"), " ", h("span.mini-cards", top.map((c) => card(c, JESTER)))) : null,
    under ? h("p", under === healed.length ? t("web.regicide.healed-all", { cards: t("noun.cards", { count: under }) })
      : t("web.regicide.healed-some", { n: under, cards: t("noun.cards", { count: healed.length }) }),
    " ", h("span.mini-cards", healed.map((c) => card(c, JESTER)))) : null);
}

// SIGNALS are the go-next signals after a Jester, as a seat's state.
const SIGNALS = { good: "web.regicide.signal.good", "rather-not": "web.regicide.signal.rather-not", none: "web.regicide.signal.none" };

function playersPanel(view, ctx) {
  const seats = h("ul.players");
  for (let i = 0; i < view.players; i++) {
    const bits = [t("noun.cards", { count: view.hand_sizes[i] })];
    if (view.known[i] && view.known[i].length) bits.push(t("web.regicide.holds", { cards: glyphs(view.known[i]) }));
    if (view.yielded[i]) bits.push(t("web.regicide.yielded"));
    const signal = SIGNALS[view.signals[i]];
    if (signal) bits.push(t(signal));
    const cur = view.current === i && view.phase !== "over";
    seats.append(h("li" + (cur ? ".to-move" : ""), { dataset: { seat: i } },
      h("strong", seatName(ctx.seats, i), you(ctx, i)), cur ? " ◀ " : " · ", bits.join(", ")));
  }
  return h("section.players-panel", seats);
}

function handPanel(view, ctx, choices, kind) {
  const ui = ctx.ui;
  const sel = ui.selected;
  const hand = h("div.hand", { role: "group", "aria-label": t("web.regicide.hand-label") });
  if (!choices.length) {
    hand.append(...view.hand.map((c) => card(c, JESTER)));
    return h("section.hand-panel", h("h3", t("web.regicide.hand")), hand);
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
  return h("section.hand-panel", h("h3", t(kind === "discard" ? "web.regicide.hand-discard" : "web.regicide.hand-play")), hand);
}

function selectionPanel(view, ctx, kind, choices, match) {
  if (!choices.length) return null;
  const ui = ctx.ui;
  const sel = ui.selected;
  const panel = h("section.selection", { "aria-live": "polite" });
  if (kind === "play") {
    if (match && ui.hintFor !== match) { ui.hintFor = match; ctx.hint(match); }
    panel.append(h("p", sel.length ? t("web.regicide.selected", { cards: glyphs(sel) }) : t("web.regicide.click-cards")));
    if (match) {
      const text = ctx.hintAction === match && (ctx.hintMsg || ctx.hintText) ? (ctx.hintMsg ? forecastSentence(ctx.hintMsg) : ctx.hintText) : t("web.regicide.asking");
      panel.append(h("p.forecast", { "data-forecast": match }, text));
    } else if (sel.length) panel.append(h("p.muted", t("web.regicide.not-a-play")));
    return panel;
  }
  const total = sel.reduce((s, c) => s + value(c), 0);
  panel.append(h("p", t("web.regicide.suffer-selected", { n: view.suffer, cards: glyphs(sel) || t("war.spot.nothing"), total })));
  const covers = choices.slice(0, 6);
  panel.append(h("div.covers", h("span.muted", t("web.regicide.cheapest"), " "), covers.map((a) =>
    h("button.small", { onclick: () => ctx.act(a), "data-action": a }, inline(discardText(a))))));
  return panel;
}

// forecastSentence writes the server's forecast of a play (hint_i18n:
// "regicide.hint" with the action and its parts, each a message) as one
// sentence: "Playing 5♥ 5♣ attacks for 10 …". A part the page has no
// words of its own for is said as the server's message.
export function forecastSentence(msg) {
  const parts = ((msg.args && msg.args.parts && msg.args.parts.msgs) || []).map(forecastPart).filter(Boolean);
  const action = (msg.args && msg.args.action && msg.args.action.text) || "";
  const cards = cardsOf(action);
  const joined = parts.reduceRight((b, a) => (b === null ? a : t("list.comma", { a, b })), null) || "";
  return cards.length ? t("web.regicide.forecast", { cards: glyphs(cards), parts: joined }) : t("web.regicide.forecast-action", { action, parts: joined });
}

// forecastPart writes one part of a forecast: the page's own words for it
// (web.regicide.forecast.*: the numbers n and self, a counted noun cards
// of n, powers and immune as the server says them), else the server's.
function forecastPart(p) {
  const id = String(p.id || "").replace(/^regicide\.hint\./, "web.regicide.forecast.");
  const a = p.args || {};
  const n = a.n && a.n.num !== undefined ? a.n.num : 0;
  if (id === "web.regicide.forecast.shield" && n === 0) return null;
  const where = a.where && a.where.msg ? a.where.msg.id.replace(/^regicide\.where\./, "-") : "";
  const own = id.startsWith("web.") ? id + (id.endsWith("kills-exactly") ? where : "") : "";
  if (!own || t(own) === own) return say(p);
  const powers = suitsOf(a.powers && a.powers.msg);
  return t(own, {
    n, self: a.self ? a.self.num : 0, cards: t("noun.cards", { count: n }), count: powers.length,
    powers: list(powers), immune: list(suitsOf(a.immune && a.immune.msg)),
  });
}

// suitsOf reads the suits' names out of the server's list of suit powers
// (regicide.power.* joined by list.comma): "Hearts", "Clubs".
function suitsOf(m) {
  if (!m) return [];
  if (m.id === "list.comma") return [...suitsOf(m.args.a.msg), ...suitsOf(m.args.b.msg)];
  const suit = /^regicide\.power\.(\w+)$/.exec(m.id || "");
  return suit ? [t(`suit.${suit[1]}`)] : [say(m)];
}

// otherChoices are the action bar's buttons besides the selection's: yield,
// a solo Jester power, the go-next signals, who goes next, the exact kill.
function otherChoices(view, ctx, offered) {
  const out = [];
  for (const a of ctx.legal) {
    let text = null;
    let key = null;
    if (a === "yield") { text = t("web.table.action.yield"); key = "Y"; }
    else if (a === "power") text = t("web.regicide.power", { n: view.powers_left });
    else if (a.startsWith("signal ")) {
      const id = { "signal good": "web.regicide.send.good", "signal rather-not": "web.regicide.send.rather-not", "signal none": "web.regicide.send.none" }[a];
      text = id ? t(id) : a;
    } else if (a.startsWith("next ")) {
      const n = Number(a.split(" ")[1]); // Regicide counts seats from 0 here
      text = t("web.regicide.goes-next", { seat: seatName(ctx.seats, n) + you(ctx, n) });
    } else if (a === "exact tavern") text = t("web.regicide.exact-tavern");
    else if (a === "exact discard") text = t("web.regicide.exact-discard");
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
  const args = { seat: seatName(ctx.seats, seat), cards: glyphs(cardsOf(action)) };
  let text;
  if (action.startsWith("play ")) text = t("web.regicide.did.play", args);
  else if (action === "yield") text = t("web.regicide.did.yield", args);
  else if (action === "power") text = t("web.regicide.did.power", args);
  else if (action === "discard") text = t("web.regicide.did.discard-nothing", args);
  else if (action.startsWith("discard ")) text = before && before.suffer ? t("web.regicide.did.discard-suffer", { ...args, n: before.suffer }) : t("web.regicide.did.discard", args);
  else if (action.startsWith("signal ") && SIGNALS[action.slice(7)]) text = t(SIGNALS[action.slice(7)].replace(".signal.", ".did.signal-"), args);
  else if (action.startsWith("next ")) text = t("web.regicide.did.next", { ...args, next: seatName(ctx.seats, Number(action.slice(5))) });
  else if (action === "exact tavern" || action === "exact discard") text = t(`web.regicide.did.${action.replace(" ", "-")}`, args);
  else text = t("web.did.other", { ...args, action });
  const lines = [text];
  if (before && after) lines.push(...consequences(before, after, ctx));
  return lines.join(" ");
}

// consequences says what an action led to: an enemy defeated and the next
// one, cards drawn by the actor.
function consequences(before, after) {
  const out = [];
  if (after.defeated > before.defeated && before.enemy) {
    out.push(t("web.regicide.did.defeated", { enemy: cardName(before.enemy.card), n: after.defeated }));
    if (after.enemy && after.phase !== "over") out.push(t("web.regicide.did.next-enemy", { enemy: cardName(after.enemy.card) }));
  }
  if (after.hand && before.hand && after.seat === before.seat) {
    const drawn = after.hand.filter((c) => !before.hand.includes(c));
    if (drawn.length && after.hand.length > before.hand.length - 1) out.push(t("web.regicide.did.you-drew", { cards: glyphs(drawn) }));
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
  const everyone = ctx.seats.map((_, i) => (i === ctx.seat ? t("web.you") : seatName(ctx.seats, i)));
  const mine = ctx.seat >= 0;
  const turns = t("noun.turns", { count: r.length });
  if (r.end === "won") {
    const lines = [t("web.regicide.end.last-king", { turns })];
    if (view.players === 1) lines.push(t(GRADES[2 - (view.powers_left || 0)] || GRADES[2]));
    return { headline: capital(t("web.regicide.end.won", { names: list(everyone) })), lines, outcome: mine ? "won" : "neutral" };
  }
  const enemy = view.enemy ? theCard(view.enemy.card) : t("web.regicide.end.the-enemy");
  const seat = view.current === ctx.seat ? t("web.you") : seatName(ctx.seats, view.current);
  const id = r.end === "stuck" ? "web.regicide.end.stuck" : "web.regicide.end.killed";
  const headline = capital(t(view.current === ctx.seat ? id + "-you" : id, { enemy, seat, defeated: t("noun.enemies", { count: view.defeated }) }));
  return { headline, lines: [t("web.regicide.end.numbers", { n: view.defeated, turns })], outcome: mine ? "lost" : "neutral" };
}

// imperative writes an action as a move to make ("play 7♣"): the
// analysis's better moves and the moves to try.
export function imperative(action, ctx) {
  const cards = glyphs(cardsOf(action));
  if (action.startsWith("play ")) return t("web.regicide.do.play", { cards });
  if (action === "discard") return t("web.regicide.do.discard-nothing");
  if (action.startsWith("discard ")) return t("web.regicide.do.discard", { cards });
  if (action === "yield" || action === "power") return t(`web.regicide.do.${action}`);
  if (action.startsWith("signal ") && SIGNALS[action.slice(7)]) return t(SIGNALS[action.slice(7)].replace(".signal.", ".do.signal-"));
  if (action.startsWith("next ")) return t("web.regicide.do.next", { seat: seatName(ctx.seats, Number(action.slice(5))) });
  if (action === "exact tavern" || action === "exact discard") return t(`web.regicide.do.${action.replace(" ", "-")}`);
  return action;
}
