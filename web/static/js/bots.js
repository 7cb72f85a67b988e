// bots.js is the bot accounts page (/account/bots; docs/accounts.md, "Bot
// accounts"): a signed-in person makes bot accounts, sees each one's token
// the once it is made, makes a new one or revokes it, and shuts a bot off
// or lets it play again. Every word is a message (web.bots.*).

import { h, fill } from "./dom.js";
import { t, dateText, isolate, person } from "./i18n.js";
import { mountNav } from "./account-nav.js";
import { call } from "./call.js";

const app = document.getElementById("app");

// shown is the token to show once (after a bot was made or its token
// replaced) and what to say; it is never kept anywhere else.
let shown = null;

function tokenPanel() {
  if (!shown) return null;
  if (!shown.token) return h("p#bot-token.notice", { role: "status" }, t("web.bots.revoked", { name: isolate(shown.name) }));
  const copied = h("span.muted", { role: "status" });
  return h("section#bot-token.panel.notice",
    h("p", t("web.bots.token-of", { name: isolate(shown.name) })),
    h("p", h("code.token", { translate: "no" }, shown.token), " ",
      h("button", { type: "button", onclick: async () => {
        try { await navigator.clipboard.writeText(shown.token); copied.textContent = t("web.bots.copied"); } catch { copied.textContent = ""; }
      } }, t("web.bots.copy")), " ", copied));
}

function botRow(b) {
  const act = (what, label) => h("button", { type: "button", "data-act": what, "data-bot": b.id, onclick: () => run(b, what) }, label);
  return h("li.bot", { "data-bot": b.id },
    h("a", { href: `/u/${encodeURIComponent(b.name)}`, translate: "no" }, person(b.name)), " ",
    h("span.muted", "· ", t("web.bots.made", { date: dateText(b.created) }), " · "),
    h(b.off ? "strong.bot-off" : "span.bot-on", t(b.off ? "web.bots.off" : "web.bots.plays")),
    h("div.buttons", act("token", t("web.bots.new-token")), act("revoke", t("web.bots.revoke")),
      b.off ? act("on", t("web.bots.turn-on")) : act("off", t("web.bots.shut-off"))));
}

async function run(b, what) {
  const err = document.getElementById("bots-error");
  err.textContent = "";
  try {
    const out = await call("POST", `/api/account/bots/${encodeURIComponent(b.id)}/${what}`, {});
    if (what === "token") shown = { name: b.name, token: out.token };
    if (what === "revoke") shown = { name: b.name, token: "" };
    await draw();
  } catch (ex) {
    err.textContent = ex.message;
  }
}

function makeForm() {
  const err = h("p.error", { role: "alert", id: "bot-make-error" });
  return h("form#bot-make.panel", { onsubmit: async (e) => {
    e.preventDefault();
    err.textContent = "";
    try {
      const made = await call("POST", "/api/account/bots", { name: document.getElementById("bot-name").value });
      shown = { name: made.name, token: made.token };
      await draw();
    } catch (ex) {
      err.textContent = ex.message;
    }
  } }, h("h2", t("web.bots.make")),
  h("div.field", h("label", { for: "bot-name" }, t("web.bots.name")), h("input#bot-name", { name: "bot-name", autocomplete: "off", required: true, maxlength: 40 })),
  h("div.buttons", h("button", { type: "submit" }, t("web.bots.make-submit"))), err);
}

function howTo() {
  const cmd = `CARDTABLE_BOT_TOKEN=ctbot_… cardtable play --server ${location.origin} --choice watchtower-2-1m --seats cmd:./my-program`;
  return h("section.panel", h("p", t("web.bots.intro")), h("p", t("web.bots.run")), h("pre", h("code", { translate: "no" }, cmd)),
    h("p.muted", t("web.bots.about-token")));
}

async function draw() {
  document.title = t("web.page.title", { page: t("web.bots.heading") });
  const user = await mountNav(document.querySelector("header"));
  if (!user) {
    fill(app, h("p", t("web.bots.signed-out"), " ", h("a", { href: "/account" }, t("web.bots.sign-in"))));
    return;
  }
  let list = [];
  let failed = "";
  try { list = (await call("GET", "/api/account/bots")).bots || []; } catch (ex) { failed = ex.message; }
  fill(app, tokenPanel(), howTo(),
    h("section#bots.panel", h("h2", t("web.bots.yours")),
      list.length ? h("ul.bot-list", list.map(botRow)) : h("p.muted", t("web.bots.none")),
      h("p.error", { role: "alert", id: "bots-error" }, failed)),
    makeForm());
}

draw();
