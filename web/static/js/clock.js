// clock.js draws a clocked table's clocks: each seat's time left, counted
// down from the server's last clock message (a running seat's left_ms from
// when the message arrived: the server's clock decides, docs/protocol.md
// "Clocks"). One element kept across redraws, refreshed four times a
// second while a clock runs.

import { h, fill, seatName } from "./dom.js";

export class ClockView {
  constructor() {
    this.m = null;
    this.at = 0;
    this.seats = [];
    this.me = -1;
    this.el = h("section.clocks", { "aria-label": "clocks" });
    this.timer = null;
  }

  // update keeps a clock message.
  update(m) {
    this.m = m;
    this.at = performance.now();
    if (!this.timer) this.timer = setInterval(() => this.tick(), 250);
  }

  // reset forgets the clock: a new connection's snapshot brings the
  // server's time afresh, and the old message, counted down by this
  // browser's clock across a restart, would show time the restart never
  // gave or took (docs/protocol.md, "Clocks").
  reset() {
    this.m = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  // left is seat i's time left now, in ms.
  left(i) {
    const s = this.m.seats[i];
    return s.running ? Math.max(0, s.left_ms - (performance.now() - this.at)) : s.left_ms;
  }

  // element is the clocks for seats (names), seat me being the viewer's.
  element(seats, me) {
    this.seats = seats;
    this.me = me;
    if (!this.m) return null;
    this.draw();
    return this.el;
  }

  tick() {
    if (this.m && this.el.isConnected && this.m.seats.some((s) => s.running)) this.draw();
  }

  draw() {
    const m = this.m;
    const low = m.pace === "live" ? 10000 : 3600000;
    fill(this.el,
      h("h3", paceText(m)),
      m.started ? null : h("p.muted", "The clock starts once every seat is taken."),
      h("ul.clock-list", m.seats.map((s, i) => {
        const left = this.left(i);
        const bot = this.seats[i] && this.seats[i].kind === "bot";
        const cls = "li.clock" + (s.running ? ".running" : "") + (s.running && left < low ? ".low" : "") + (i === this.me ? ".mine" : "") + (bot ? ".bot" : "");
        return h(cls, { dataset: { seat: i, left: Math.round(left) } },
          h("span.clock-name", seatName(this.seats, i), i === this.me ? " (you)" : ""),
          h("span.clock-time", { role: s.running ? "timer" : null }, bot ? "bot" : fmt(left)),
          m.pace === "live" && m.seats[i].reserve_ms ? h("small.muted", ` reserve ${fmt(s.reserve_ms)}`) : null);
      })));
  }
}

// paceText says the table's pace in words.
function paceText(m) {
  const what = m.timeout === "lose" ? "time out loses" : "time out: a bot plays on";
  if (m.pace === "correspondence") return `Correspondence: ${Math.round(m.move_ms / 86400000)} day${m.move_ms > 86400000 ? "s" : ""} a move · ${what}`;
  return `Live: ${fmt(m.move_ms)} a move · ${what}`;
}

// fmt writes ms as d h, h m or m:ss.
export function fmt(ms) {
  const s = Math.ceil(ms / 1000);
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${String(Math.floor((s % 86400) / 3600)).padStart(2, "0")}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
