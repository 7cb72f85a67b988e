// conn.js is the table's connection to the server: one WebSocket that
// reconnects after a drop (the server answers every connect with a fresh
// hello snapshot), commands stamped with a correlation id, and the seat
// token kept in localStorage (docs/protocol.md).

const tokenKey = (id) => `cardtable.token.${id}`;

export function loadToken(id) {
  try { return localStorage.getItem(tokenKey(id)); } catch { return null; }
}

export function saveToken(id, token) {
  try { localStorage.setItem(tokenKey(id), token); } catch { /* private mode: the seat lasts this page */ }
}

export function loadName() {
  try { return localStorage.getItem("cardtable.name") || ""; } catch { return ""; }
}

export function saveName(name) {
  try { localStorage.setItem("cardtable.name", name); } catch { /* ignore */ }
}

// Connection holds one table's WebSocket. onMessage gets each parsed
// server message; onStatus "connecting", "open" or "closed" (with the
// server's bye, if it sent one).
export class Connection {
  constructor(tableID, token, { onMessage, onStatus }) {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    this.url = `${proto}//${location.host}/ws/${encodeURIComponent(tableID)}` + (token ? `?token=${encodeURIComponent(token)}` : "");
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.next = 1;
    this.delay = 500;
    this.stopped = false;
    this.bye = null;
  }

  connect() {
    this.onStatus("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => { this.delay = 500; this.onStatus("open"); };
    ws.onmessage = (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch { return; }
      // When it came: a clock message held behind a trick being shown
      // still counts down from its arrival.
      m.received = performance.now();
      if (m.type === "bye") this.bye = m;
      this.onMessage(m);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      // A seat handed to another screen (seat-moved): this page's token
      // no longer opens it, so it stops rather than knock in vain.
      if (this.bye && this.bye.code === "seat-moved") this.stopped = true;
      this.onStatus(this.stopped ? "stopped" : "closed", this.bye);
      if (this.stopped) return;
      // A refused token (403 before the upgrade) also lands here; the
      // backoff keeps such a page from hammering the server.
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
      this.bye = null;
    };
  }

  // send writes a command and returns its correlation id, or null when
  // the connection is down (the command is not queued: a fresh turn comes
  // with the reconnect).
  send(cmd) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    const id = `c${this.next++}`;
    this.ws.send(JSON.stringify({ ...cmd, id }));
    return id;
  }

  close() {
    this.stopped = true;
    if (this.ws) this.ws.close();
  }

  // reopen connects again after close (a page back from the browser's
  // back-forward cache).
  reopen() {
    if (!this.stopped) return;
    this.stopped = false;
    this.delay = 500;
    this.connect();
  }
}
