// lobby-api.js calls the lobby's HTTP API (docs/protocol.md). Every
// failure is thrown as an Error with the server's code and sentence.

async function call(method, path, body) {
  const res = await fetch(path, {
    method, headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const err = new Error((data && data.message) || `${method} ${path}: HTTP ${res.status}`);
    err.code = (data && data.code) || `http-${res.status}`;
    throw err;
  }
  return data;
}

export const games = () => call("GET", "/api/games").then((d) => d.games);
export const openTables = (query = "") => call("GET", `/api/tables?open=true${query}`).then((d) => d.tables || []);
export const recentTables = () => call("GET", "/api/tables?limit=20").then((d) => d.tables || []);
export const tableInfo = (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`);
export const claimSeat = (id, seat, body) => call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/claim`, body);
export const botSeat = (id, seat, body) => call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/bot`, body);
export const replayInfo = (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/replay`);
export const replayStep = (id, step) => call("GET", `/api/tables/${encodeURIComponent(id)}/replay/${step}`);

// createTable creates a table and keeps what this browser needs of the
// answer: the seat token, and the invite links to show its creator.
export async function createTable(req) {
  const created = await call("POST", "/api/tables", req);
  try {
    if (created.token) localStorage.setItem(`cardtable.token.${created.id}`, created.token);
    localStorage.setItem(`cardtable.created.${created.id}`, JSON.stringify({
      creator_token: created.creator_token, invites: created.invites, spectator_url: created.spectator_url,
    }));
  } catch { /* private mode */ }
  return created;
}
