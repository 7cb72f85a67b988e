// account.js is the account page (/account): for a guest, sign-up and
// sign-in with a passkey or a password; for a member, the account's name,
// password, passkeys and sessions, signing out (here or everywhere),
// its language, exporting everything and deleting the account. Signing in
// attaches this browser's guest games to the account, and speaks the
// account's language in a browser where none was picked.

import { h, fill } from "./dom.js";
import * as acc from "./account-api.js";
import { mountNav } from "./account-nav.js";
import { t, tNodes, dateText, lang, languages, person } from "./i18n.js";

const app = document.getElementById("app");

function field(id, label, attrs) {
  return h("div.field", h("label", { for: id }, label), h("input", { id, name: id, ...attrs }));
}

// form is a small form whose submit runs act and shows its error.
function form(id, title, fields, buttons, act) {
  const err = h("p.error", { role: "alert", id: `${id}-error` });
  const f = h(`form#${id}.panel`, { onsubmit: async (e) => {
    e.preventDefault();
    err.textContent = "";
    const button = e.submitter;
    try { await act(button ? button.value : ""); } catch (ex) { err.textContent = ex.message; }
  } }, h("h2", title), fields, h("div.buttons", buttons), err);
  return f;
}

const value = (id) => document.getElementById(id).value;

// NOTE keeps what to say across a reload into another language: the
// ids of the notes and the count of games attached.
const NOTE = "cardtable.account.note";

function noteText({ ids = [], attached = 0 }) {
  return [...ids.map((id) => t(id)), attached ? t("web.account.attached", { count: attached }) : ""].filter(Boolean).join(" ");
}

function reloadSaying(note, url) {
  try { sessionStorage.setItem(NOTE, JSON.stringify(note)); } catch { /* the note is lost, nothing else */ }
  if (url) location.assign(url);
  else location.reload();
}

async function signedIn(user, ids) {
  let attached = [];
  try { attached = await acc.attachGuestSeats(); } catch { attached = []; }
  const note = { ids, attached: attached.length };
  // The server chose the account's language in a browser that had picked
  // none (its cookie): speak it from now on, this page too.
  const chosen = (/(?:^|;\s*)cardtable_lang=([a-z]{2,3})/.exec(document.cookie) || [])[1];
  if (user && user.language && chosen === user.language && lang !== user.language) {
    reloadSaying(note);
    return;
  }
  await draw(undefined, noteText(note));
}

// languageForm chooses the account's language; choosing one also picks it
// in this browser (the page reloads in it).
function languageForm(user) {
  const select = h("select#account-language", { name: "account-language" },
    h("option", { value: "", selected: !user.language }, t("web.account.language-browser")),
    languages.map((l) => h("option", { value: l.code, lang: l.code, dir: l.dir, translate: "no", selected: l.code === user.language }, l.name)));
  return form("language", t("web.account.language"), [
    h("div.field", h("label", { for: "account-language" }, t("web.account.language")), select),
    h("small.muted", t("web.account.language-about")),
  ], [h("button#language-submit", { type: "submit" }, t("web.account.language-save"))], async () => {
    const saved = await acc.setLanguage(select.value);
    if (saved.language && saved.language !== lang) {
      const url = new URL(location.href);
      url.searchParams.set("lang", saved.language);
      reloadSaying({ ids: ["web.account.language-saved"] }, url);
      return;
    }
    await draw(saved, t("web.account.language-saved"));
  });
}

function guestView() {
  const passkeys = acc.passkeysWork();
  const signUp = form("signup", t("web.account.make"), [
    field("signup-name", t("web.account.username"), { autocomplete: "username", required: true, minlength: 3, maxlength: 20, pattern: "[A-Za-z][A-Za-z0-9_\\-]{2,19}", title: t("web.account.username-rule") }),
    field("signup-password", t("web.account.password-or-passkey"), { type: "password", autocomplete: "new-password", minlength: 8, maxlength: 128 }),
    h("small.muted", t("web.account.signup-help")),
  ], [
    passkeys ? h("button#signup-passkey.primary", { type: "submit", value: "passkey" }, t("web.account.signup-passkey")) : null,
    h(`button#signup-submit${passkeys ? "" : ".primary"}`, { type: "submit", value: "password" }, t("web.account.signup-password")),
  ], async (how) => {
    const user = how === "passkey" ? await acc.passkeySignUp(value("signup-name")) : await acc.signUp(value("signup-name"), value("signup-password"));
    await signedIn(user, ["web.account.welcome"]);
  });
  const signIn = form("signin", t("web.account.sign-in"), [
    field("signin-name", t("web.account.username"), { autocomplete: "username" }),
    field("signin-password", t("web.account.password"), { type: "password", autocomplete: "current-password", maxlength: 128 }),
  ], [
    h("button#signin-submit.primary", { type: "submit", value: "password" }, t("web.account.sign-in")),
    passkeys ? h("button#signin-passkey", { type: "submit", value: "passkey", formnovalidate: true }, t("web.account.signin-passkey")) : null,
  ], async (how) => {
    const user = how === "passkey" ? await acc.passkeySignIn() : await acc.signIn(value("signin-name"), value("signin-password"));
    await signedIn(user, []);
  });
  const note = passkeys ? null : h("p.muted", t("web.account.passkeys-need-https"));
  return [h("p", t("web.account.optional")), note, h("div.account-forms", signIn, signUp)];
}

