// watchtower.js renders a Watchtower view (docs/watchtower.md): every
// fortress with its towers and try counts, army sizes, campaign status,
// the barracks, the seat's own army, and a pending battle or free-for-all
// as face-down positions to pick blind. The events of the last action
// (flips, free-for-alls, the showdown and the tower battle) are played out
// step by step. Every click is one of the legal actions it was given.

import { h, seatName } from "./dom.js";
import { card, short, inline } from "./cards.js";

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

export function render(view, ctx) {
  const offered = new Set();
  const act = (a) => { offered.add(a); return () => ctx.act(a); };
  const board = h("div.watchtower");
  board.append(header(view, ctx));
  if (view.pending) board.append(pendingPanel(view, ctx, act));
  const players = h("div.wt-players");
  for (const p of view.players) players.append(playerPanel(view, ctx, p, act));
  board.append(players);
  if (view.events && view.events.length) board.append(eventSteps(view.events.map((e) => named(e, ctx.seats)), ctx.fresh));
  return { board, offered, prompt: prompt(view, ctx) };
}

function header(view, ctx) {
  const known = (view.barracks_known || []).map((k) => `${k.position}: ${short(k.card)}`);
  return h("section.wt-header",
    h("span.pile-count", view.phase === "setup" ? "Setup" : view.phase === "over" ? "Game over" : `Round ${view.round}`),
    view.phase === "over" ? null : h("span.pile-count", view.turn === ctx.seat ? "your turn" : `${seatName(ctx.seats, view.turn)}'s turn`),
    h("span.pile-count.barracks", card(view.barracks ? "##" : ""), ` Barracks ${view.barracks}`),
    known.length ? h("span.pile-count", `known in the barracks: ${known.join(", ")}`) : null,
    view.aside && view.aside.length ? h("span.pile-count", `set aside: ${view.aside.map(short).join(" ")}`) : null,
    view.phase === "play" ? h("span.pile-count", `burn ${view.burn_used ? "used" : "free"} · challenge ${view.challenge_used ? "used" : "free"}`) : null,
  );
}

function prompt(view, ctx) {
  if (!ctx.legal.length) return "";
  const p = view.pending;
  if (p && (p.kind === "battle" || p.kind === "free-for-all")) return `Pick a card blind from ${name(ctx, p.from)}'s army.`;
  if (p && p.kind === "give") return `The barracks is empty: give ${p.owed} army card(s).`;
  if (view.phase === "setup") return "Setup: place army cards into your fortress, burn one if you like, then Done.";
  return "Your turn: place, burn, challenge — then End turn.";
}

function tries(view, c) {
  return (view.tries || []).filter((t) => t.card === c).map((t) => t.attacker >= 0 ? `${t.count}/3 by seat ${t.attacker + 1}` : `${t.count}/3`);
}

function stackEl(view, ctx, p, st, act) {
  const top = st.cards[st.cards.length - 1];
  const t = tries(view, top);
  const buttons = [];
  for (const a of ctx.legal) {
    const f = a.split(" ");
    if (f[0] === "burn" && p.seat === ctx.seat && f[1] === st.rank) buttons.push(h("button.small", { onclick: act(a), "data-action": a }, `Burn ${short(top)}`));
    if (f[0] === "challenge" && Number(f[1]) - 1 === p.seat && f[2] === st.rank) {
      const label = f[3] === "0" ? `Take ${short(top)}` : `Challenge with ${f[3]}`;
      buttons.push(h("button.small", { onclick: act(a), "data-action": a }, label));
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
    h("p.army-count", card(p.army_size ? "##" : ""), ` army ${p.army_size}`, p.seen && p.seen.length ? h("span.muted", ` · seen in it: ${p.seen.map(short).join(" ")}`) : null),
    p.tower ? h("div.tower", h("span.muted", "Watchtower: "), p.tower.map((c) => card(c))) : null,
    h("div.fortress", p.fortress.length ? p.fortress.map((st) => stackEl(view, ctx, p, st, act)) : h("span.muted", "empty fortress")),
    p.row && p.row.length ? h("div.row", h("span.muted", `Showdown row (${p.tricks} tricks): `), p.row.map((c) => card(c))) : null,
    battle ? h("button", { onclick: act(battle), "data-action": battle }, `Campaign battle against ${name(ctx, p.seat)}`) : null,
    p.army ? armyEl(view, ctx, p, act) : null,
  );
}

function armyEl(view, ctx, p, act) {
  const won = new Set(p.won || []);
  const cards = p.army.map((c) => {
    const a = ctx.legal.find((x) => x === `place ${c}` || x === `give ${c}`);
    const body = [card(c), won.has(c) ? h("span.won", "won") : null];
    if (!a) return h("span.card-slot", body);
    const verb = a.startsWith("give") ? "Give" : "Place";
    return h("button.card-button", { onclick: act(a), "data-action": a, title: `${verb} ${short(c)}` }, body);
  });
  const placing = ctx.legal.some((a) => a.startsWith("place"));
  return h("div.army", { role: "group", "aria-label": "your army" },
    h("h4", "Your army", placing ? " — click a card to place it in your fortress" : ""), h("div.hand", cards));
}

function pendingPanel(view, ctx, act) {
  const p = view.pending;
  if (p.kind === "give") return h("section.pending", h("p", `${name(ctx, p.picker)} gives ${p.owed} card(s) to the empty barracks.`));
  const what = p.kind === "battle"
    ? `Battle: ${name(ctx, p.attacker)} against ${name(ctx, p.defender)}${p.target ? ` for ${short(p.target)}` : " (campaign battle)"}, ${p.k} card(s) each`
    : `Free-for-all for ${short(p.contested)} among ${p.participants.map((i) => name(ctx, i)).join(", ")}`;
  const open = new Set(p.open || []);
  const slots = [];
  for (let pos = 1; pos <= p.positions; pos++) {
    const a = `pick ${pos}`;
    const body = [card("##"), h("span.pos", String(pos))];
    if (ctx.legal.includes(a)) slots.push(h("button.card-button.blind", { onclick: act(a), "data-action": a, title: `pick position ${pos}` }, body));
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
// as one row per seat, the sets turning up column by column.
function showdownRows(text, i) {
  const rows = text.slice("showdown rows: ".length).split("; ");
  const grid = h("table.showdown", h("caption", "Showdown"));
  for (const row of rows) {
    const m = /^(.*?)((?:\s+(?:10|[2-9JQKA])[CDHS])+)\s*(\(.*\))?$/.exec(row);
    if (!m) return inline(text);
    const cells = m[2].trim().split(/\s+/).map((c, j) => {
      const svg = card(c);
      svg.classList.add("flip-in");
      svg.style.setProperty("--flip", `${(i * STEP + j * 0.25).toFixed(2)}s`);
      return h("td", svg);
    });
    grid.append(h("tr", h("th", { scope: "row" }, m[1].trim(), h("br"), h("small", m[3] || "")), cells));
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

// key handles Watchtower's shortcuts: E ends the turn, D ends setup.
export function key(e, ctx) {
  const k = e.key.toLowerCase();
  if (k === "e" && ctx.legal.includes("end")) return ctx.act("end"), true;
  if (k === "d" && ctx.legal.includes("done")) return ctx.act("done"), true;
  return false;
}
