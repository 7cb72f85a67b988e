// notify.js tells a player it is their move when they look elsewhere: the
// tab's title starts with a dot and its icon gains one, and — with the
// player's permission — the browser shows a notification ("Your move in
// Watchtower vs bob") when the move comes while the tab is hidden.

import { t } from "./i18n.js";

const DOT_ICON = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 84"><rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" stroke="#333" stroke-width="2"/>' +
  '<text x="30" y="56" font-size="40" text-anchor="middle" fill="#c0392b">♥</text><circle cx="46" cy="16" r="14" fill="#e6b422" stroke="#1b1b1b" stroke-width="3"/></svg>');

export class TurnNotifier {
  constructor(tableID) {
    this.tableID = tableID;
    this.mine = false;
    this.icon = document.querySelector("link[rel=icon]");
    this.plain = this.icon ? this.icon.getAttribute("href") : null;
  }

  // update shows whether it is the viewer's move: title, icon and, when
  // it just became so in a hidden tab, a notification saying what.
  update(mine, title, against) {
    const mark = `● ${t("web.notify.your-move")} · `;
    const base = document.title.startsWith(mark) ? document.title.slice(mark.length) : document.title;
    document.title = mine ? mark + base : base;
    if (this.icon) this.icon.setAttribute("href", mine ? DOT_ICON : this.plain);
    if (mine && !this.mine && document.hidden && canNotify() && Notification.permission === "granted") {
      const body = against ? t("web.notify.body-against", { game: title, against }) : t("web.notify.body", { game: title });
      try { new Notification(body, { tag: `cardtable-${this.tableID}`, icon: "/static/favicon.svg" }); } catch { /* not allowed here */ }
    }
    this.mine = mine;
  }
}

// canNotify reports whether the browser has notifications.
export function canNotify() {
  return typeof Notification !== "undefined";
}

// askToNotify asks the player's permission (from a click).
export async function askToNotify() {
  if (!canNotify()) return "denied";
  return Notification.requestPermission();
}
