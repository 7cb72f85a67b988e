// invites.js shows the creator of a table (this browser kept what the
// lobby got back) the invite links of its free seats and the spectators'
// link, each with a Copy button that says "Copied" and, where the browser
// has the Web Share API (phones), a Share button for the system share sheet.

import { h } from "./dom.js";
import { t, gameTitle } from "./i18n.js";

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
  const b = h("button.small.copy", { type: "button", "aria-label": t("web.invite.copy-label", { what }) }, t("web.invite.copy"));
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
    b.textContent = ok ? t("web.invite.copied") : t("web.invite.select-copy");
    b.classList.toggle("copied", ok);
    setTimeout(() => { b.textContent = t("web.invite.copy"); b.classList.remove("copied"); }, 2000);
  });
  return b;
}

// shareButton opens the system share sheet, where there is one.
export function shareButton(url, title, what) {
  if (!navigator.share) return null;
  return h("button.small.share", {
    type: "button", "aria-label": t("web.invite.share-label", { what }),
    onclick: () => navigator.share({ title, text: title, url }).catch(() => { /* dismissed */ }),
  }, t("web.invite.share"));
}

// invitesPanel shows the invite links of the free seats and the spectator
// link of a table this browser created.
export function invitesPanel(id, seats, game) {
  const made = created(id);
  if (!made) return null;
  const abs = (u) => new URL(u, location.origin).href;
  const title = t("web.invite.share-title", { game: gameTitle(game || "") });
  const row = (text, url, what) => h("li", h("span.invite-for", text),
    h("span.invite-row",
      h("input.link", { readonly: true, value: abs(url), "aria-label": t("web.invite.link-label", { what }), onfocus: (e) => e.target.select() }),
      copyButton(abs(url), t("web.invite.link-for", { what })), shareButton(abs(url), title, t("web.invite.link-for", { what }))));
  const free = (made.invites || []).filter((inv) => !seats[inv.seat] || (seats[inv.seat].kind === "human" && seats[inv.seat].claimed !== true));
  return h("div.invites", h("h3", t("web.invite.title")),
    h("p.muted", t("web.invite.about")),
    h("ul", free.map((inv) => { const seat = t("web.seat.n", { n: inv.seat + 1 }); return row(t("web.invite.row", { what: seat }), inv.url, seat); }),
      row(t("web.invite.row", { what: t("web.invite.spectators") }), made.spectator_url || `/t/${id}`, t("web.invite.spectators"))));
}