function when(at) { return at ? dateText(at, { year: "numeric", month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit" }) : t("web.account.never"); }

function memberView(user, note) {
  const pw = form("password", user.has_password ? t("web.account.change-password") : t("web.account.set-password"), [
    user.has_password ? field("pw-current", t("web.account.current-password"), { type: "password", autocomplete: "current-password" }) : null,
    field("pw-new", t("web.account.new-password"), { type: "password", autocomplete: "new-password", minlength: 8, maxlength: 128, required: true }),
    h("small.muted", t("web.account.password-signs-out")),
  ], [h("button#pw-submit", { type: "submit" }, t("web.account.save-password"))], async () => {
    await draw(await acc.setPassword(user.has_password ? value("pw-current") : "", value("pw-new")), t("web.account.password-saved"));
  });
  const rename = form("rename", t("web.account.rename"), [field("rename-name", t("web.account.new-username"), { value: user.name, required: true, maxlength: 20 })],
    [h("button#rename-submit", { type: "submit" }, t("web.account.rename"))], async () => draw(await acc.rename(value("rename-name")), t("web.account.renamed")));
  const keys = h("section#passkeys.panel", h("h2", t("web.account.passkeys")),
    user.passkeys.length ? h("ul.plain", user.passkeys.map((p) => h("li", t("web.account.passkey-made", { made: when(p.created), used: when(p.last_used) }), " ",
      h("button.small", { onclick: async () => draw(await acc.deletePasskey(p.id), t("web.account.passkey-removed")) }, t("web.account.remove"))))) : h("p.muted", t("web.account.no-passkey")),
    acc.passkeysWork() ? h("button#passkey-add", { onclick: async () => draw(await acc.addPasskey(), t("web.account.passkey-added")) }, t("web.account.add-passkey")) : null);
  const sessions = h("section#sessions.panel", h("h2", t("web.account.sessions")),
    h("ul.plain", user.sessions.map((s) => h("li", s.current ? h("strong", t("web.account.this-browser")) : s.agent ? h("span", { translate: "no" }, s.agent) : t("web.account.a-browser"), h("small.muted", " " + t("web.account.session-since", { since: when(s.created), seen: when(s.seen) }))))),
    h("button#signout", { onclick: async () => { await acc.signOut(); await draw(null, t("web.account.signed-out")); } }, t("web.account.sign-out")),
    h("button#signout-all", { onclick: async () => { await acc.signOutAll(); await draw(null, t("web.account.signed-out-all")); } }, t("web.account.sign-out-all")));
  const danger = form("delete", t("web.account.delete"), [
    h("p.muted", t("web.account.delete-about")),
    field("delete-confirm", tNodes("web.account.delete-confirm", { name: person(user.name) }), { autocomplete: "off" }),
  ], [h("button#delete-submit.danger", { type: "submit" }, t("web.account.delete-submit"))], async () => {
    await acc.deleteAccount(value("delete-confirm"));
    await draw(null, t("web.account.deleted"));
  });
  return [
    note ? h("p.notice", { role: "status" }, note) : null,
    h("section.panel", h("h2", tNodes("web.account.signed-in-as", { name: person(user.name) })),
      h("p", h("a#profile-link", { href: `/u/${encodeURIComponent(user.name)}` }, t("web.account.profile")), " · ",
        h("a", { href: "/daily" }, t("web.account.todays-deal")), " · ", h("a#bots-link", { href: "/account/bots" }, t("web.account.bots")), " · ", h("a#export", { href: "/api/account/export", download: `cardtable-${user.name}.json` }, t("web.account.export")))),
    h("div.account-forms", pw, rename, languageForm(user)), keys, sessions, danger,
  ];
}

async function draw(user, note) {
  document.title = t("web.page.title", { page: t("web.account.title") });
  const header = document.querySelector("header");
  if (user === undefined) user = await mountNav(header);
  else await mountNav(header);
  fill(app, user ? memberView(user, note) : [note ? h("p.notice", { role: "status" }, note) : null, guestView()]);
}

let kept = {};
try { kept = JSON.parse(sessionStorage.getItem(NOTE) || "{}") || {}; sessionStorage.removeItem(NOTE); } catch { kept = {}; }
draw(undefined, noteText(kept));
