// watchtower.js renders a Watchtower view (docs/watchtower.md): every
// fortress with its towers and try counts, army sizes, campaign status,
// the barracks, the seat's own army, and a pending battle or free-for-all
// as face-down positions to pick blind. The events of the last action
// (flips, free-for-alls, the showdown and the tower battle) are played out
// step by step. Every click is one of the legal actions it was given.

import { keyBadge, cardIndex } from "./keys.js";
import { t, say, list, theCard, rankName, lang, unmarked } from "./i18n.js";
import { h, seatName } from "./dom.js";
import { card, short, inline } from "./cards.js";

export const title = t("game.watchtower.title");
const STEP = 0.6; // seconds between the steps of an action's events

export function toMove(view) {
  return view.to_move >= 0 ? [view.to_move] : [];
}

const name = (ctx, i) => seatName(ctx.seats, i) + (i === ctx.seat ? " " + t("web.table.you-mark") : "");

// said writes the events of a view in the reader's language: the
// engine's messages (events_i18n), else its English lines with names.
function said(view, ctx) {
  if (view.events_i18n && view.events_i18n.length) return view.events_i18n.map((m) => ({ msg: m, text: say(m, { seatName: (i) => seatName(ctx.seats, i) }) }));
  return (view.events || []).map((e) => ({ msg: null, text: named(e, ctx.seats) }));
}

// named writes the engine's "seat 2" in an event text as that seat's name.
export function named(text, seats) {
  return text.replace(/\bseat (\d)\b/g, (all, n) => seatName(seats, Number(n) - 1));
}

// ZONES explains each zone in one line, shown when its label is tapped,
// clicked or focused (never on hover alone: phones have none).
const ZONES = {
  fortress: "web.watchtower.zone.fortress",
  army: "web.watchtower.zone.army",
  barracks: "web.watchtower.zone.barracks",
  watchtower: "web.watchtower.zone.watchtower",
  showdown: "web.watchtower.zone.showdown",
};

// openZone names the zone whose explanation is open ("army-1"), kept
// across redraws: the table is redrawn on every message.
let openZone = null;

// zone is a zone's label: a button whose one-line explanation opens as a
// bubble over the board — on a tap or click (a second one closes it), or
// when the keyboard's focus reaches it — and closes on Escape or when the
// focus leaves. Screen readers hear it as the button's description. where
// tells the zones of one name apart (a seat, or "table").
function zone(name, text, where) {
  const key = `${name}-${where}`;
  const id = `zone-tip-${key}`;
  const tip = h("span.zone-tip", { id, role: "tooltip" }, t(ZONES[name]));
  const b = h("button.zone", { type: "button", "aria-describedby": id, dataset: { focus: `zone-${key}` } },
    text || t(`web.watchtower.zone-name.${name}`), h("span.zone-mark", { "aria-hidden": "true" }, "?"));
  const show = (open) => {
    openZone = open ? key : openZone === key ? null : openZone;
    for (const other of document.querySelectorAll(".zone-tip.open")) if (other !== tip) shut(other);
    b.setAttribute("aria-expanded", String(open));
    tip.classList.toggle("open", open);
    if (open) place(tip);
  };
  b.addEventListener("click", () => show(b.getAttribute("aria-expanded") !== "true"));
  // The keyboard's focus opens it; a tap's focus does not (its click
  // toggles it).
  b.addEventListener("focus", () => { if (b.matches(":focus-visible")) show(true); });
  b.addEventListener("blur", () => { if (b.isConnected) show(false); });
  b.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && b.getAttribute("aria-expanded") === "true") {
      e.preventDefault();
      e.stopPropagation();
      show(false);
    }
  });
  const open = openZone === key;
  b.setAttribute("aria-expanded", String(open));
  if (open) {
    tip.classList.add("open");
    requestAnimationFrame(() => place(tip));
  }
  return h("span.zone-label", b, tip);
}

function shut(tip) {
  tip.classList.remove("open");
  const b = tip.previousElementSibling;
  if (b) b.setAttribute("aria-expanded", "false");
}

