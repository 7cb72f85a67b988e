// i18n.js speaks the reader's language. Before any module that imports it
// runs, it chooses the language — ?lang= in the address (then remembered
// in this browser), else the one picked before, else the browser's
// Accept-Language as the server matches it, else English — loads its
// messages from /i18n/{lang}.json (package i18n's message files, the
// words the terminal speaks too) and sets <html lang dir>. Then:
//
//   t(id, args)    a message with plain arguments; args.count chooses the
//                  plural form by Intl.PluralRules, numbers are written by
//                  Intl.NumberFormat
//   say(msg, ctx)  a message the server sent as meaning (engine.Msg:
//                  {id, args} with typed arguments — seats, cards, counts)
//   tNodes(id, args)  as t, with DOM nodes (links, names) as arguments
//   dateText(at, opts)  a date (and time) as the language writes it
//   cardName, theCard, list   card names and lists in the language
//
// A page all of whose words are messages says so: <html data-translated>.
// It alone speaks the reader's language; on it, elements with
// data-i18n="id" get the message as their text and
// data-i18n-attr="attr:id;attr:id" as attributes at load (translate()
// again for markup made later), and a footer with the language picker
// and, for a translation made by machine, how to correct it. A page not
// marked translated (every page is, today) would speak English, picker
// included, rather than two languages at once. docs/i18n.md describes
// the files and the checks.

const KEY = "cardtable.lang";

// stored is the language chosen before: in this browser's storage, else
// in the cookie the rules pages (written by the server) set.
function stored() {
  let code = "";
  try {
    code = localStorage.getItem(KEY) || "";
  } catch {
    // Storage off (private mode): the cookie may say.
  }
  return code || (/(?:^|;\s*)cardtable_lang=([a-z]{2,3})/.exec(document.cookie) || [])[1] || "";
}

// remember keeps the reader's choice: in localStorage for these pages,
// and in a cookie for the pages the server writes (the rules; package
// i18n's FromRequest).
function remember(code) {
  document.cookie = `cardtable_lang=${code}; path=/; max-age=31536000; SameSite=Lax`;
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // Storage off (private mode): the cookie keeps it.
  }
}

async function fetchCatalogue(code) {
  try {
    const r = await fetch(`/i18n/${encodeURIComponent(code)}.json`);
    return r.ok ? await r.json() : null;
  } catch {
    return null;
  }
}

const translated = document.documentElement.hasAttribute("data-translated");

// load fetches the catalogue of the language asked for in the address or
// chosen before (remembering it again), else the browser's own (auto). A
// page not marked translated speaks English; only ?lang= is remembered
// there.
async function load() {
  const asked = new URLSearchParams(location.search).get("lang");
  const chosen = translated ? asked || stored() : asked;
  const c = /^[a-z]{2,3}$/.test(chosen || "") ? await fetchCatalogue(chosen) : null;
  if (c) remember(c.lang);
  if (!translated) return fetchCatalogue("en");
  return c || fetchCatalogue("auto");
}

const fallback = { lang: "en", dir: "ltr", machine: false, languages: [], messages: {} };
const loaded = await load();
const catalogue = loaded || fallback;

// lang is the code of the language pages speak ("he"); dir its direction.
export const lang = catalogue.lang;
export const dir = catalogue.dir;
// languages are the languages cardtable speaks: {code, name, dir}.
export const languages = catalogue.languages;

const intlLang = lang === "qps" ? "en" : lang;
const plurals = new Intl.PluralRules(intlLang);
const numbers = new Intl.NumberFormat(intlLang, { useGrouping: false });

if (translated) {
  document.documentElement.lang = catalogue.tag || lang;
  document.documentElement.dir = dir;
}

// number writes n in the language's digits (ungrouped, as the Go side).
export function number(n) {
  return numbers.format(n);
}

// t writes message id with args (names to values; numbers are written by
// number(), and args.count chooses the plural form). An unknown id is
// written as itself, so a missing message shows rather than vanishes.
export function t(id, args = {}) {
  const m = catalogue.messages[id];
  if (m === undefined) return id;
  let text = m;
  if (typeof m !== "string") {
    const form = typeof args.count === "number" ? plurals.select(args.count) : "other";
    text = m[form] ?? m.other;
  }
  return text.replace(/\{\{\.(\w+)\}\}/g, (_, k) => {
    const v = args[k];
    return typeof v === "number" ? number(v) : String(v ?? "");
  });
}

// tNodes writes message id as t does, but an argument may be a DOM node (a
// link, a name marked translate="no"): it returns the text around the
// nodes and the nodes, in the language's order, for an element's children.
export function tNodes(id, args = {}) {
  const nodes = {};
  const plain = {};
  for (const [k, v] of Object.entries(args)) {
    if (typeof Node !== "undefined" && v instanceof Node) {
      nodes[k] = v;
      plain[k] = `\u0000${k}\u0000`;
    } else plain[k] = v;
  }
  return t(id, plain).split(/\u0000(\w+)\u0000/).map((s, i) => (i % 2 ? nodes[s] : s)).filter((s) => s !== "");
}

// Names in sentences. A name a person chose (a player, a bot, a
// tournament) goes into a sentence marked by isolate(): the Unicode
// isolates FSI … PDI, so it keeps its own direction — a Hebrew name in an
// English sentence, a Latin one in a Hebrew sentence, a name ending in a
// digit — wherever the sentence goes (a title, a notification, an
// <option>). Where the sentence becomes markup (dom.js's h and fill,
// cards.js's inline), each marked name becomes <bdi translate="no">
// (nameNodes()); attributes get the sentence without the marks (unmarked()).
export function isolate(name) {
  return `\u2068${name}\u2069`;
}

