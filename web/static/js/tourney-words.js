// tourney-words.js names tournaments in words (web.tournament.*), for the
// tournaments pages and the players' profiles: a kind, a status, a game
// with its preset, a time, a one-line description, and a player's entry.

import { h } from "./dom.js";
import { t, person, dateText } from "./i18n.js";

// gameTitle is the message id of a game's name.
const gameTitle = (game) => "game." + game + ".title";

export const KINDS = {
  swiss: "web.tournament.kind-swiss",
  arena: "web.tournament.kind-arena",
  solo: "web.tournament.kind-solo",
};
export const STATUS = {
  open: "web.tournament.status-open",
  running: "web.tournament.status-running",
  finished: "web.tournament.status-finished",
  cancelled: "web.tournament.status-cancelled",
};
const PRESETS = { slap: "web.tournament.preset-slap", classic: "web.tournament.preset-classic", standard: "" };

export function gameName(game, preset) {
  const p = PRESETS[preset];
  const title = t(gameTitle(game));
  return p ? title + " (" + t(p) + ")" : title;
}

export function when(iso) {
  const d = new Date(iso);
  return isNaN(d) || d.getFullYear() < 2000 ? "" : dateText(d, { year: "numeric", month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

export function what(tn) {
  const parts = [t(KINDS[tn.kind]), gameName(tn.game, tn.preset)];
  if (tn.kind === "swiss") parts.push(t("web.tournament.rounds-of", { round: tn.round, count: tn.rounds }));
  if (tn.kind === "solo") parts.push(t("web.tournament.deals", { count: tn.deals }));
  if (tn.rated) parts.push(t("web.tournament.rated"));
  return parts.join(" · ");
}

// entryItem is a player's tournament in a list (GET
// /api/tournaments?user=NAME): its name, what it is, its status and their
// place.
export function entryItem(tn) {
  return h("li.tn-item",
    h("a", { href: "/tournaments/" + encodeURIComponent(tn.id) }, person(tn.name)),
    h("span.tn-what", what(tn)),
    h("span.tn-status", { dataset: { status: tn.status } }, t(STATUS[tn.status])),
    tn.place ? h("strong", t("web.tournament.place", { place: tn.place })) : null);
}
