// watchtower.js renders a Watchtower view (docs/watchtower.md): every
// fortress with its towers and try counts, army sizes, campaign status,
// the barracks, the seat's own army, and a pending battle or free-for-all
// as face-down positions to pick blind. The events of the last action
// (flips, free-for-alls, the showdown and the tower battle) are played out
// step by step. Every click is one of the legal actions it was given.

import { keyBadge, cardIndex } from "./keys.js";
import { t } from "./i18n.js";
import { h, seatName, opening } from "./dom.js";
import { card, short, inline, label, plural } from "./cards.js";

export const title = "Watchtower";
const STEP = 0.6; // seconds between the steps of an action's events

export function toMove(view) {
  return view.to_move >= 0 ? [view.to_move] : [];
}

const name = (ctx, i) => seatName(ctx.seats, i) + (i === ctx.seat ? " (you)" : "");

// named writes the engine's "seat 2" in an event text as that seat's name.
export function named(text, seats) {
  return text.replace(/\bseat (\d)\b/g, (all, n) => seatName(seats, Number(n) - 1));
}

// ZONES explains each zone in one line, shown when its label is tapped,
// clicked or focused (never on hover alone: phones have none).
const ZONES = {
  fortress: "Your cards face up. Equal ranks stand as one tower; only a tower's top card can be challenged.",
  army: "Your hidden hand. You fight with it, blind: the other player picks from it face down.",
  barracks: "The face-down draw pile. Burned and returned cards go under it face up.",
  watchtower: "On campaign: four of a kind, safe from everyone.",
  showdown: "When everyone still in is on campaign, armies are laid out in rows; the most tricks wins.",
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
  const tip = h("span.zone-tip", { id, role: "tooltip" }, ZONES[name]);
  const b = h("button.zone", { type: "button", "aria-describedby": id, dataset: { focus: `zone-${key}` } },
    text || cap(name), h("span.zone-mark", { "aria-hidden": "true" }, "?"));
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

function cap(s) {
  return s[0].toUpperCase() + s.slice(1);
}

// howToWin is the strip that tells a newcomer the way to win.
function howToWin(view, ctx) {
  const me = (view.players || [])[ctx.seat];
  const step = me ? (me.campaign ? 2 : 1) : 0;
  const steps = ["Build a watchtower: four of one rank in your fortress, the fourth won from someone", "→ you go on campaign", "→ when everyone still in is on campaign, the showdown: most tricks wins"];
  return h("ol.how-to-win", { "aria-label": "how to win" }, steps.map((t, i) => h("li" + (step === i + 1 ? ".here" : ""), t)));
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
  if (view.events && view.events.length) board.append(eventSteps(view.events.map((e) => named(e, ctx.seats)), ctx.fresh));
  const bar = [];
  if (ctx.legal.includes("done")) bar.push(h("button.primary.big", { onclick: act("done"), "data-action": "done", "aria-keyshortcuts": "D" }, "Done with setup ", h("kbd", { "aria-hidden": "true" }, "D")));
  if (ctx.legal.includes("end")) bar.push(h("button.primary.big", { onclick: act("end"), "data-action": "end", "aria-keyshortcuts": "E" }, "End turn ", h("kbd", { "aria-hidden": "true" }, "E")));
  return { board, offered, bar, prompt: prompt(view, ctx) };
}

// ordinal writes n as "1st", "2nd", "3rd", "11th", "22nd".
function ordinal(n) {
  const tens = n % 100, ones = n % 10;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ones === 1 ? "st" : ones === 2 ? "nd" : ones === 3 ? "rd" : "th";
  return `${n}${suffix}`;
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
  const places = (r) => (r.first === r.last ? ordinal(r.first) : `${ordinal(r.first)}–${ordinal(r.last)}`);
  return h("details.pile-count.known",
    h("summary", t("watchtower.known.count", { count: known.length })),
    h("p", t("watchtower.known.from-top")),
    h("ul.known-runs", runs.map((r) => h("li", `${places(r)}: `, h("span.mini-cards", r.cards.map((c) => card(c)))))));
}

function header(view, ctx) {
  return h("section.wt-header",
    h("span.pile-count", view.phase === "setup" ? "Setup" : view.phase === "over" ? "Game over" : `Round ${view.round}`),
    view.phase === "over" ? null : h("span.pile-count", view.turn === ctx.seat ? "your turn" : `${seatName(ctx.seats, view.turn)}'s turn`),
    h("span.pile-count.barracks", card(view.barracks ? "##" : ""), " ", zone("barracks", "", "table"), ` ${view.barracks}`),
    knownBarracks(view.barracks_known || []),
    view.aside && view.aside.length ? h("span.pile-count", `set aside: ${view.aside.map(short).join(" ")}`) : null,
    view.phase === "play" ? h("span.pile-count", `burn ${view.burn_used ? "used" : "free"} · challenge ${view.challenge_used ? "used" : "free"}`) : null,
  );
}

function prompt(view, ctx) {
  if (!ctx.legal.length) return "";
  const p = view.pending;
  if (p && (p.kind === "battle" || p.kind === "free-for-all")) return `Pick a card blind from ${name(ctx, p.from)}'s army.`;
  if (p && p.kind === "give") return `The barracks is empty: give ${plural(p.owed, "army card")}.`;
  if (view.phase === "setup") return "Setup: place army cards into your fortress, burn one if you like, then Done.";
  return "Your turn: place, burn, challenge — then End turn.";
}

function tries(view, ctx, c) {
  return (view.tries || []).filter((t) => t.card === c).map((t) => t.attacker >= 0 ? `${t.count}/3 by ${seatName(ctx.seats, t.attacker)}` : `${t.count}/3`);
}

function stackEl(view, ctx, p, st, act) {
  const top = st.cards[st.cards.length - 1];
  const t = tries(view, ctx, top);
  const buttons = [];
  for (const a of ctx.legal) {
    const f = a.split(" ");
    if (f[0] === "burn" && p.seat === ctx.seat && f[1] === st.rank) buttons.push(h("button.small", { onclick: act(a), "data-action": a }, inline(`Burn ${top}`)));
    if (f[0] === "challenge" && Number(f[1]) - 1 === p.seat && f[2] === st.rank) {
      // The name holds the visible words and says whose card it is.
      const b = f[3] === "0"
        ? h("button.small", { onclick: act(a), "data-action": a }, inline(`Take ${top}`))
        : h("button.small", { onclick: act(a), "data-action": a, "aria-label": `Challenge with ${f[3]} card${f[3] === "1" ? "" : "s"} for ${seatName(ctx.seats, p.seat)}'s ${label(top)}` }, `Challenge with ${f[3]}`);
      buttons.push(b);
    }
  }
  return h("div.stack", { dataset: { rank: st.rank } },
    h("div.stack-cards", st.cards.map((c) => card(c))),
    h("div.stack-info", st.count > 1 ? `tower of ${st.count}` : "single", t.length ? h("span.tries", ` · tries ${t.join(", ")}`) : null),
    buttons.length ? h("div.stack-actions", buttons) : null);
}

function playerPanel(view, ctx, p, act) {
  const status = p.out ? "out" : p.campaign ? "on campaign" : "";
  const cls = "section.wt-player" + (view.to_move === p.seat ? ".to-move" : "") + (p.out ? ".out" : "") + (p.campaign ? ".campaign" : "");
  const battle = ctx.legal.find((a) => a === `campaign-battle ${p.seat + 1}`);
  return h(cls, { "aria-label": name(ctx, p.seat), dataset: { seat: p.seat } },
    h("h3", name(ctx, p.seat), status ? h("span.badge", status) : null, view.dealer === p.seat ? h("span.badge.muted", "dealer") : null),
    h("p.army-count", card(p.army_size ? "##" : ""), " ", zone("army", "Army", p.seat), ` ${plural(p.army_size, "card")}`, p.seen && p.seen.length ? h("span.muted", ` · seen in it: ${p.seen.map(short).join(" ")}`) : null),
    p.tower ? h("div.tower", zone("watchtower", "Watchtower", p.seat), " ", p.tower.map((c) => card(c))) : null,
    h("div.zone-head", zone("fortress", "Fortress", p.seat)),
    h("div.fortress", p.fortress.length ? p.fortress.map((st) => stackEl(view, ctx, p, st, act)) : h("span.muted", "empty fortress")),
    p.row && p.row.length ? h("div.row", zone("showdown", `Showdown row (${plural(p.tricks, "trick")})`, p.seat), h("div.row-cards", p.row.map((c) => card(c)))) : null,
    battle ? h("button", { onclick: act(battle), "data-action": battle }, `Campaign battle against ${name(ctx, p.seat)}`) : null,
    p.army ? armyEl(view, ctx, p, act) : null,
  );
}

function armyEl(view, ctx, p, act) {
  const won = new Set(p.won || []);
  let n = 0;
  const cards = sortedArmy(p.army).map((c) => {
    const a = ctx.legal.find((x) => x === `place ${c}` || x === `give ${c}`);
    if (!a) return h("span.card-slot", card(c), won.has(c) ? h("span.won", "won") : null);
    const body = [card(c, { decorative: true }), won.has(c) ? h("span.won", { "aria-hidden": "true" }, "won") : null,
      h("span.visually-hidden", (a.startsWith("give") ? `Give the ${label(c)} to the barracks` : `Place the ${label(c)} in your fortress`) + (won.has(c) ? " (won)" : ""))];
    return h("button.card-button", { onclick: act(a), "data-action": a }, body, keyBadge(n++));
  });
  const placing = ctx.legal.some((a) => a.startsWith("place"));
  return h("div.army", { role: "group", "aria-label": "your army" },
    h("h4", "Your army", placing ? " — click a card to place it in your fortress" : ""), h("div.hand", cards));
}

function pendingPanel(view, ctx, act) {
  const p = view.pending;
  if (p.kind === "give") return h("section.pending", h("p", `${name(ctx, p.picker)} gives ${plural(p.owed, "card")} to the empty barracks.`));
  const what = p.kind === "battle"
    ? `Battle: ${name(ctx, p.attacker)} against ${name(ctx, p.defender)}${p.target ? ` for ${short(p.target)}` : " (campaign battle)"}, ${plural(p.k, "card")} each`
    : `Free-for-all for ${short(p.contested)} among ${p.participants.map((i) => name(ctx, i)).join(", ")}`;
  const open = new Set(p.open || []);
  const slots = [];
  for (let pos = 1; pos <= p.positions; pos++) {
    const a = `pick ${pos}`;
    const body = [card("##", { decorative: true }), h("span.pos", { "aria-hidden": "true" }, String(pos))];
    if (ctx.legal.includes(a)) slots.push(h("button.card-button.blind", { onclick: act(a), "data-action": a }, body, h("span.visually-hidden", `Pick position ${pos} blind from ${seatName(ctx.seats, p.from)}'s army`)));
    else slots.push(h("span.card-slot" + (open.has(pos) ? "" : ".taken"), body));
  }
  return h("section.pending", { "aria-live": "polite" },
    h("h3", what),
    h("p", `${name(ctx, p.picker)} picks blind from ${name(ctx, p.from)}'s army:`),
    h("div.blind", slots));
}

// eventSteps shows the last action's events one after another; flips and
// showdown rows are drawn as cards turning up. fresh is false when the same
// message is drawn again (a selection, a reconnect), so nothing replays.
function eventSteps(events, fresh) {
  const list = h("ol.steps" + (fresh ? ".animate" : ""), { "aria-label": "what happened" });
  events.forEach((text, i) => {
    const li = h("li", { style: `--step: ${(i * STEP).toFixed(2)}s` });
    if (text.startsWith("showdown rows: ")) li.append(showdownRows(text, i));
    else if (/^(flip|free-for-all flip)/.test(text)) li.append(flipLine(text, i));
    else li.append(inline(text));
    list.append(li);
  });
  return h("section.events", h("h3", "Last move"), list);
}

// showdownRows lays "showdown rows: seat 1 8H 6C (4 tricks); seat 2 …" out
// as one row per seat, the sets turning up card by card; a long row wraps
// inside its panel.
function showdownRows(text, i) {
  const rows = text.slice("showdown rows: ".length).split("; ");
  const grid = h("div.showdown", { role: "group", "aria-label": "showdown" }, h("h4", "Showdown"));
  for (const row of rows) {
    const m = /^(.*?)((?:\s+(?:10|[2-9JQKA])[CDHS])+)\s*(\(.*\))?$/.exec(row);
    if (!m) return inline(text);
    const cells = m[2].trim().split(/\s+/).map((c, j) => {
      const svg = card(c);
      svg.classList.add("flip-in");
      svg.style.setProperty("--flip", `${(i * STEP + j * 0.25).toFixed(2)}s`);
      return svg;
    });
    grid.append(h("div.showdown-row", h("span.showdown-who", m[1].trim(), " ", h("small", m[3] || "")), h("div.row-cards", cells)));
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
  const ev = (m.view && m.view.events) || [];
  return ev.length ? ev.map((e) => named(e, ctx.seats)).reverse() : null;
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
  const who = seatName(ctx.seats, seat);
  const f = action.split(" ");
  switch (f[0]) {
    case "place": return `${who} placed ${short(f[1])} in their fortress.`;
    case "burn": return `${who} burned a ${f[1]} from their fortress.`;
    case "challenge":
      return f[3] === "0"
        ? `${who} took the ${f[2]} of ${seatName(ctx.seats, Number(f[1]) - 1)}, whose army is empty.`
        : `${who} challenged ${seatName(ctx.seats, Number(f[1]) - 1)} for the ${f[2]} with ${f[3] === "1" ? "one card" : `${f[3]} cards`}.`;
    case "campaign-battle": return `${who} started a campaign battle against ${seatName(ctx.seats, Number(f[1]) - 1)}.`;
    case "pick": return `${who} picked position ${f[1]} blind.`;
    case "give": return f[1] ? `${who} gave ${short(f[1])} to the barracks.` : `${who} gave a card to the barracks.`;
    case "done": return `${who} finished setting up.`;
    case "end": case "end-turn": return `${who} ended their turn.`;
  }
  return `${who}: ${action}.`;
}

// capitalFirst starts a sentence with a capital ("After 75 rounds…"),
// unless it starts with a seat's name, written as its person typed it.
function capitalFirst(text, ctx) {
  if (ctx.seats.some((_, i) => text.startsWith(seatName(ctx.seats, i)))) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// endSentence says who won and how, with names.
export function endSentence(r, view, ctx) {
  const winners = (r.winners || []).map((i) => (i === ctx.seat ? "you" : seatName(ctx.seats, i)));
  const mine = ctx.seat >= 0;
  const detail = r.detail ? named(r.detail, ctx.seats) : "";
  const lines = [detail ? capitalFirst(opening(detail), ctx) + (detail.endsWith(".") ? "" : ".") : "", `${plural(view.round || r.length, "round")} played.`];
  if (!winners.length) return { headline: "Nobody won", lines, outcome: mine ? "draw" : "neutral" };
  const list = winners.length === 1 ? winners[0] : `${winners.slice(0, -1).join(", ")} and ${winners[winners.length - 1]}`;
  const headline = `${opening(list)} won`;
  return { headline, lines, outcome: !mine ? "neutral" : (r.winners || []).includes(ctx.seat) ? "won" : "lost" };
}