// place keeps an open bubble inside the window: shifted sideways off an
// edge, and above its label when there is no room under it (the action
// bar covers the window's bottom).
function place(tip) {
  if (!tip.isConnected) return;
  tip.style.left = "";
  tip.classList.remove("above");
  const edge = 8;
  const width = document.documentElement.clientWidth;
  const r = tip.getBoundingClientRect();
  let shift = 0;
  if (r.right > width - edge) shift = width - edge - r.right;
  if (r.left + shift < edge) shift = edge - r.left;
  if (shift) tip.style.left = `${shift}px`;
  // The arrow points at the label, wherever the bubble moved.
  const label = tip.parentElement.getBoundingClientRect();
  const arrow = Math.min(Math.max(label.left + 10 - (r.left + shift), 6), r.width - 20);
  tip.style.setProperty("--arrow", `${arrow}px`);
  const bar = document.querySelector(".action-bar");
  const floor = bar ? Math.min(innerHeight, bar.getBoundingClientRect().top) : innerHeight;
  if (r.bottom > floor - edge && label.top - r.height - edge > 0) tip.classList.add("above");
}

// capital starts a sentence with a capital letter (in the languages that
// have them), unless it starts with a seat's name (marked as a name, or
// as the server wrote it), written as its person typed it.
function capital(text, ctx) {
  if (!text || text.startsWith("\u2068") || ctx.seats.some((_, i) => text.startsWith(unmarked(seatName(ctx.seats, i))))) return text;
  return text.charAt(0).toLocaleUpperCase(lang === "qps" ? "en" : lang) + text.slice(1);
}

// howToWin is the strip that tells a newcomer the way to win.
function howToWin(view, ctx) {
  const me = (view.players || [])[ctx.seat];
  const step = me ? (me.campaign ? 2 : 1) : 0;
  const steps = ["web.watchtower.how.build", "web.watchtower.how.campaign", "web.watchtower.how.showdown"];
  return h("ol.how-to-win", { "aria-label": t("web.watchtower.how.label") }, steps.map((id, i) => h("li" + (step === i + 1 ? ".here" : ""), (i ? "→ " : "") + t(id))));
}

export function render(view, ctx) {
  const offered = new Set();
  const act = (a) => { offered.add(a); return () => ctx.act(a); };
  const board = h("div.watchtower");
  board.append(howToWin(view, ctx));
  board.append(header(view, ctx));
  if (view.pending) board.append(pendingPanel(view, ctx, act));
  const players = h("div.wt-players");
  for (const p of view.players) players.append(playerPanel(view, ctx, p, act));
  board.append(players);
  const events = said(view, ctx);
  if (events.length) board.append(eventSteps(events, ctx));
  const bar = [];
  if (ctx.legal.includes("done")) bar.push(h("button.primary.big", { onclick: act("done"), "data-action": "done", "aria-keyshortcuts": "D" }, t("web.table.action.done"), " ", h("kbd", { "aria-hidden": "true" }, "D")));
  if (ctx.legal.includes("end")) bar.push(h("button.primary.big", { onclick: act("end"), "data-action": "end", "aria-keyshortcuts": "E" }, t("web.table.action.end"), " ", h("kbd", { "aria-hidden": "true" }, "E")));
  return { board, offered, bar, prompt: prompt(view, ctx) };
}

const ordinals = new Intl.PluralRules(lang === "qps" ? "en" : lang, { type: "ordinal" });

// ordinal writes n as the language writes a place: "1st", "22nd", "3.".
function ordinal(n) {
  return t(`web.watchtower.nth.${ordinals.select(n)}`, { n });
}

// knownBarracks is what this seat knows of the barracks — burned and given
// cards went under it — as a count that opens on the cards, in runs of
// places counted from its top (the next drawn is the 1st): "33rd–34th:
// 2♦ 2♣", not one ordinal a card.
function knownBarracks(known) {
  if (!known.length) return null;
  const sorted = [...known].sort((a, b) => a.position - b.position);
  const runs = [];
  for (const k of sorted) {
    const run = runs[runs.length - 1];
    if (run && k.position === run.last + 1) {
      run.last = k.position;
      run.cards.push(k.card);
    } else runs.push({ first: k.position, last: k.position, cards: [k.card] });
  }
  const places = (r) => (r.first === r.last ? t("web.watchtower.place", { n: ordinal(r.first) }) : t("web.watchtower.places", { first: ordinal(r.first), last: ordinal(r.last) }));
  return h("details.pile-count.known",
    h("summary", t("watchtower.known.count", { count: known.length })),
    h("p", t("watchtower.known.from-top")),
    h("ul.known-runs", runs.map((r) => h("li", places(r), " ", h("span.mini-cards", r.cards.map((c) => card(c)))))));
}

