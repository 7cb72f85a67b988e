// invites.js shows the creator of a table (this browser kept what the
// lobby got back) the invite links of its free seats and the spectators'
// link, each with a Copy button that says "Copied" and, where the browser
// has the Web Share API (phones), a Share button for the system share sheet.

import { h } from "./dom.js";

// created is what the lobby kept of a table this browser created.
export function created(id) {
  try { return JSON.parse(localStorage.getItem(`cardtable.created.${id}`) || "null"); } catch { return null; }
}

export function creatorToken(id) {
  const c = created(id);
  return c && c.creator_token;
}

// copyButton copies text and says so on the button for two seconds.
export function copyButton(text, what) {
  const b = h("button.small.copy", { type: "button", "aria-label": `Copy ${what}` }, "Copy");
  b.addEventListener("click", async () => {
    let ok = false;
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch {
      // No clipboard permission (or an old browser): select the field so
      // a person can copy it by hand.
      const field = b.parentElement && b.parentElement.querySelector("input");
      if (field) { field.focus(); field.select(); ok = document.execCommand && document.execCommand("copy"); }
    }
    b.textContent = ok ? "Copied" : "Select and copy";
    b.classList.toggle("copied", ok);
    setTimeout(() => { b.textContent = "Copy"; b.classList.remove("copied"); }, 2000);
  });
  return b;
}

// shareButton opens the system share sheet, where there is one.
export function shareButton(url, title, what) {
  if (!navigator.share) return null;
  return h("button.small.share", {
    type: "button", "aria-label": `Share ${what}`,
    onclick: () => navigator.share({ title, text: title, url }).catch(() => { /* dismissed */ }),
  }, "Share");
}

// invitesPanel shows the invite links of the free seats and the spectator
// link of a table this browser created.
export function invitesPanel(id, seats, game) {
  const made = created(id);
  if (!made) return null;
  const abs = (u) => new URL(u, location.origin).href;
  const title = `Join my game of ${game ? game[0].toUpperCase() + game.slice(1) : "cards"} on cardtable`;
  const row = (text, url, what) => h("li", h("span.invite-for", text),
    h("span.invite-row",
      h("input.link", { readonly: true, value: abs(url), "aria-label": `invite link for ${what}`, onfocus: (e) => e.target.select() }),
      copyButton(abs(url), `the link for ${what}`), shareButton(abs(url), title, `the link for ${what}`)));
  const free = (made.invites || []).filter((inv) => !seats[inv.seat] || (seats[inv.seat].kind === "human" && seats[inv.seat].claimed !== true));
  return h("div.invites", h("h3", "Invite links"),
    h("p.muted", "Send a friend the link of their seat; anyone with the spectators' link can watch."),
    h("ul", free.map((inv) => row(`Seat ${inv.seat + 1}:`, inv.url, `Seat ${inv.seat + 1}`)),
      row("Spectators:", made.spectator_url || `/t/${id}`, "spectators")));
}
