// guide.js draws the rules page's player's guide with the table's own
// cards: each card token the server wrote (data-card, readable without
// this script) becomes cards.js's drawing, named as before. It also opens
// the folded full rules when the address points into them (#war-05).

import { card } from "./cards.js";

for (const token of document.querySelectorAll(".guide [data-card]")) {
  const svg = card(token.dataset.card === "##" ? "##" : token.dataset.card);
  svg.setAttribute("aria-label", token.getAttribute("aria-label"));
  const title = svg.querySelector("title");
  if (title) title.textContent = token.getAttribute("aria-label");
  svg.classList.add("guide-card");
  token.replaceWith(svg);
}

function openFold() {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id && document.getElementById(id);
  const fold = target && target.closest("details");
  if (fold && !fold.open) {
    fold.open = true;
    target.scrollIntoView();
  }
}
openFold();
addEventListener("hashchange", openFold);
