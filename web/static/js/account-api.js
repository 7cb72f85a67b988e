// account-api.js calls the accounts' API (docs/accounts.md): sign-up and
// sign-in with a password or a passkey, the account's settings, profiles,
// leaderboards and the daily deal. Failures are thrown as Errors with the
// server's code and sentence.

async function call(method, path, body) {
  const res = await fetch(path, {
    method, credentials: "same-origin",
    headers: body !== undefined ? { "Content-Type": "application/json" } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
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

const post = (path, body) => call("POST", path, body === undefined ? {} : body);

export const me = () => call("GET", "/api/account").then((d) => d.user);
export const signUp = (name, password) => post("/api/account/signup", { name, password }).then((d) => d.user);
export const signIn = (name, password) => post("/api/account/signin", { name, password }).then((d) => d.user);
export const signOut = () => post("/api/account/signout");
export const signOutAll = () => post("/api/account/signout-all");
export const setPassword = (current, next) => post("/api/account/password", { current, new: next }).then((d) => d.user);
export const setLanguage = (language) => post("/api/account/language", { language }).then((d) => d.user);
export const rename = (name) => post("/api/account/rename", { name }).then((d) => d.user);
export const deleteAccount = (confirm) => post("/api/account/delete", { confirm });
export const deletePasskey = (id) => post(`/api/account/passkeys/${encodeURIComponent(id)}/delete`).then((d) => d.user);
export const profile = (name) => call("GET", `/api/users/${encodeURIComponent(name)}`);
export const leaderboard = (cat, around, who) => call("GET", `/api/leaderboards/${encodeURIComponent(cat)}${around ? "?around=me&limit=11" : "?limit=20"}${who ? "&who=" + encodeURIComponent(who) : ""}`);
export const dailyToday = () => call("GET", "/api/daily");
export const dailyDay = (day) => call("GET", `/api/daily/${encodeURIComponent(day)}`);
export const dailyStart = () => post("/api/daily/start");

// passkeysWork says whether this browser can make and use passkeys here.
export function passkeysWork() {
  return window.isSecureContext && "PublicKeyCredential" in window && typeof PublicKeyCredential.parseCreationOptionsFromJSON === "function";
}

// The passkey ceremonies: the server's options go to the browser's
// authenticator, its answer back to the server.
async function create(beginPath, finishPath, body) {
  const options = await post(beginPath, body);
  const cred = await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) });
  return post(finishPath, cred.toJSON()).then((d) => d.user);
}

export const passkeySignUp = (name) => create("/api/account/passkey/signup/begin", "/api/account/passkey/signup/finish", { name });
export const addPasskey = () => create("/api/account/passkey/add/begin", "/api/account/passkey/add/finish");

export async function passkeySignIn() {
  const options = await post("/api/account/passkey/signin/begin");
  const cred = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) });
  return post("/api/account/passkey/signin/finish", cred.toJSON()).then((d) => d.user);
}

// attachGuestSeats offers the server every seat token this browser holds
// (its games as a guest), so they join the signed-in account.
export async function attachGuestSeats() {
  const seats = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith("cardtable.token.")) seats.push({ table: key.slice("cardtable.token.".length), token: localStorage.getItem(key) });
    }
  } catch { return []; }
  if (!seats.length) return [];
  return post("/api/account/attach", { seats: seats.slice(0, 200) }).then((d) => d.attached || []);
}
