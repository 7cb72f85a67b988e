// war.js renders a War view (docs/war.md): each pile with its count, the
// cards laid in this trick (wars as they build), the last trick, the
// variants in force, and Slap War's slap button. It offers only the legal
// actions it is given.

import { h, seatName } from "./dom.js";
import { card, short, inline } from "./cards.js";

export const title = "War";

export function toMove(view) {
  if (view.phase === "slap" && view.slap) return view.slap.to_answer;
  return view.to_flip || [];
}

// variants lists the rules in force that differ from plain War.
export function variants(o) {
  const out = [];
  if (o.players === "3") out.push("three players");
  if (o.peace === "true") out.push("Peace (lowest card wins)");
  if (o["auto-war"] && o["auto-war"] !== "off") out.push(`Automatic War on ${o["auto-war"]}`);
  if (o["beats-faces"] && o["beats-faces"] !== "off") out.push(`${o["beats-faces"]} beats J Q K`);
  if (o["beats-ace"] && o["beats-ace"] !== "off") out.push(`${o["beats-ace"]} beats A`);
  if (o.underdog && o.underdog !== "off") out.push(`Underdog ${o.underdog}`);
  if (o.slap && o.slap !== "off") out.push(`Slap War on ${o.slap} (${o["slap-window"]}, false slap: ${o["false-slap"]})`);
  if (o.pickup && o.pickup !== "winner-first") out.push(`pickup ${o.pickup}`);
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

export function render(view, ctx) {
  const offered = new Set();
  const board = h("div.war");
  const v = variants(ctx.options || {});
  board.append(h("p.variants", v.length ? "Variants: " + v.join(" · ") : "Plain War"));
  const stats = `Battle ${view.battles + (view.phase === "over" ? 0 : 1)} · ${view.wars} war${view.wars === 1 ? "" : "s"}`;
  board.append(h("p.stats", stats));

  const seats = h("div.war-seats");
  for (let i = 0; i < view.players; i++) seats.append(seatPanel(view, ctx, i));
  board.append(seats);

  if (view.round === "war" && view.phase !== "over") {
    board.append(h("p.war-banner", { role: "status" }, ctx.options.peace === "true" ? "PEACE!" : "WAR!"));
  }
  if (view.slap) {
    const answered = view.slap.answer ? `you answered ${view.slap.answer}` : "";
    // A seat that may slap sees the window run out (the server's clock
    // decides; this one starts when the reveal reached the page).
    const clock = view.phase === "slap" && slapAction(ctx.legal) ? countdown(view) : null;
    board.append(h("p.slap-banner", { role: "status" }, `A ${view.slap.rank} is showing — SLAP! `, clock, answered));
  }
  if (view.last) board.append(lastTrick(view.last, ctx));

  const controls = h("div.war-controls");
  if (ctx.legal.includes("flip")) {
    offered.add("flip");
    controls.append(h("button.primary.big", { onclick: () => ctx.act("flip"), "data-action": "flip", "aria-keyshortcuts": "F Space" }, "Flip ", h("kbd", "F")));
  }
  const slap = slapAction(ctx.legal);
  if (slap) {
    offered.add(slap);
    // Outside a window a slap is a false slap: offered, since the game
    // allows it, but drawn quieter and saying what it costs.
    const falseSlap = view.phase !== "slap";
    const what = ctx.options["false-slap"] === "ignore" ? "does nothing" : "locks you out of the next window";
    controls.append(h("button.slap" + (falseSlap ? ".false-slap" : ""), {
      onclick: () => ctx.act("slap"), "data-action": "slap", "aria-keyshortcuts": "S",
      title: falseSlap ? `No slap card showing: a slap now ${what}` : "Slap the table",
    }, "SLAP! ", h("kbd", "S"), falseSlap ? h("small", ` (no ${ctx.options.slap} showing)`) : null));
  }
  if (ctx.legal.includes("pass")) {
    offered.add("pass");
    controls.append(h("button", { onclick: () => ctx.act("pass"), "data-action": "pass", "aria-keyshortcuts": "P" }, "Pass ", h("kbd", "P")));
  }
  board.append(controls);
  return { board, offered, prompt: prompt(view, ctx) };
}

function prompt(view, ctx) {
  if (view.phase === "over") return "";
  if (ctx.legal.some((a) => a.startsWith("slap")) && view.phase === "slap") return "Slap now — the fastest slap takes the table.";
  if (ctx.legal.includes("flip")) return view.round === "war" ? "War! Flip to lay your war cards." : "Your turn: flip.";
  return "";
}

function seatPanel(view, ctx, i) {
  const name = seatName(ctx.seats, i) + (i === ctx.seat ? " (you)" : "");
  const waiting = (view.to_flip || []).includes(i) || (view.slap && view.slap.to_answer.includes(i));
  const laid = view.table[i] || [];
  const panel = h("section.seat-panel" + (waiting ? ".to-move" : "") + (view.out[i] ? ".out" : ""),
    { "aria-label": name, dataset: { seat: i } },
    h("h3", name, view.out[i] ? " — out" : "", (view.locked_out || []).includes(i) ? " — locked out" : ""),
    h("div.pile", card(view.piles[i] > 0 ? "##" : ""), h("span.count", { "data-pile": i }, `${view.piles[i]} card${view.piles[i] === 1 ? "" : "s"}`)),
    h("div.laid", { "aria-label": `${name} laid: ${laid.map(short).join(" ") || "nothing"}` }, laid.map((c, j) => {
      const svg = card(c);
      // Animation is a layer on top: a card that was not on the table in
      // the previous view turns up.
      const before = ctx.prev && ctx.prev.table ? (ctx.prev.table[i] || []).length : 0;
      if (ctx.fresh && j >= before) svg.classList.add("turned");
      return svg;
    })),
  );
  return panel;
}

function lastTrick(last, ctx) {
  const who = last.winner >= 0 ? seatName(ctx.seats, last.winner) : "nobody";
  const how = { compare: "", underdog: ` by Underdog (${short(last.underdog)})`, slap: ` by a slap (${last.slap_ms} ms)`, "run-out": " (the others ran out)", draw: " — a draw" }[last.how] || "";
  const cards = last.table.map((cs, i) => `${seatName(ctx.seats, i)}: ${cs.filter((c) => c !== "##").join(" ")}`).join(" · ");
  return h("p.last-trick", `Last trick: ${who} took it${how}. `, inline(cards));
}

// key handles War's shortcuts: F or Space flips, S slaps, P passes.
export function key(e, ctx) {
  const k = e.key.toLowerCase();
  if ((k === "f" || k === " ") && ctx.legal.includes("flip")) return ctx.act("flip"), true;
  if (k === "s" && slapAction(ctx.legal)) return ctx.act("slap"), true;
  if (k === "p" && ctx.legal.includes("pass")) return ctx.act("pass"), true;
  return false;
}

// logLines writes a finished trick (and slaps) to the log; flips alone
// are not worth a line.
export function logLines(m, prev, ctx) {
  const v = m.view;
  const lines = [];
  if (m.action && m.action.startsWith("slap")) lines.push(`${seatName(ctx.seats, m.actor)}: ${m.action}`);
  if (prev && v.battles > prev.battles && v.last) {
    const l = v.last;
    const who = l.winner >= 0 ? seatName(ctx.seats, l.winner) : "nobody";
    const laid = l.table.map((cs, i) => `${seatName(ctx.seats, i)} ${cs.filter((c) => c !== "##").join(" ")}`).join(", ");
    lines.push(`battle ${v.battles}: ${who} took it${l.how === "compare" ? "" : ` (${l.how})`}: ${laid}`);
  }
  return lines.reverse();
}
