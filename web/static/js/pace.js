// pace.js is the lobby form's clock: no clock, a live one (seconds a move
// and a reserve) or correspondence (days a move), and what a timeout does.
// The server bounds every value (docs/protocol.md, "Table settings").

import { h } from "./dom.js";

const $ = (id) => document.getElementById(id);

// paceFields are the form's clock fields.
export function paceFields() {
  const pace = h("select#pace", { onchange: () => show() },
    h("option", { value: "none" }, "no clock"), h("option", { value: "live" }, "live"), h("option", { value: "correspondence" }, "correspondence"));
  const move = h("select#pace-move", {}, ["20s", "30s", "1m", "2m", "5m"].map((v) => h("option", { value: v, selected: v === "1m" }, v)));
  const days = h("select#pace-days", {}, ["1d", "2d", "3d", "7d"].map((v) => h("option", { value: v, selected: v === "3d" }, v.replace("d", " day") + (v === "1d" ? "" : "s"))));
  const reserve = h("select#pace-reserve", {}, ["0s", "30s", "2m", "5m", "10m"].map((v) => h("option", { value: v }, v === "0s" ? "none" : v)));
  const timeout = h("select#pace-timeout", {}, h("option", { value: "bot" }, "a bot plays on"), h("option", { value: "lose" }, "the seat loses (two seats)"));
  const el = h("div.pace",
    h("div.field", h("label", { for: "pace" }, "Clock"), pace),
    h("div.field.pace-live", h("label", { for: "pace-move" }, "Per move"), move),
    h("div.field.pace-live", h("label", { for: "pace-reserve" }, "Reserve"), reserve),
    h("div.field.pace-corr", h("label", { for: "pace-days" }, "Per move"), days),
    h("div.field.pace-any", h("label", { for: "pace-timeout" }, "Time out"), timeout));
  const show = () => {
    for (const f of el.querySelectorAll(".pace-live")) f.hidden = pace.value !== "live";
    for (const f of el.querySelectorAll(".pace-corr")) f.hidden = pace.value !== "correspondence";
    for (const f of el.querySelectorAll(".pace-any")) f.hidden = pace.value === "none";
  };
  show();
  return el;
}

// paceSettings are the table settings the fields ask for (null: none).
export function paceSettings() {
  const pace = $("pace");
  if (!pace || pace.value === "none") return null;
  const out = { pace: pace.value, timeout: $("pace-timeout").value };
  if (pace.value === "live") Object.assign(out, { move: $("pace-move").value, reserve: $("pace-reserve").value });
  else out.move = $("pace-days").value;
  return out;
}

// paceLabel says a listed table's clock in a few words (null: none).
export function paceLabel(settings) {
  if (!settings || !settings.pace || settings.pace === "none") return null;
  const what = settings.pace === "live" ? `live ${settings.move}${settings.reserve && settings.reserve !== "0s" ? " + " + settings.reserve : ""}` : `${settings.move.replace("d", "")} days a move`;
  return h("span.pace-label", `⏱ ${what}`);
}
