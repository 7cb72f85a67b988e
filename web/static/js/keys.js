// keys.js is the table's keyboard beside the games' own keys: a skip link
// to the action bar (the first thing Tab reaches), the list of keys under
// "?" (a dialog: the table's keys and the game's), the card keys — digits
// pick the hand's cards, shown on the cards while the keyboard is in use
// (from a key until the next pointer press) — and Enter on a chosen card
// playing the selection, as the Play button says.

import { h } from "./dom.js";
import { t } from "./i18n.js";

// Keyboard use shows the card keys: html.keyboard from a key press to the
// next pointer press.
addEventListener("keydown", (e) => {
  if (e.key === "Tab" || /^[0-9]$/.test(e.key) || e.key === "Enter" || e.key === "?") document.documentElement.classList.add("keyboard");
}, true);
addEventListener("pointerdown", () => document.documentElement.classList.remove("keyboard"), true);

// skipLink is the link before everything else on the table page: it moves
// the focus to the action bar, whose buttons are the next Tab. (Not to a
// button: the Enter that followed the link would press it too.)
export function skipLink(bar) {
  return h("a.skip-link", {
    href: "#action-bar",
    onclick: (e) => {
      e.preventDefault();
      bar.tabIndex = -1;
      bar.focus();
    },
  }, t("table.keys.skip"));
}

// cardKey is the key of the n-th card (from 0) of a hand: 1…9, then 0.
export function cardKey(n) {
  return n < 9 ? String(n + 1) : n === 9 ? "0" : "";
}

// keyBadge is a card's key, drawn on it while the keyboard is in use.
export function keyBadge(n) {
  const k = cardKey(n);
  return k ? h("kbd.card-key", { "aria-hidden": "true" }, k) : null;
}

// cardIndex is the hand position a digit key picks (-1 for another key).
export function cardIndex(e) {
  if (!/^[0-9]$/.test(e.key)) return -1;
  return e.key === "0" ? 9 : Number(e.key) - 1;
}

// TABLE_KEYS are the keys every table has: [keys, what they do].
const TABLE_KEYS = [
  ["?", t("table.keys.help")],
  ["Tab", t("table.keys.tab")],
  ["Enter", t("table.keys.enter")],
  ["M", t("table.keys.mute")],
];

// keysDialog is the list of keys: the table's and game's ([keys, what
// they do] pairs), in a dialog that Escape or its button closes.
export function keysDialog(gameKeys) {
  const row = ([k, what]) => [h("dt", k.split(" ").map((x, i) => [i ? " " : null, h("kbd", x)])), h("dd", what)];
  const close = h("button", { type: "button", onclick: () => dialog.close() }, t("table.keys.close"));
  const dialog = h("dialog.keys-dialog", { "aria-labelledby": "keys-title" },
    h("h2#keys-title", t("table.keys.title")),
    h("dl.keys-list", TABLE_KEYS.map(row), gameKeys.map(row)),
    close);
  return dialog;
}

// keysButton is the header's button that opens the list of keys.
export function keysButton(open) {
  return h("button.small.header-keys", { type: "button", "aria-keyshortcuts": "?", dataset: { focus: "keys" }, onclick: open },
    t("table.keys.button"), " ", h("kbd", { "aria-hidden": "true" }, "?"));
}