function header(view, ctx) {
  return h("section.wt-header",
    h("span.pile-count", view.phase === "setup" ? t("web.watchtower.setup") : view.phase === "over" ? t("web.table.game-over") : t("web.watchtower.round", { n: view.round })),
    view.phase === "over" ? null : h("span.pile-count", view.turn === ctx.seat ? t("web.watchtower.your-turn") : t("web.watchtower.turn-of", { seat: seatName(ctx.seats, view.turn) })),
    h("span.pile-count.barracks", card(view.barracks ? "##" : ""), " ", zone("barracks", "", "table"), ` ${view.barracks}`),
    knownBarracks(view.barracks_known || []),
    view.aside && view.aside.length ? h("span.pile-count", t("web.watchtower.aside", { cards: view.aside.map(short).join(" ") })) : null,
    view.phase === "play" ? h("span.pile-count", t(view.burn_used ? "web.watchtower.burn-used" : "web.watchtower.burn-free"), " · ", t(view.challenge_used ? "web.watchtower.challenge-used" : "web.watchtower.challenge-free")) : null,
  );
}

function prompt(view, ctx) {
  if (!ctx.legal.length) return "";
  const p = view.pending;
  if (p && (p.kind === "battle" || p.kind === "free-for-all")) return t("web.watchtower.prompt.pick", { seat: name(ctx, p.from) });
  if (p && p.kind === "give") return t("web.watchtower.prompt.give", { cards: t("noun.army-cards", { count: p.owed }) });
  if (view.phase === "setup") return t("web.watchtower.prompt.setup");
  return t("web.watchtower.prompt.turn");
}

function tries(view, ctx, c) {
  return (view.tries || []).filter((x) => x.card === c).map((x) => x.attacker >= 0 ? t("web.watchtower.tries-by", { n: x.count, seat: seatName(ctx.seats, x.attacker) }) : t("web.watchtower.tries-n", { n: x.count }));
}

function stackEl(view, ctx, p, st, act) {
  const top = st.cards[st.cards.length - 1];
  const tried = tries(view, ctx, top);
  const buttons = [];
  for (const a of ctx.legal) {
    const f = a.split(" ");
    if (f[0] === "burn" && p.seat === ctx.seat && f[1] === st.rank) buttons.push(h("button.small", { onclick: act(a), "data-action": a }, inline(t("web.watchtower.burn", { card: top }))));
    if (f[0] === "challenge" && Number(f[1]) - 1 === p.seat && f[2] === st.rank) {
      // The name holds the visible words and says whose card it is.
      const b = f[3] === "0"
        ? h("button.small", { onclick: act(a), "data-action": a }, inline(t("web.watchtower.take", { card: top })))
        : h("button.small", { onclick: act(a), "data-action": a, "aria-label": t("web.watchtower.challenge-label", { cards: t("noun.cards", { count: Number(f[3]) }), seat: seatName(ctx.seats, p.seat), card: theCard(top) }) },
          t("web.watchtower.challenge", { n: Number(f[3]) }));
      buttons.push(b);
    }
  }
  return h("div.stack", { dataset: { rank: st.rank } },
    h("div.stack-cards", st.cards.map((c) => card(c))),
    h("div.stack-info", st.count > 1 ? t("web.watchtower.tower-of", { n: st.count }) : t("web.watchtower.single"), tried.length ? h("span.tries", " · ", t("web.watchtower.tries", { list: tried.join(", ") })) : null),
    buttons.length ? h("div.stack-actions", buttons) : null);
}

