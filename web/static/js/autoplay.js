// autoplay.js is War's auto-play in the action bar: the server flips for
// you at 1, 3 or 10 tricks a second, or plays the game out at once ("Finish
// the game"), stopping for every decision (a slap window) and at the end.
// It asks the server with the auto table command (docs/protocol.md),
// which only a table whose other seats are all bots accepts.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const PACES = [1, 3, 10];

// alone reports whether every seat but the viewer's is a bot.
function alone(s) {
  return s.seats.length > 1 && s.seats.every((x, i) => i === s.seat || x.kind === "bot");
}

export function autoControls(view) {
  const s = view.s;
  if (!alone(s)) return null;
  const on = s.auto;
  const finishing = on && on.perSecond >= 100;
  const pace = (n) => h("button.small.pace", {
    type: "button", "aria-pressed": String(!!on && on.perSecond === n), dataset: { focus: `pace-${n}` },
    onclick: () => view.auto("flip", n),
  }, t("web.auto.pace", { n }));
  return h("div.auto", { role: "group", "aria-labelledby": "auto-label" },
    h("span#auto-label.auto-label", t("web.auto.label")),
    h("button.small.pace", { type: "button", "aria-pressed": String(!on), dataset: { focus: "pace-off" }, onclick: () => view.auto(null) }, t("web.auto.off")),
    PACES.map(pace),
    finishing
      ? h("button.small", { type: "button", dataset: { action: "stop-finish" }, onclick: () => view.auto(null) }, t("web.auto.stop"))
      : h("button.small.finish", { type: "button", dataset: { action: "finish" }, onclick: () => view.auto("flip", 0) }, t("web.auto.finish")));
}
