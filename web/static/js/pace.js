// pace.js is the lobby form's clock: no clock, a live one (seconds a move
// and a reserve) or correspondence (days a move), and what a timeout does.
// The server bounds every value (docs/protocol.md, "Table settings").

import { h } from "./dom.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// paceFields are the form's clock fields.
export function paceFields() {
  const pace = h("select#pace", { onchange: () => show() },
    h("option", { value: "none" }, t("web.pace.none")), h("option", { value: "live" }, t("web.pace.live")), h("option", { value: "correspondence" }, t("web.pace.correspondence")));
  const move = h("select#pace-move", {}, ["20s", "30s", "1m", "2m", "5m"].map((v) => h("option", { value: v, selected: v === "1m" }, duration(v))));
  const days = h("select#pace-days", {}, ["1d", "2d", "3d", "7d"].map((v) => h("option", { value: v, selected: v === "3d" }, t("web.pace.days", { count: Number(v.replace("d", "")) }))));
  const reserve = h("select#pace-reserve", {}, ["0s", "30s", "2m", "5m", "10m"].map((v) => h("option", { value: v }, v === "0s" ? t("web.pace.no-reserve") : duration(v))));
  const timeout = h("select#pace-timeout", {}, h("option", { value: "bot" }, t("web.pace.timeout-bot")), h("option", { value: "lose" }, t("web.pace.timeout-lose")));
  const el = h("div.pace",
    h("div.field", h("label", { for: "pace" }, t("web.pace.clock")), pace),
    h("div.field.pace-live", h("label", { for: "pace-move" }, t("web.pace.per-move")), move),
    h("div.field.pace-live", h("label", { for: "pace-reserve" }, t("web.pace.reserve")), reserve),
    h("div.field.pace-corr", h("label", { for: "pace-days" }, t("web.pace.per-move")), days),
    h("div.field.pace-any", h("label", { for: "pace-timeout" }, t("web.pace.timeout")), timeout));
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
  const what = settings.pace === "live"
    ? (settings.reserve && settings.reserve !== "0s" ? t("web.pace.label-live-reserve", { move: duration(settings.move), reserve: duration(settings.reserve) }) : t("web.pace.label-live", { move: duration(settings.move) }))
    : t("web.pace.label-days", { count: Number(settings.move.replace("d", "")) });
  return h("span.pace-label", `⏱ ${what}`);
}

// duration writes a Go duration of the form the clocks use ("20s", "1m",
// "1m30s") in the language: "20 s", "1 min".
export function duration(v) {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(v || "");
  if (!m || !(m[1] || m[2] || m[3])) return v;
  const parts = [];
  if (m[1]) parts.push(t("web.pace.hours", { n: Number(m[1]) }));
  if (m[2]) parts.push(t("web.pace.minutes", { n: Number(m[2]) }));
  if (m[3]) parts.push(t("web.pace.seconds", { n: Number(m[3]) }));
  return parts.join(" ");
}
