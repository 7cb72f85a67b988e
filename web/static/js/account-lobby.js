// account-lobby.js is the accounts' part of the lobby, kept out of
// lobby.js but for a few calls: the account corner of the header, a
// "rated" box on the create form (for a signed-in player, at the games
// that are rated), the rated mark and players' rating on open tables, and
// a rating range filter over the open tables.

import { h } from "./dom.js";
import { mountNav, ensureStyles } from "./account-nav.js";
import { t } from "./i18n.js";

let user = null;
let rated = null;
let lo = null;
let hi = null;

// rateable says whether a table of game with options and seats can be
// rated (the server checks again): Watchtower, or two-player War with
// slap on.
function rateable(game, players, slap) {
  return game === "watchtower" || (game === "war" && players === 2 && slap && slap !== "off");
}

// mount adds the account corner, the rated box and the filter; onFilter
// runs when the filter changes.
export async function mount(onFilter) {
  ensureStyles();
  user = await mountNav(document.querySelector("header"));
  const submit = document.querySelector("#create button[type=submit]");
  if (submit) {
    rated = h("input#rated", { type: "checkbox" });
    submit.before(h("div#rated-field.field", { hidden: !user }, h("label", { for: "rated" }, t("web.lobby.rated")), rated,
      h("small.muted", t("web.lobby.rated-about"))));
  }
  const form = document.getElementById("create");
  if (form) {
    form.addEventListener("change", update);
    update();
  }
  if (user) {
    const name = document.getElementById("name");
    if (name) { name.value = user.name; name.readOnly = true; name.title = t("web.lobby.signed-in-name"); }
  }
  const open = document.getElementById("open");
  if (open) {
    const num = (id, label) => h("input", { id, type: "number", min: 0, max: 4000, step: 50, placeholder: label, "aria-label": label,
      onchange: (e) => { const v = e.target.value; if (id === "rating-min") lo = v; else hi = v; onFilter(); } });
    open.before(h("div.rating-filter", h("span.muted", t("web.lobby.rated-filter")), num("rating-min", t("web.lobby.rated-from")), h("span", t("web.lobby.rated-to")), num("rating-max", t("web.lobby.rated-to"))));
  }
}

// update shows the rated box only when the form's game can be rated.
function update() {
  const val = (id) => (document.getElementById(id) || {}).value || "";
  const game = val("game"), players = Number(val("seats-n")), slap = val("opt-slap");
  const f = document.getElementById("rated-field");
  if (f) f.hidden = !user || !rateable(game, players, slap);
  if (f && f.hidden && rated) rated.checked = false;
}

// createExtras is what the create request gains.
export function createExtras() {
  return rated && rated.checked && !document.getElementById("rated-field").hidden ? { rated: true } : {};
}

// openQuery is the rating filter as a query suffix ("" for none).
export function openQuery() {
  let q = "";
  if (lo) q += `&min_rating=${encodeURIComponent(lo)}`;
  if (hi) q += `&max_rating=${encodeURIComponent(hi)}`;
  return q;
}

// mark is a table's rated mark with its players' rating (null: unrated).
export function mark(tb) {
  if (!tb.rated) return null;
  return h("span.rated-mark", { title: t("web.lobby.rated-table") }, tb.rating ? t("web.lobby.rated-mark-rating", { rating: Math.round(tb.rating) }) : t("web.lobby.rated-mark"));
}
