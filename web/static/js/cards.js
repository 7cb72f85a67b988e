// cards.js draws playing cards as SVG: one function, card(), for every card
// of every game — a rank and suit face, a face-down back, a Jester/joker.
// It knows card notation (10H, AS, JK1, ## for face down) and nothing else;
// the cards' names are the reader's language's (i18n.js).

import { cardName, theCard, list, t, nameNodes } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };

// parse splits card notation into rank and suit; null for a face-down card.
export function parse(code) {
  if (!code || code === "##") return null;
  if (/^JK\d?$/i.test(code)) return { rank: "JK", suit: "", joker: true };
  const m = /^(10|[2-9JQKA])([CDHS])$/i.exec(code);
  if (!m) return null;
  return { rank: m[1].toUpperCase(), suit: m[2].toUpperCase() };
}

// label is a card's name for screen readers and titles: "Ace of Spades",
// "10 of Hearts", "Jester", "face-down card". (The only jokers are
// Regicide's Jesters.)
export function label(code) {
  return cardName(code);
}

// names writes several cards for a sentence: "the 5 of Hearts and the 5 of
// Clubs".
export function names(codes) {
  return list(codes.map(theCard));
}

// plural writes "1 card", "2 cards".
export function plural(n, word, many = word + "s") {
  return `${n} ${n === 1 ? word : many}`;
}

export function isRed(code) {
  const c = parse(code);
  return !!c && (c.suit === "H" || c.suit === "D");
}

function el(name, attrs, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// card returns an <svg> of one card. code is card notation or "##";
// opts.jokerName names the joker (Regicide's Jester).
// opts.decorative hides the drawing from screen readers, for a card inside
// a button whose name already says it.
export function card(code, opts = {}) {
  const svg = el("svg", opts.decorative
    ? { viewBox: "0 0 60 84", class: "card", "aria-hidden": "true", focusable: "false" }
    : { viewBox: "0 0 60 84", class: "card", role: "img", "aria-label": label(code) });
  const c = parse(code);
  if (!opts.decorative) svg.append(el("title", {}, label(code)));
  if (!c) {
    svg.classList.add("back");
    svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "card-edge back-fill" }));
    svg.append(el("rect", { x: 6, y: 6, width: 48, height: 72, rx: 3, class: "back-frame" }));
    svg.append(el("path", { d: "M30 14 L48 42 L30 70 L12 42 Z", class: "back-diamond" }));
    return svg;
  }
  svg.classList.add(c.joker ? "joker" : isRed(code) ? "red" : "black");
  if (!c.joker) svg.classList.add("suit-" + c.suit);
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, class: "card-edge face-fill" }));
  if (c.joker) {
    svg.append(el("text", { x: 30, y: 46, "text-anchor": "middle", class: "pip-big" }, "★"));
    svg.append(el("text", { x: 30, y: 68, "text-anchor": "middle", class: "joker-name" }, (opts.jokerName || "joker").toUpperCase()));
    svg.append(el("text", { x: 6, y: 16, class: "corner" }, "JK"));
    return svg;
  }
  const s = SUITS[c.suit];
  svg.append(el("text", { x: 5, y: 17, class: "corner" }, c.rank));
  svg.append(el("text", { x: 5, y: 30, class: "corner-suit" }, s));
  const bottom = el("g", { transform: "rotate(180 30 42)" });
  bottom.append(el("text", { x: 5, y: 17, class: "corner" }, c.rank));
  bottom.append(el("text", { x: 5, y: 30, class: "corner-suit" }, s));
  svg.append(bottom);
  if ("JQK".includes(c.rank)) {
    svg.append(el("rect", { x: 15, y: 18, width: 30, height: 48, rx: 3, class: "face-frame" }));
    svg.append(el("text", { x: 30, y: 48, "text-anchor": "middle", class: "face-letter" }, c.rank));
    svg.append(el("text", { x: 30, y: 62, "text-anchor": "middle", class: "face-suit" }, s));
  } else {
    svg.append(el("text", { x: 32, y: 53, "text-anchor": "middle", class: "pip-big" }, s));
  }
  return svg;
}

// inline renders text with card codes in it (an event sentence) as a
// fragment in which each card is a short coloured token and each name
// marked in it (i18n.js isolate()) a <bdi> of its own, never read as cards.
export function inline(text) {
  const frag = document.createDocumentFragment();
  for (const part of nameNodes(String(text)) || [String(text)]) {
    if (typeof part === "string") tokens(frag, part);
    else frag.append(part);
  }
  return frag;
}

// tokens appends text to frag, each card code in it as a token.
function tokens(frag, text) {
  const re = /\b(10|[2-9JQKA])([CDHS])\b/g;
  let last = 0, m;
  while ((m = re.exec(text))) {
    frag.append(text.slice(last, m.index));
    const span = document.createElement("span");
    span.className = "card-token suit-" + m[2] + " " + (m[2] === "H" || m[2] === "D" ? "red" : "black");
    span.textContent = m[1] + SUITS[m[2]];
    span.title = label(m[0]);
    span.setAttribute("aria-label", label(m[0]));
    span.setAttribute("role", "img");
    frag.append(span);
    last = re.lastIndex;
  }
  frag.append(text.slice(last));
}

// short writes a card for reading: 10♥.
export function short(code) {
  const c = parse(code);
  if (!c) return "🂠";
  return c.joker ? t("card.name.jester") : c.rank + SUITS[c.suit];
}
