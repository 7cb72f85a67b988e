// table-page.js starts the page /t/{id}: it claims the seat of an invite
// link (asking for a display name), then connects with the seat token
// kept in localStorage — or, without one, watches as a spectator.

import { TableView } from "./table.js";
import { Connection, loadToken, saveToken, loadName, saveName } from "./conn.js";
import { claimSeat } from "./lobby-api.js";
import { h, fill } from "./dom.js";

const id = decodeURIComponent(location.pathname.split("/")[2] || "");
const root = document.getElementById("app");
const query = new URLSearchParams(location.search);

function start() {
  let conn = null;
  const view = new TableView(root, {
    tableID: id,
    send: (cmd) => conn.send(cmd),
    claim: (seat) => claim(seat, null),
  });
  conn = new Connection(id, loadToken(id), {
    onMessage: (m) => view.message(m),
    onStatus: (st, bye) => view.status(st, bye),
  });
  window.cardtableTable = view;
  window.cardtableConn = conn;
  view.render();
  conn.connect();
}

// claim takes seat with invite (null on a listed table) under the name
// stored or typed, keeps the token and (re)starts the page as that seat.
async function claim(seat, invite, name = loadName()) {
  const body = { name };
  if (invite) body.invite = invite;
  const res = await claimSeat(id, seat, body);
  saveToken(id, res.token);
  if (name) saveName(name);
  location.replace(`/t/${encodeURIComponent(id)}`);
}

function joinForm(seat, invite) {
  const input = h("input", { id: "name", name: "name", maxlength: 40, required: true, value: loadName(), autocomplete: "nickname" });
  const msg = h("p.error", { role: "alert" });
  const form = h("form.join", {
    onsubmit: async (e) => {
      e.preventDefault();
      try { await claim(seat, invite, input.value.trim()); } catch (err) { msg.textContent = err.message; }
    },
  },
  h("h1", `You are invited to take seat ${seat + 1}`),
  h("label", { for: "name" }, "Your name "), input, " ",
  h("button.primary", { type: "submit" }, `Take seat ${seat + 1}`),
  msg,
  h("p", h("a", { href: `/t/${encodeURIComponent(id)}`, onclick: () => history.replaceState(null, "", location.pathname) }, "Just watch")));
  fill(root, form);
  input.focus();
}

if (query.has("seat") && query.has("invite") && !loadToken(id)) {
  joinForm(Number(query.get("seat")), query.get("invite"));
} else {
  if (query.has("seat")) history.replaceState(null, "", location.pathname);
  start();
}
