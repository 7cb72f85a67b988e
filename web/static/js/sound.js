// sound.js is the table's sound: a card flipped or played, a slap, a war,
// your move, your clock under 10 seconds, a win and a loss — each made
// here with the Web Audio API (oscillators and a burst of noise shaped by
// filters and envelopes; nothing is fetched). Sound is on unless the
// person turned it off (the header's toggle, key M; remembered in this
// browser), but nothing plays before their first click or key on the
// page, as browsers require: until then there is no AudioContext at all.
// In a tab in the background only "your move" plays.

const KEY = "cardtable.sound";

function stored() {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

// Sound plays the table's sounds; played lists the names of those it
// started (tests and tools read it).
export class Sound {
  constructor() {
    this.on = stored();
    this.ctx = null;
    this.noise = null;
    this.played = [];
    const gesture = () => {
      removeEventListener("pointerdown", gesture, true);
      removeEventListener("keydown", gesture, true);
      this.gestured = true;
      if (this.on) this.context();
    };
    addEventListener("pointerdown", gesture, true);
    addEventListener("keydown", gesture, true);
  }

  // context is the AudioContext, made at the first need after a gesture.
  context() {
    if (!this.ctx && this.gestured && typeof AudioContext === "function") {
      this.ctx = new AudioContext();
      const n = this.ctx.createBuffer(1, this.ctx.sampleRate / 4, this.ctx.sampleRate);
      const data = n.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
      this.noise = n;
    }
    if (this.ctx && this.ctx.state === "suspended") this.ctx.resume();
    return this.ctx;
  }

  // toggle turns the sound on or off, and remembers it.
  toggle() {
    this.on = !this.on;
    try {
      localStorage.setItem(KEY, this.on ? "on" : "off");
    } catch {
      // Storage off (private mode): this page only.
    }
    if (this.on) this.context();
    else if (this.ctx) this.ctx.suspend();
  }

  // play makes sound name ("flip", "card", "slap", "war", "turn", "clock",
  // "win", "loss"), unless sound is off, no gesture came yet, or the tab is
  // in the background (where only "turn" plays).
  play(name) {
    if (!this.on || !SOUNDS[name] || (document.hidden && name !== "turn")) return;
    const ctx = this.context();
    if (!ctx) return;
    this.played.push(name);
    SOUNDS[name](this, ctx.currentTime + 0.01);
  }

  // tone plays an oscillator of type at freq (gliding to to) from t for
  // len seconds at peak volume vol.
  tone(t, { type = "sine", freq, to = freq, len, vol }) {
    const o = this.ctx.createOscillator();
    o.type = type;
    o.frequency.setValueAtTime(freq, t);
    if (to !== freq) o.frequency.exponentialRampToValueAtTime(to, t + len);
    this.envelope(o, t, len, vol);
  }

  // hiss plays the noise through a filter of type at freq from t for len
  // seconds at peak volume vol.
  hiss(t, { type = "bandpass", freq, q = 1, len, vol }) {
    const s = this.ctx.createBufferSource();
    s.buffer = this.noise;
    const f = this.ctx.createBiquadFilter();
    f.type = type;
    f.frequency.value = freq;
    f.Q.value = q;
    s.connect(f);
    this.envelope(s, t, len, vol, f);
  }

  // envelope starts src at t through a gain that rises at once and decays
  // over len seconds, and stops it after.
  envelope(src, t, len, vol, through = src) {
    const g = this.ctx.createGain();
    g.gain.setValueAtTime(0.0001, t);
    g.gain.exponentialRampToValueAtTime(vol, t + 0.005);
    g.gain.exponentialRampToValueAtTime(0.0001, t + len);
    through.connect(g).connect(this.ctx.destination);
    src.start(t);
    src.stop(t + len + 0.02);
  }
}

const notes = (s, t, freqs, step, vol) => freqs.forEach((f, i) => s.tone(t + i * step, { type: "triangle", freq: f, len: step * 1.8, vol }));

const SOUNDS = {
  flip: (s, t) => s.hiss(t, { freq: 2600, q: 0.8, len: 0.07, vol: 0.35 }),
  card: (s, t) => s.hiss(t, { freq: 1800, q: 0.7, len: 0.09, vol: 0.3 }),
  slap: (s, t) => {
    s.hiss(t, { type: "lowpass", freq: 1400, len: 0.16, vol: 0.8 });
    s.tone(t, { freq: 140, to: 60, len: 0.18, vol: 0.6 });
  },
  war: (s, t) => {
    for (const at of [0, 0.2]) {
      s.tone(t + at, { freq: 110, to: 45, len: 0.3, vol: 0.7 });
      s.hiss(t + at, { type: "lowpass", freq: 600, len: 0.12, vol: 0.35 });
    }
  },
  turn: (s, t) => notes(s, t, [660, 880], 0.11, 0.25),
  clock: (s, t) => s.tone(t, { type: "square", freq: 1000, len: 0.05, vol: 0.08 }),
  win: (s, t) => notes(s, t, [523, 659, 784, 1047], 0.1, 0.22),
  loss: (s, t) => notes(s, t, [392, 330, 262], 0.16, 0.2),
};

export const sound = new Sound();

// soundToggle is the header's button that turns the sound on and off;
// redraw is called after.
export function soundToggle(label, redraw) {
  const b = document.createElement("button");
  b.className = "small header-toggle";
  b.type = "button";
  b.dataset.focus = "sound";
  b.setAttribute("aria-pressed", String(sound.on));
  b.setAttribute("aria-keyshortcuts", "M");
  b.textContent = label;
  b.addEventListener("click", () => {
    sound.toggle();
    if (redraw) redraw();
  });
  return b;
}
