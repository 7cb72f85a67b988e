// dom.js builds elements: h("button.primary", {onclick}, "text", child…).
// A tag may carry an id after # and classes after dots; attributes whose name starts with
// "on" are listeners; null, false and undefined children are skipped.

import { t, say, isolate, nameNodes, unmarked } from "./i18n.js";

export function h(tag, attrs, ...children) {
  const [head, ...classes] = tag.split(".");
  const [name, id] = head.split("#");
  const el = document.createElement(name || "div");
  if (id) el.id = id;
  if (classes.length) el.className = classes.join(" ");
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className += (el.className ? " " : "") + v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : unmarked(v));
  }
  append(el, children);
  return el;
}

// PLAIN are the elements whose text cannot hold markup: a name marked in
// their text keeps its isolates (i18n.js isolate()).
const PLAIN = new Set(["OPTION", "TITLE", "TEXTAREA"]);

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.append(c);
    else {
      const names = PLAIN.has(el.tagName) ? null : nameNodes(String(c));
      if (names) el.append(...names);
      else el.append(document.createTextNode(String(c)));
    }
  }
}

// botSeat matches the name the server gives a bot's seat ("heuristic
// (seat 2)"); no person may take such a name (docs/protocol.md).
const botSeat = /^([a-z][\w-]*) \(seat (\d+)\)$/;

// botLevels are the words of this page's game for its bots (options.js
// BOTS[game]: "Good" for Watchtower's heuristic), set by the page.
let botLevels = {};

// useBotWords tells seatName the words of the page's game for its bots.
export function useBotWords(levels) {
  botLevels = levels || {};
}

// botWords is a bot's seat as a person reads it: its level in the lobby's
// words ("Good bot"), else its name ("Heuristic bot").
export function botWords(kind) {
  const level = botLevels[kind] && botLevels[kind].level;
  return t("web.seat.bot", { level: level || `${kind[0].toUpperCase()}${kind.slice(1)}` });
}

// seatName is how a person reads seat i, everywhere the pages write a
// seat: its player's name (marked as a name: i18n.js isolate()), else "Seat i+1" (numbered from 1, a name of its
// own, so capitalised wherever it stands) — also for the placeholder
// "seat 2" a table without names gives its seats; a bot's seat is the bot
// in words ("Good bot"), with its seat number when two seats hold that bot.
export function seatName(seats, i) {
  const s = seats && seats[i];
  const seat = t("web.seat.n", { n: i + 1 });
  if (!s || !s.name || /^seat \d+$/i.test(s.name)) return seat;
  const bot = botSeat.exec(s.name);
  if (bot) {
    const twin = seats.some((o, j) => j !== i && o && (botSeat.exec(o.name || "") || [])[1] === bot[1]);
    return twin ? t("web.seat.twin", { name: botWords(bot[1]), seat }) : botWords(bot[1]);
  }
  const shared = seats.some((o, j) => j !== i && o && o.name === s.name);
  return shared ? t("web.seat.twin", { name: isolate(s.name), seat }) : isolate(s.name);
}

// said writes a message of the table's (an event, a note at the end) in
// the reader's language: seats by their names at the table, a bot by the
// page's words for it ("Good bot").
export function said(m, seats) {
  const args = { ...(m.args || {}) };
  if (args.bot && args.bot.text) args.bot = { text: botWords(args.bot.text) };
  if (args.seat && "text" in args.seat) args.seat = { text: isolate(args.seat.text) }; // a name the server wrote
  return say({ ...m, args }, { seatName: (i) => seatName(seats, i) });
}

// replaceChildren swaps el's content for the given nodes.
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

// named writes the engine's "seat 2" in a sentence as that seat's name.
export function named(text, seats) {
  return String(text || "").replace(/\bseat (\d)\b/g, (all, n) => seatName(seats, Number(n) - 1));
}

// sentence is a sentence of the server's shown on its own (a refusal):
// it starts with a capital there, though the server writes it to follow
// other words too ("cardtable: the invite code is not seat 2's…").
export function sentence(s) {
  return s ? s[0].toLocaleUpperCase(document.documentElement.lang || undefined) + s.slice(1) : s;
}

// opening writes words that open a sentence: "you" as "You" (in the
// reader's language); a name stays as its person typed it.
export function opening(s) {
  const you = t("web.you");
  return s && s.startsWith(you) ? you[0].toUpperCase() + s.slice(1) : s;
}
