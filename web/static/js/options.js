// options.js is the lobby's vocabulary: each game's pitch, what each of its
// options does in words, what each value means, the presets for the known
// variants, and each bot's level in words — all in the reader's language
// (i18n.js; the messages web.game.*, web.option.*, web.preset.*, web.bot.*).
// The values are the ones /api/games accepts; the server checks them. An
// option or bot this file does not know is shown with the help the server
// sends.
//
// The words say a thing once: an option's meaning (`about`) and its values
// (`values`); the lobby says the usual value beside an option only once it
// is changed, so a value's words never repeat "(usual)". An option marked
// `main` is shown in the form itself (when it matters: `when`), the rest
// behind More options.

import { t } from "./i18n.js";

// GAMES are the one-line pitches of the lobby's game cards.
export const GAMES = {
  war: t("web.game.war.pitch"),
  regicide: t("web.game.regicide.pitch"),
  watchtower: t("web.game.watchtower.pitch"),
};

// option is the words of game g's option key: its label and meaning, and
// the words of the values listed (web.option.G.K.value.V).
function option(g, key, values = [], extra = {}) {
  const id = `web.option.${g}.${key}`;
  const w = { label: t(`${id}.label`), about: t(`${id}.about`), ...extra };
  if (values.length) w.values = Object.fromEntries(values.map((v) => [v, t(`${id}.value.${v}`)]));
  return w;
}

export const WORDS = {
  war: {
    pickup: option("war", "pickup", ["winner-first", "loser-first", "seat", "shuffle"]),
    "max-battles": option("war", "max-battles", [], { noun: "noun.battles", unit: t("web.option.war.max-battles.unit") }),
    peace: option("war", "peace", ["true", "false"]),
    "auto-war": option("war", "auto-war", [], { rank: true }),
    "beats-faces": option("war", "beats-faces", [], { rank: true }),
    "beats-ace": option("war", "beats-ace", [], { rank: true }),
    underdog: option("war", "underdog", [], { rank: true }),
    slap: option("war", "slap", [], { rank: true }),
    "slap-window": option("war", "slap-window", [], { main: true, when: (o) => o.slap && o.slap !== "off" }),
    "false-slap": option("war", "false-slap", ["lockout", "ignore"], { when: (o) => o.slap && o.slap !== "off" }),
  },
  regicide: {
    immunity: option("regicide", "immunity", ["true", "false"]),
    "exact-kill": option("regicide", "exact-kill", ["tavern", "optional"]),
    "solo-yield": option("regicide", "solo-yield", ["true", "false"], { when: (o, players) => players === 1 }),
    first: option("regicide", "first", [], { seat: true, main: true, when: (o, players) => players > 1 }),
  },
  watchtower: {
    "tries-per": option("watchtower", "tries-per", ["attacker", "card"]),
    "refill-pick": option("watchtower", "refill-pick", ["random", "owner"]),
    "max-rounds": option("watchtower", "max-rounds", [], { noun: "noun.rounds", unit: t("web.option.watchtower.max-rounds.unit") }),
  },
};

// bot is the words of game g's bot: its level and what it does.
const bot = (g, name, rank) => ({ level: t(`web.bot.${g}.${name}.level`), about: t(`web.bot.${g}.${name}.about`), rank });

// BOTS are each game's bots in words: a level a newcomer reads, and what
// it does. The levels follow the measured strengths (docs/regicide-bots.md,
// docs/watchtower.md); a bot not named here shows its own name and help.
export const BOTS = {
  war: { random: bot("war", "random", 0), heuristic: bot("war", "heuristic", 2), ismcts: bot("war", "ismcts", 1) },
  regicide: { random: bot("regicide", "random", 0), ismcts: bot("regicide", "ismcts", 1), heuristic: bot("regicide", "heuristic", 2), expert: bot("regicide", "expert", 3) },
  watchtower: { random: bot("watchtower", "random", 0), ismcts: bot("watchtower", "ismcts", 1), heuristic: bot("watchtower", "heuristic", 2), expert: bot("watchtower", "expert", 3) },
};

// preset is game g's known variant called key: its name and what it is.
const preset = (g, key, options, players) => ({ key, name: t(`web.preset.${g}.${key}.name`), about: t(`web.preset.${g}.${key}.about`), options, players });

// PRESETS are the known variants: options to set (the rest at their
// defaults), for some the number of players, and what they are in a line.
export const PRESETS = {
  war: [
    preset("war", "plain", {}),
    preset("war", "peace", { peace: "true" }),
    preset("war", "auto-war", { "auto-war": "2" }),
    preset("war", "slap", { slap: "5" }),
    preset("war", "beats-faces", { "beats-faces": "3" }),
    preset("war", "underdog", { underdog: "6" }),
    preset("war", "three", {}, 3),
  ],
  regicide: [
    preset("regicide", "solo", { "solo-yield": "false" }, 1),
    preset("regicide", "two", {}, 2),
    preset("regicide", "three", {}, 3),
    preset("regicide", "four", {}, 4),
  ],
  watchtower: [
    preset("watchtower", "two", {}, 2),
    preset("watchtower", "three", {}, 3),
    preset("watchtower", "four", {}, 4),
  ],
};

export const words = (g, key) => (WORDS[g.name] || {})[key] || {};

// botWords is bot b of game g in words: {level, about, rank}.
export function botWords(g, b) {
  const w = (BOTS[g.name] || {})[b.name];
  return w || { level: b.name, about: b.help, rank: 1 };
}

// shown says whether g's option o matters with the options opts at a
// table of players (Slap time only with Slap War on, …).
export function shown(g, o, opts, players) {
  const w = words(g, o.key);
  return !w.when || !!w.when(opts, players);
}

// valueWords is what value v of g's option o means.
export function valueWords(g, o, v) {
  const w = words(g, o.key);
  if (w.values && w.values[v]) return w.values[v];
  if (w.seat) return v === "random" ? t("web.option.seat.random") : t("web.seat.n", { n: Number(v) + 1 });
  if (w.rank) return v === "off" ? t("web.option.rank.off") : t("web.option.rank.on", { rank: v });
  if (w.noun && /^\d+$/.test(v)) return t(w.noun, { count: Number(v) });
  return v;
}

// optionSummary names the options that differ from the usual, in words
// (g is the game as /api/games describes it).
export function optionSummary(g, options) {
  if (!g || !options) return "";
  const diff = g.options.filter((o) => o.key !== "players" && options[o.key] !== undefined && options[o.key] !== o.default);
  return diff.map((o) => t("web.option.summary", { label: words(g, o.key).label || o.key, value: valueWords(g, o, options[o.key]) })).join(" · ");
}
