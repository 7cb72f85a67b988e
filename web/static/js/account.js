// account.js is the account page (/account): for a guest, sign-up and
// sign-in with a passkey or a password; for a member, the account's name,
// password, passkeys and sessions, signing out (here or everywhere),
// exporting everything and deleting the account. Signing in attaches this
// browser's guest games to the account.

import { h, fill } from "./dom.js";
import * as acc from "./account-api.js";
import { mountNav } from "./account-nav.js";

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

async function signedIn(_user, note) {
  let attached = [];
  try { attached = await acc.attachGuestSeats(); } catch { attached = []; }
  await draw(undefined, [note, attached.length ? `${attached.length} game${attached.length === 1 ? "" : "s"} played here as a guest now count${attached.length === 1 ? "s" : ""} as yours.` : ""].filter(Boolean).join(" "));
}

function guestView() {
  const passkeys = acc.passkeysWork();
  const signUp = form("signup", "Make an account", [
    field("signup-name", "Username", { autocomplete: "username", required: true, minlength: 3, maxlength: 20, pattern: "[A-Za-z][A-Za-z0-9_\\-]{2,19}", title: "3 to 20 letters a-z, digits, - and _, starting with a letter" }),
    field("signup-password", "Password (or use a passkey)", { type: "password", autocomplete: "new-password", minlength: 8, maxlength: 128 }),
    h("small.muted", "3–20 letters, digits, - and _. A passkey needs no password: your device keeps it."),
  ], [
    passkeys ? h("button#signup-passkey.primary", { type: "submit", value: "passkey" }, "Sign up with a passkey") : null,
    h(`button#signup-submit${passkeys ? "" : ".primary"}`, { type: "submit", value: "password" }, "Sign up with the password"),
  ], async (how) => {
    const user = how === "passkey" ? await acc.passkeySignUp(value("signup-name")) : await acc.signUp(value("signup-name"), value("signup-password"));
    await signedIn(user, "Welcome!");
  });
  const signIn = form("signin", "Sign in", [
    field("signin-name", "Username", { autocomplete: "username" }),
    field("signin-password", "Password", { type: "password", autocomplete: "current-password", maxlength: 128 }),
  ], [
    h("button#signin-submit.primary", { type: "submit", value: "password" }, "Sign in"),
    passkeys ? h("button#signin-passkey", { type: "submit", value: "passkey", formnovalidate: true }, "Sign in with a passkey") : null,
  ], async (how) => {
    const user = how === "passkey" ? await acc.passkeySignIn() : await acc.signIn(value("signin-name"), value("signin-password"));
    await signedIn(user, "");
  });
  const note = passkeys ? null : h("p.muted", "Passkeys need a secure address: open this site over https, or at localhost on this computer.");
  return [h("p", "An account is optional: guests play as before. With one, your games, ratings and daily results follow you, and you can play rated tables and the counted daily deal."), note, h("div.account-forms", signIn, signUp)];
}

function when(t) { return t ? new Date(t).toLocaleString() : "never"; }

function memberView(user, note) {
  const pw = form("password", user.has_password ? "Change the password" : "Set a password", [
    user.has_password ? field("pw-current", "Current password", { type: "password", autocomplete: "current-password" }) : null,
    field("pw-new", "New password", { type: "password", autocomplete: "new-password", minlength: 8, maxlength: 128, required: true }),
    h("small.muted", "Changing it signs out every other browser."),
  ], [h("button#pw-submit", { type: "submit" }, "Save the password")], async () => {
    await draw(await acc.setPassword(user.has_password ? value("pw-current") : "", value("pw-new")), "Password saved; other browsers are signed out.");
  });
  const rename = form("rename", "Rename", [field("rename-name", "New username", { value: user.name, required: true, maxlength: 20 })],
    [h("button#rename-submit", { type: "submit" }, "Rename")], async () => draw(await acc.rename(value("rename-name")), "Renamed."));
  const keys = h("section#passkeys.panel", h("h2", "Passkeys"),
    user.passkeys.length ? h("ul.plain", user.passkeys.map((p) => h("li", `made ${when(p.created)}, last used ${when(p.last_used)} `,
      h("button.small", { onclick: async () => draw(await acc.deletePasskey(p.id), "Passkey removed.") }, "remove")))) : h("p.muted", "No passkey yet."),
    acc.passkeysWork() ? h("button#passkey-add", { onclick: async () => draw(await acc.addPasskey(), "Passkey added.") }, "Add a passkey") : null);
  const sessions = h("section#sessions.panel", h("h2", "Signed-in browsers"),
    h("ul.plain", user.sessions.map((s) => h("li", s.current ? h("strong", "this browser") : s.agent || "a browser", h("small.muted", ` since ${when(s.created)}, seen ${when(s.seen)}`)))),
    h("button#signout", { onclick: async () => { await acc.signOut(); await draw(null, "Signed out."); } }, "Sign out"),
    h("button#signout-all", { onclick: async () => { await acc.signOutAll(); await draw(null, "Signed out everywhere."); } }, "Sign out everywhere"));
  const danger = form("delete", "Delete the account", [
    h("p.muted", "Your games stay, under the name “former player”; your ratings, passkeys and sessions go. This cannot be undone."),
    field("delete-confirm", `Type your username (${user.name}) to confirm`, { autocomplete: "off" }),
  ], [h("button#delete-submit.danger", { type: "submit" }, "Delete my account")], async () => {
    await acc.deleteAccount(value("delete-confirm"));
    await draw(null, "The account is deleted.");
  });
  return [
    note ? h("p.notice", { role: "status" }, note) : null,
    h("section.panel", h("h2", `Signed in as ${user.name}`),
      h("p", h("a#profile-link", { href: `/u/${encodeURIComponent(user.name)}` }, "Your profile"), " · ",
        h("a", { href: "/daily" }, "Today's deal"), " · ", h("a#export", { href: "/api/account/export", download: `cardtable-${user.name}.json` }, "Export everything (JSON)"))),
    h("div.account-forms", pw, rename), keys, sessions, danger,
  ];
}

async function draw(user, note) {
  const header = document.querySelector("header");
  if (user === undefined) user = await mountNav(header);
  else await mountNav(header);
  fill(app, user ? memberView(user, note) : [note ? h("p.notice", { role: "status" }, note) : null, guestView()]);
}

draw(undefined, "");
