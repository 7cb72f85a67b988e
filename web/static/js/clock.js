// clock.js draws a clocked table's clocks: each seat's time left, counted
// down from the server's last clock message (a running seat's left_ms from
// when the message arrived: the server's clock decides, docs/protocol.md
// "Clocks"). One element kept across redraws, refreshed four times a
// second while a clock runs.

import { h, fill, seatName } from "./dom.js";
import { t } from "./i18n.js";
import { sound } from "./sound.js";

export class ClockView {
  constructor() {
    this.m = null;
    this.at = 0;
    this.seats = [];
    this.me = -1;
    this.el = h("section.clocks", { "aria-label": t("web.clock.label") });
    this.timer = null;
  }

  // update keeps a clock message, counted down from when it came (not
  // from when the page took it: it may have waited behind a trick).
  update(m) {
    this.m = m;
    this.at = m.received ?? performance.now();
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

  // warn sounds the viewer's live clock going under 10 seconds, once each
  // time it does.
  warn(m) {
    const mine = this.me >= 0 && m.seats[this.me];
    const low = m.pace === "live" && !!mine && mine.running && this.left(this.me) < 10000;
    if (low && !this.warned) sound.play("clock");
    this.warned = low;
  }

  tick() {
    if (this.m && this.el.isConnected && this.m.seats.some((s) => s.running)) this.draw();
  }

  draw() {
    const m = this.m;
    const low = m.pace === "live" ? 10000 : 3600000;
    this.warn(m);
    fill(this.el,
      h("h3", paceText(m)),
      m.started ? null : h("p.muted", t("web.clock.not-started")),
      h("ul.clock-list", m.seats.map((s, i) => {
        const left = this.left(i);
        const bot = this.seats[i] && this.seats[i].kind === "bot";
        const cls = "li.clock" + (s.running ? ".running" : "") + (s.running && left < low ? ".low" : "") + (i === this.me ? ".mine" : "") + (bot ? ".bot" : "");
        return h(cls, { dataset: { seat: i, left: Math.round(left) } },
          h("span.clock-name", i === this.me ? t("web.clock.yours", { name: seatName(this.seats, i) }) : seatName(this.seats, i)),
          h("span.clock-time", { role: s.running ? "timer" : null }, bot ? t("web.clock.bot") : fmt(left)),
          m.pace === "live" && m.seats[i].reserve_ms ? h("small.muted", " " + t("web.clock.reserve", { time: fmt(s.reserve_ms) })) : null);
      })));
  }
}

// paceText says the table's pace in words.
function paceText(m) {
  const timeout = m.timeout === "lose" ? t("web.clock.timeout-lose") : t("web.clock.timeout-bot");
  if (m.pace === "correspondence") return t("web.clock.correspondence", { count: Math.round(m.move_ms / 86400000), timeout });
  return t("web.clock.live", { move: fmt(m.move_ms), timeout });
}

// fmt writes ms as d h, h m (in the language's short units) or m:ss.
export function fmt(ms) {
  const s = Math.ceil(ms / 1000);
  const two = (n) => String(n).padStart(2, "0");
  if (s >= 86400) return t("web.clock.days-hours", { d: Math.floor(s / 86400), h: two(Math.floor((s % 86400) / 3600)) });
  if (s >= 3600) return t("web.clock.hours-minutes", { h: Math.floor(s / 3600), m: two(Math.floor((s % 3600) / 60)) });
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
