// challenge.js is the challenge of a bot account from its profile
// (docs/pairing.md, "Challenges"): a two-player choice of the quick-pairing
// grid, asked for naming the bot as the opponent; the player waits for
// that bot alone (its program takes the challenge by asking for the same
// game) and goes to the table once it does.

import { h, fill } from "./dom.js";
import { t, isolate } from "./i18n.js";
import { call } from "./call.js";
import { saveToken } from "./conn.js";
import { cellLabel } from "./quickpair.js";

// challengePanel is the panel challenging the bot account name (null when
// the server pairs nobody).
export async function challengePanel(name) {
  let grid;
  try { grid = (await call("GET", "/api/pairing")).grid.filter((c) => c.seats === 2); } catch { return null; }
  const box = h("section#challenge.panel");
  const head = () => h("h2", t("web.challenge.title", { name: isolate(name) }));
  const form = (message) => {
    const sel = h("select#ch-choice", grid.map((c) => h("option", { value: c.id }, cellLabel(c).join(", "))));
    const rated = h("input#ch-rated", { type: "checkbox" });
    const err = h("p#ch-error.error", { role: "alert" }, message || "");
    fill(box, head(), h("p.muted", t("web.challenge.about", { name: isolate(name) })),
      h("p", h("label", { for: "ch-choice" }, t("web.challenge.game")), " ", sel),
      h("p", rated, " ", h("label", { for: "ch-rated" }, t("web.pairing.rated"))),
      h("button#ch-send", { type: "button", onclick: () => send(sel.value, rated.checked, err) }, t("web.challenge.send")), err);
  };
  const go = (out) => {
    saveToken(out.table, out.token);
    location.href = "/t/" + encodeURIComponent(out.table);
  };
  async function send(choice, rated, err) {
    let id;
    try {
      const c = grid.find((x) => x.id === choice);
      id = (await call("POST", "/api/pairing", { choice, opponent: name, rated: rated && c.rateable, bots: true })).id;
    } catch (ex) {
      err.textContent = ex.message;
      return;
    }
    let waiting = true;
    fill(box, head(), h("p#ch-waiting", { role: "status" }, t("web.challenge.waiting", { name: isolate(name) })),
      h("button#ch-cancel", { type: "button", onclick: async () => {
        waiting = false;
        try {
          const out = await call("DELETE", "/api/pairing/" + encodeURIComponent(id));
          if (out.status === "paired") return go(out);
        } catch { /* it ended already */ }
        form(t("web.pairing.cancelled"));
      } }, t("web.pairing.cancel")));
    while (waiting) {
      let out;
      try {
        out = await call("GET", "/api/pairing/" + encodeURIComponent(id) + "?wait=20");
      } catch (ex) {
        form(ex.message);
        return;
      }
      if (!waiting) return;
      if (out.status === "paired") return go(out);
      if (out.status !== "waiting") {
        form(out.status === "dropped" ? t("web.challenge.unanswered", { name: isolate(name) }) : t("web.pairing.cancelled"));
        return;
      }
    }
  }
  form();
  return box;
}