function playerPanel(view, ctx, p, act) {
  const status = p.out ? t("web.war.out") : p.campaign ? t("web.watchtower.on-campaign") : "";
  const cls = "section.wt-player" + (view.to_move === p.seat ? ".to-move" : "") + (p.out ? ".out" : "") + (p.campaign ? ".campaign" : "");
  const battle = ctx.legal.find((a) => a === `campaign-battle ${p.seat + 1}`);
  return h(cls, { "aria-label": name(ctx, p.seat), dataset: { seat: p.seat } },
    h("h3", name(ctx, p.seat), status ? h("span.badge", status) : null, view.dealer === p.seat ? h("span.badge.muted", t("web.watchtower.dealer")) : null),
    h("p.army-count", card(p.army_size ? "##" : ""), " ", zone("army", "", p.seat), " ", t("noun.cards", { count: p.army_size }), p.seen && p.seen.length ? h("span.muted", " · ", t("web.watchtower.seen", { cards: p.seen.map(short).join(" ") })) : null),
    p.tower ? h("div.tower", zone("watchtower", "", p.seat), " ", p.tower.map((c) => card(c))) : null,
    h("div.zone-head", zone("fortress", "", p.seat)),
    h("div.fortress", p.fortress.length ? p.fortress.map((st) => stackEl(view, ctx, p, st, act)) : h("span.muted", t("web.watchtower.empty-fortress"))),
    p.row && p.row.length ? h("div.row", zone("showdown", t("web.watchtower.row", { tricks: t("noun.tricks", { count: p.tricks }) }), p.seat), h("div.row-cards", p.row.map((c) => card(c)))) : null,
    battle ? h("button", { onclick: act(battle), "data-action": battle }, t("web.watchtower.campaign-battle", { seat: name(ctx, p.seat) })) : null,
    p.army ? armyEl(view, ctx, p, act) : null,
  );
}

function armyEl(view, ctx, p, act) {
  const won = new Set(p.won || []);
  let n = 0;
  const cards = sortedArmy(p.army).map((c) => {
    const a = ctx.legal.find((x) => x === `place ${c}` || x === `give ${c}`);
    if (!a) return h("span.card-slot", card(c), won.has(c) ? h("span.won", t("web.watchtower.won")) : null);
    const what = t(a.startsWith("give") ? "web.watchtower.give-card" : "web.watchtower.place-card", { card: theCard(c) });
    const body = [card(c, { decorative: true }), won.has(c) ? h("span.won", { "aria-hidden": "true" }, t("web.watchtower.won")) : null,
      h("span.visually-hidden", won.has(c) ? t("web.watchtower.won-card", { what }) : what)];
    return h("button.card-button", { onclick: act(a), "data-action": a }, body, keyBadge(n++));
  });
  const placing = ctx.legal.some((a) => a.startsWith("place"));
  return h("div.army", { role: "group", "aria-label": t("web.watchtower.army-label") },
    h("h4", t(placing ? "web.watchtower.army-placing" : "web.watchtower.army")), h("div.hand", cards));
}

function pendingPanel(view, ctx, act) {
  const p = view.pending;
  if (p.kind === "give") return h("section.pending", h("p", t("web.watchtower.gives", { seat: name(ctx, p.picker), cards: t("noun.cards", { count: p.owed }) })));
  const fight = { attacker: name(ctx, p.attacker), defender: name(ctx, p.defender), cards: t("noun.cards", { count: p.k }) };
  const what = p.kind === "battle"
    ? (p.target ? t("web.watchtower.battle", { ...fight, card: short(p.target) }) : t("web.watchtower.campaign-battle-on", fight))
    : t("web.watchtower.free-for-all", { card: short(p.contested), seats: list(p.participants.map((i) => name(ctx, i))) });
  const open = new Set(p.open || []);
  const slots = [];
  for (let pos = 1; pos <= p.positions; pos++) {
    const a = `pick ${pos}`;
    const body = [card("##", { decorative: true }), h("span.pos", { "aria-hidden": "true" }, String(pos))];
    if (ctx.legal.includes(a)) slots.push(h("button.card-button.blind", { onclick: act(a), "data-action": a }, body, h("span.visually-hidden", t("web.watchtower.pick-label", { n: pos, seat: seatName(ctx.seats, p.from) }))));
    else slots.push(h("span.card-slot" + (open.has(pos) ? "" : ".taken"), body));
  }
  return h("section.pending", { "aria-live": "polite" },
    h("h3", what),
    h("p", t("web.watchtower.picks", { picker: name(ctx, p.picker), from: name(ctx, p.from) })),
    h("div.blind", slots));
}

