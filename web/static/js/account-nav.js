// account-nav.js draws the account corner of a page's header: a sign-in
// link for a guest, the account's name (to its profile) for a member, and
// the daily deal and leaderboards.

import { h, fill } from "./dom.js";
import * as acc from "./account-api.js";
import { t, gameTitle, person } from "./i18n.js";

// mountNav fills (or adds) the header's account corner and resolves to the
// signed-in user (null for a guest).
export async function mountNav(header) {
  let nav = header.querySelector(".account-nav");
  if (!nav) {
    nav = h("nav.account-nav", { "aria-label": t("web.nav.account") });
    header.append(nav);
  }
  let user = null;
  try { user = await acc.me(); } catch { user = null; }
  fill(nav,
    h("a", { href: "/daily" }, t("web.nav.daily")), " ",
    h("a", { href: "/leaderboards" }, t("web.nav.leaderboards")), " ",
    user ? h("a.account-name", { href: `/u/${encodeURIComponent(user.name)}`, title: t("web.nav.profile"), translate: "no" }, person(user.name)) : null, " ",
    user ? h("a", { href: "/account" }, t("web.nav.account-link")) : h("a.sign-in", { href: "/account" }, t("web.nav.sign-in")));
  return user;
}

// ensureStyles links the accounts' stylesheet once.
export function ensureStyles() {
  if (document.querySelector('link[href="/static/accounts.css"]')) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/accounts.css" }));
}

// ratingTitle names a rating category in the reader's language (the
// server's English title for a category this page does not know).
export function ratingTitle(category, title) {
  if (category === "war-slap") return t("web.rating.war-slap");
  if (category === "regicide-puzzles") return t("web.rating.regicide-puzzles");
  const game = gameTitle(category);
  return game !== category ? game : title || category;
}