const MARKED = /\u2068([^\u2068\u2069]*)\u2069/;

// person is a name a person chose, as an element of a sentence.
export function person(name) {
  const el = document.createElement("bdi");
  el.setAttribute("translate", "no");
  el.textContent = name;
  return el;
}

// nameNodes splits text at its marked names: the text between them (strings)
// and each name as person(); null for a text without one.
export function nameNodes(text) {
  if (!MARKED.test(text)) return null;
  return text.split(MARKED).map((s, i) => (i % 2 ? person(s) : s)).filter((s) => s !== "");
}

// unmarked is text without the isolates around its names.
export function unmarked(text) {
  return String(text).replace(/[\u2068\u2069]/g, "");
}

// dateText writes a moment (a Date, or what Date reads) as the language
// writes dates, with Intl.DateTimeFormat's options (a date alone by
// default); the pseudo-locale writes it with digits only.
export function dateText(at, opts = { year: "numeric", month: "numeric", day: "numeric" }) {
  return new Intl.DateTimeFormat(lang === "qps" ? "en-GB" : lang, lang === "qps" ? { ...opts, weekday: undefined, hour12: false } : opts).format(new Date(at));
}

// gameTitle names a game ("war") in the language: "War", "Rhyfel".
export function gameTitle(name) {
  const id = `game.${name}.title`;
  const title = t(id);
  return title === id ? name : title;
}

// list writes items as the language lists them: "a, b and c".
export function list(items) {
  if (items.length <= 1) return items.join("");
  let last = t("list.and", { a: items[items.length - 2], b: items[items.length - 1] });
  for (let i = items.length - 3; i >= 0; i--) last = t("list.comma", { a: items[i], b: last });
  return last;
}

const RANKS = { J: "rank.jack", Q: "rank.queen", K: "rank.king", A: "rank.ace" };
const SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

// rankName names a rank in notation ("K", "7").
export function rankName(r) {
  return RANKS[r] ? t(RANKS[r]) : number(Number(r));
}

function named(code, kind) {
  if (/^JK\d?$/i.test(code || "")) return t(`card.${kind}.jester`);
  const m = /^(10|[2-9JQKA])([CDHS])$/i.exec(code || "");
  if (!m) return t(`card.${kind}.facedown`);
  return t(`card.${kind}.${SUITS[m[2].toUpperCase()]}`, { rank: rankName(m[1].toUpperCase()) });
}

// cardName names a card as a label does: "King of Spades"; "##" or an
// unknown code is a "face-down card".
export function cardName(code) {
  return named(code, "name");
}

// theCard names a card as a sentence does: "the King of Spades", "a
// face-down card".
export function theCard(code) {
  return named(code, "the");
}

// say writes a message the server sent as meaning: {id, args} where each
// argument is typed ({seat}, {seats}, {card}, {cards}, {rank}, {count},
// {count, noun}, {num}, {text}, {msg}, {msgs}; docs/i18n.md). ctx.seatName(i)
// names seats (the table's names, "you"); without it seats are "seat N".
export function say(msg, ctx = {}) {
  if (!msg || !msg.id) return "";
  const seat = (i) => (ctx.seatName && ctx.seatName(i)) || t("seat.n", { n: i + 1 });
  const args = {};
  for (const [name, a] of Object.entries(msg.args || {})) {
    if ("seat" in a) args[name] = seat(a.seat);
    else if ("seats" in a) args[name] = list(a.seats.map(seat));
    else if ("card" in a) args[name] = theCard(a.card);
    else if ("cards" in a) args[name] = list(a.cards.map(theCard));
    else if ("rank" in a) args[name] = rankName(a.rank);
    else if ("noun" in a) args[name] = t(a.noun, { count: a.count });
    else if ("count" in a) args[name] = a.count;
    else if ("num" in a) args[name] = a.num;
    else if ("text" in a) args[name] = a.text;
    else if ("msgs" in a) args[name] = a.msgs.map((m) => say(m, ctx)).reduceRight((b, x) => (b === null ? x : t("list.semicolon", { a: x, b })), null) ?? "";
    else if ("msg" in a) args[name] = say(a.msg, ctx);
  }
  return t(msg.id, args);
}

// translate fills root's elements marked data-i18n (text) and
// data-i18n-attr ("aria-label:id;placeholder:id") from the catalogue.
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, id] = pair.split(":").map((s) => s.trim());
      if (attr && id) el.setAttribute(attr, t(id));
    }
  }
}

// languagePicker returns the picker: choosing a language reloads the page
// in it (through ?lang=, which remembers it).
export function languagePicker() {
  const wrap = document.createElement("label");
  wrap.className = "lang-picker";
  const text = document.createElement("span");
  text.textContent = t("lang.label");
  const select = document.createElement("select");
  select.name = "lang";
  for (const l of catalogue.languages) {
    const o = document.createElement("option");
    Object.assign(o, { value: l.code, textContent: l.name, selected: l.code === lang });
    o.lang = l.code;
    o.dir = l.dir;
    select.append(o);
  }
  select.addEventListener("change", () => {
    remember(select.value);
    const url = new URL(location.href);
    url.searchParams.set("lang", select.value);
    location.assign(url);
  });
  wrap.append(text, " ", select);
  return wrap;
}

// footer adds the page's language footer: the picker, and for a
// translation made by machine, where to correct it.
function footer() {
  const f = document.createElement("footer");
  f.className = "lang-footer";
  f.append(languagePicker());
  if (catalogue.machine) {
    const note = document.createElement("p");
    note.className = "lang-machine";
    note.textContent = t("lang.machine", { file: catalogue.file });
    f.append(note);
  }
  document.body.append(f);
}

if (translated) translate();
footer();