// eventSteps shows the last action's events one after another; flips and
// showdown rows are drawn as cards turning up. fresh is false when the same
// message is drawn again (a selection, a reconnect), so nothing replays.
function eventSteps(events, ctx) {
  const steps = h("ol.steps" + (ctx.fresh ? ".animate" : ""), { "aria-label": t("web.table.log-label") });
  events.forEach((e, i) => {
    const li = h("li", { style: `--step: ${(i * STEP).toFixed(2)}s` });
    const id = e.msg ? e.msg.id : "";
    const rows = id === "watchtower.event.rows" ? rowsOf(e.msg, ctx) : !e.msg && e.text.startsWith("showdown rows: ") ? rowsOfText(e.text) : null;
    if (rows) li.append(showdownRows(rows, i));
    else if (e.msg ? id === "watchtower.event.flip" || id === "watchtower.event.free-flip" : /^(flip|free-for-all flip)/.test(e.text)) li.append(flipLine(e.text, i));
    else li.append(inline(e.text));
    steps.append(li);
  });
  return h("section.events", h("h3", t("web.watchtower.last-move")), steps);
}

// rowsOf reads the showdown's rows from its message: each seat's name,
// cards and tricks.
function rowsOf(msg, ctx) {
  const rows = (msg.args && msg.args.rows && msg.args.rows.msgs) || [];
  return rows.map((r) => ({
    who: seatName(ctx.seats, r.args.seat.seat),
    cards: String(r.args.cards.text || "").split(/\s+/).filter(Boolean),
    tricks: `(${t(r.args.tricks.noun, { count: r.args.tricks.count })})`,
  }));
}

// rowsOfText reads "showdown rows: seat 1 8H 6C (4 tricks); seat 2 …", an
// older record's English; null if it cannot.
function rowsOfText(text) {
  const out = [];
  for (const row of text.slice("showdown rows: ".length).split("; ")) {
    const m = /^(.*?)((?:\s+(?:10|[2-9JQKA])[CDHS])+)\s*(\(.*\))?$/.exec(row);
    if (!m) return null;
    out.push({ who: m[1].trim(), cards: m[2].trim().split(/\s+/), tricks: m[3] || "" });
  }
  return out;
}

// showdownRows lays the showdown's rows out as one row per seat, the sets
// turning up card by card; a long row wraps inside its panel.
function showdownRows(rows, i) {
  const grid = h("div.showdown", { role: "group", "aria-label": t("web.watchtower.showdown-label") }, h("h4", t("web.watchtower.showdown")));
  for (const row of rows) {
    const cells = row.cards.map((c, j) => {
      const svg = card(c);
      svg.classList.add("flip-in");
      svg.style.setProperty("--flip", `${(i * STEP + j * 0.25).toFixed(2)}s`);
      return svg;
    });
    grid.append(h("div.showdown-row", h("span.showdown-who", row.who, " ", h("small", row.tricks)), h("div.row-cards", cells)));
  }
  return grid;
}

function flipLine(text, i) {
  const frag = document.createDocumentFragment();
  const re = /\b(10|[2-9JQKA])[CDHS]\b/g;
  let last = 0, m, j = 0;
  while ((m = re.exec(text))) {
    frag.append(text.slice(last, m.index));
    const c = card(m[0]);
    c.classList.add("flip-in");
    c.style.setProperty("--flip", `${(i * STEP + j++ * 0.12).toFixed(2)}s`);
    frag.append(c);
    last = re.lastIndex;
  }
  frag.append(text.slice(last));
  return frag;
}

// logLines writes the events of an action to the log, newest first.
export function logLines(m, prev, ctx) {
  const ev = m.view ? said(m.view, ctx) : [];
  return ev.length ? ev.map((e) => capital(e.text, ctx)).reverse() : null;
}

// privateCards is what only seat's own view shows: its army in held order
// (for the replay of a finished game, where all hands may be shown).
export function privateCards(view, seat) {
  const p = (view.players || [])[seat];
  return (p && p.army) || [];
}

// keys are Watchtower's keys for the list under "?": [keys, what they do].
export const keys = [
  ["1…9 0", t("watchtower.keys.cards")],
  ["E", t("watchtower.keys.end")],
  ["D", t("watchtower.keys.done")],
];

