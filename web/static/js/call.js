// call.js calls the server's JSON API for quick pairing and the
// tournaments (docs/pairing.md, docs/tournaments.md): the session's
// cookie goes with it, and a refusal is thrown as an Error with the
// server's sentence and code.

export async function call(method, path, body) {
  const res = await fetch(path, {
    method, credentials: "same-origin",
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const err = new Error((data && data.message) || method + " " + path + ": HTTP " + res.status);
    err.code = (data && data.code) || "http-" + res.status;
    throw err;
  }
  return data;
}
