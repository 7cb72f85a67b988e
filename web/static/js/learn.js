// learn.js is the page /learn/{lesson}: it starts the lesson (POST
// /api/learn/{lesson}, docs/tutorials.md), keeps the learner's seat token
// as a created table's and opens the lesson's table. /learn/ lists the
// lessons. A lesson that cannot start says why, with the way back.

import { h, fill } from "./dom.js";
import { saveToken, loadName } from "./conn.js";
import { t, say, translate } from "./i18n.js";

const root = document.getElementById("app");
const name = decodeURIComponent(location.pathname.split("/")[2] || "");

async function call(method, path, body) {
  const res = await fetch(path, { method, headers: body ? { "Content-Type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error((data && data.message) || `HTTP ${res.status}`);
  return data;
}

async function start() {
  const created = await call("POST", `/api/learn/${encodeURIComponent(name)}`, { name: loadName() });
  saveToken(created.id, created.token);
  location.replace(`/t/${encodeURIComponent(created.id)}`);
}

async function list() {
  const { lessons } = await call("GET", "/api/learn");
  document.title = t("web.page.title", { page: t("lesson.page.title") });
  fill(root, h("section.panel", h("h2", t("lesson.page.title")),
    h("ul.lesson-list", lessons.map((l) => h("li", h("a.button", { href: `/learn/${encodeURIComponent(l.name)}` }, say(l.title)))))));
}

translate();
(name ? start() : list()).catch((err) => {
  fill(root, h("section.panel", h("p.error", { role: "alert" }, err.message), h("p", h("a", { href: "/learn/" }, t("lesson.page.all")), " · ", h("a", { href: "/" }, t("lesson.page.lobby")))));
});