// key handles Watchtower's shortcuts: a digit places (or gives) that card
// of the army, or picks that position blind; E ends the turn, D ends
// setup.
export function key(e, ctx) {
  const k = e.key.toLowerCase();
  const n = cardIndex(e);
  if (n >= 0) {
    const pick = `pick ${n + 1}`;
    if (ctx.legal.includes(pick)) return ctx.act(pick), true;
    const b = document.querySelectorAll(".army .card-button")[n];
    if (b) b.click();
    return !!b;
  }
  if (k === "e" && ctx.legal.includes("end")) return ctx.act("end"), true;
  if (k === "d" && ctx.legal.includes("done")) return ctx.act("done"), true;
  return false;
}

// sortedArmy is an army in rank order (2 … A), equal ranks as held: a
// person reads it as a sorted hand.
function sortedArmy(army) {
  const order = "23456789TJQKA";
  const rank = (c) => order.indexOf(c.startsWith("10") ? "T" : c[0]);
  return army.map((c, i) => [c, i]).sort((x, y) => rank(x[0]) - rank(y[0]) || x[1] - y[1]).map((x) => x[0]);
}

// describe writes one action as a sentence (the replay's list).
export function describe(seat, action, before, after, ctx) {
  const f = action.split(" ");
  const args = { seat: seatName(ctx.seats, seat), card: f[1] || "" };
  const other = () => seatName(ctx.seats, Number(f[1]) - 1);
  switch (f[0]) {
    case "place": return t("web.watchtower.did.place", args);
    case "burn": return t("web.watchtower.did.burn", { ...args, rank: rankName(f[1]) });
    case "challenge":
      return f[3] === "0"
        ? t("web.watchtower.did.take", { ...args, rank: rankName(f[2]), other: other() })
        : t("web.watchtower.did.challenge", { ...args, rank: rankName(f[2]), other: other(), cards: t("noun.cards", { count: Number(f[3]) }) });
    case "campaign-battle": return t("web.watchtower.did.campaign-battle", { ...args, other: other() });
    case "pick": return t("web.watchtower.did.pick", { ...args, n: Number(f[1]) });
    case "give": return t(f[1] ? "web.watchtower.did.give" : "web.watchtower.did.give-unknown", args);
    case "done": return t("web.watchtower.did.done", args);
    case "end": case "end-turn": return t("web.watchtower.did.end", args);
  }
  return t("web.did.other", { ...args, action });
}

// endSentence says who won and how, with names: the engine's message
// (detail_i18n), else its English detail with names.
export function endSentence(r, view, ctx) {
  const winners = (r.winners || []).map((i) => (i === ctx.seat ? t("web.you") : seatName(ctx.seats, i)));
  const mine = ctx.seat >= 0;
  const detail = r.detail_i18n ? say(r.detail_i18n, { seatName: (i) => seatName(ctx.seats, i) }) : r.detail ? named(r.detail, ctx.seats) : "";
  const lines = [detail ? t("web.watchtower.end.detail", { detail: capital(detail, ctx) }) : "", t("web.watchtower.end.rounds", { rounds: t("noun.rounds", { count: view.round || r.length }) })];
  if (!winners.length) return { headline: t("web.watchtower.end.nobody"), lines, outcome: mine ? "draw" : "neutral" };
  const headline = capital(t("web.table.won", { names: list(winners) }), ctx);
  return { headline, lines, outcome: !mine ? "neutral" : (r.winners || []).includes(ctx.seat) ? "won" : "lost" };
}

// imperative writes an action as a move to make ("place 7♣ in your
// fortress"): the analysis's better moves and the moves to try.
export function imperative(action, ctx) {
  const f = action.split(" ");
  const other = () => seatName(ctx.seats, Number(f[1]) - 1);
  switch (f[0]) {
    case "place": case "give": return t(`web.watchtower.do.${f[0]}`, { card: short(f[1] || "") });
    case "burn": return t("web.watchtower.do.burn", { rank: rankName(f[1]) });
    case "challenge":
      return f[3] === "0" ? t("web.watchtower.do.take", { rank: rankName(f[2]), other: other() })
        : t("web.watchtower.do.challenge", { rank: rankName(f[2]), other: other(), cards: t("noun.cards", { count: Number(f[3]) }) });
    case "campaign-battle": return t("web.watchtower.do.campaign-battle", { other: other() });
    case "pick": return t("web.watchtower.do.pick", { n: Number(f[1]) });
    case "done": return t("web.watchtower.do.done");
    case "end": case "end-turn": return t("web.watchtower.do.end");
  }
  return action;
}
