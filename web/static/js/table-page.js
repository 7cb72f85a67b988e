// table-page.js starts the page /t/{id}: it claims the seat of an invite
// link (asking for a display name), then connects with the seat token
// kept in localStorage — or, without one, watches as a spectator.

import { TableView } from "./table.js";
import { Connection, loadToken, saveToken, loadName, saveName } from "./conn.js";
import { claimSeat, tableInfo, games } from "./lobby-api.js";
import { h, fill, seatName, sentence } from "./dom.js";
import { optionSummary } from "./options.js";
import { t, gameTitle, isolate } from "./i18n.js";
import { sound } from "./sound.js";

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
  window.cardtableSound = sound;
  view.render();
  conn.connect();
  // A page the browser keeps in its back-forward cache (the person went
  // to another page) would keep its WebSocket open, and the server would
  // count the seat present while its person is gone — never away, so no
  // one could hand it to a bot. The page closes it as it is hidden and
  // connects again if it is shown again.
  addEventListener("pagehide", () => conn.close());
  addEventListener("pageshow", (e) => { if (e.persisted) conn.reopen(); });
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

// joinForm is the invite page: what the table is (game, options in words,
// who invited you, who sits where) and a name to take the seat with.
async function joinForm(seat, invite) {
  const input = h("input", { id: "name", name: "name", maxlength: 40, required: true, value: loadName(), autocomplete: "nickname" });
  const msg = h("p.error", { role: "alert" });
  let about = [h("h1", t("web.invite.title-seat", { n: seat + 1 }))];
  try {
    const [tb, catalog] = await Promise.all([tableInfo(id), games()]);
    const g = catalog.find((x) => x.name === tb.game);
    const seats = tb.seats || [];
    const game = gameTitle(tb.game);
    // The creator sits in the first person's seat (docs/protocol.md).
    const host = seats.findIndex((x) => x.kind === "human" && x.claimed);
    const summary = optionSummary(g, tb.options);
    about = [
      h("h1", host >= 0 ? t("web.invite.title-host", { host: seatName(seats, host), game }) : t("web.invite.title-game", { game })),
      h("p.invite-what", t("web.invite.players", { count: seats.length }), " ", summary ? t("web.invite.options", { summary }) : t("web.invite.usual"), " ",
        h("a", { href: `/rules/${tb.game}?table=${encodeURIComponent(id)}`, target: "_blank", rel: "noopener" }, t("web.lobby.how-to-play", { game }))),
      h("ol.invite-seats", { "aria-label": t("web.invite.seats") }, seats.map((x, i) => h("li" + (i === seat ? ".yours" : ""),
        i === seat ? h("strong", t("web.invite.yours", { seat: t("web.seat.n", { n: i + 1 }) }))
          : t("web.invite.seat-is", { seat: t("web.seat.n", { n: i + 1 }), who: x.kind === "bot" ? t("web.invite.bot", { name: x.bot || x.name }) : x.claimed ? isolate(x.name) : t("web.invite.free") })))),
      tb.finished ? h("p.error", t("web.invite.over")) : null,
      seats[seat] && (seats[seat].claimed || seats[seat].kind !== "human") ? h("p.error", t("web.invite.taken", { n: seat + 1 })) : null,
    ];
  } catch (err) {
    msg.textContent = sentence(err.message);
  }
  const form = h("form.join", {
    onsubmit: async (e) => {
      e.preventDefault();
      try { await claim(seat, invite, input.value.trim()); } catch (err) { msg.textContent = sentence(err.message); }
    },
  },
  about,
  h("p", h("label", { for: "name" }, t("web.invite.your-name"), " "), input, " ",
    h("button.primary", { type: "submit" }, t("web.invite.take", { n: seat + 1 }))),
  msg,
  h("p", h("a", { href: `/t/${encodeURIComponent(id)}`, onclick: () => history.replaceState(null, "", location.pathname) }, t("web.invite.watch"))));
  fill(root, h("header.table-header", h("a.home", { href: "/", translate: "no" }, "cardtable")), form);
  input.focus();
}

if (query.has("seat") && query.has("invite") && !loadToken(id)) {
  joinForm(Number(query.get("seat")), query.get("invite"));
} else {
  if (query.has("seat")) history.replaceState(null, "", location.pathname);
  start();
}
