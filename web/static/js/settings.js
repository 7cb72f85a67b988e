// settings.js keeps the reader's display settings in localStorage and
// applies them to every page: the four-colour deck (clubs green, diamonds
// blue), which tells the suits apart at a glance and without red/black.

import { t } from "./i18n.js";

const KEY = "cardtable.fourColour";

function fourColour() {
  try { return localStorage.getItem(KEY) === "true"; } catch { return false; }
}

export function applySettings() {
  document.documentElement.classList.toggle("four-colour", fourColour());
}

// settingsToggle is the header's button that turns the four-colour deck
// on and off; redraw is called after.
export function settingsToggle(redraw) {
  const on = fourColour();
  const b = document.createElement("button");
  b.className = "small header-toggle";
  b.type = "button";
  b.dataset.focus = "four-colour";
  b.setAttribute("aria-pressed", String(on));
  b.textContent = t("web.settings.four-colour");
  b.addEventListener("click", () => {
    try { localStorage.setItem(KEY, String(!on)); } catch { /* private mode: this page only */ }
    document.documentElement.classList.toggle("four-colour", !on);
    if (redraw) redraw();
  });
  return b;
}

applySettings();
