// options.js is the lobby's vocabulary of each game's options: what an
// option does in words, what each value means, and the presets for the
// known variants. The values are the ones /api/games accepts; the server
// checks them. An option this file does not know is shown with the help
// the server sends.

export const WORDS = {
  war: {
    pickup: {
      label: "Won cards go under",
      values: { "winner-first": "the winner's card first (usual)", "loser-first": "the losers' cards first", seat: "in seat order (about one game in eight never ends)", shuffle: "shuffled" },
      about: "The order in which the cards of a trick go under the winner's pile.",
    },
    "max-battles": { label: "Draw after", about: "A game still going after this many battles is a draw.", unit: "battles" },
    peace: { label: "Peace", about: "The lowest card wins; a tie lays 5 cards face down (P-E-A-C-E) and 1 up.", values: { true: "on", false: "off (usual)" } },
    "auto-war": { label: "Automatic War", about: "A face-up card of this rank always starts a war. Usually 2.", rank: true },
    "beats-faces": { label: "Beats Faces", about: "This number card also beats J, Q and K (e.g. 3).", rank: true },
    "beats-ace": { label: "Beats the Ace", about: "This number card also beats the Ace (e.g. 2).", rank: true },
    underdog: { label: "Underdog", about: "A player who loses a war with a card of this rank among its face-down cards wins it instead (e.g. 6).", rank: true },
    slap: { label: "Slap War", about: "When a card of this rank turns up, the first to slap takes the whole table (e.g. 5).", rank: true },
    "slap-window": { label: "Slap time", about: "How long a slap window stays open (e.g. 2s, 1500ms)." },
    "false-slap": { label: "A false slap", about: "A slap when no slap card shows.", values: { lockout: "locks you out of the next slap window (usual)", ignore: "does nothing" } },
  },
  regicide: {
    immunity: { label: "Enemy immunity", about: "Each enemy ignores the power of its own suit.", values: { true: "on (usual)", false: "off" } },
    "exact-kill": { label: "Exact kill", about: "An enemy defeated with exactly its health…", values: { tavern: "goes on top of the Tavern (usual)", optional: "goes on the Tavern or the discard, as the player chooses" } },
    "solo-yield": { label: "Yield in solo", about: "Whether a solo player may yield (the official solo rules say no).", values: { true: "allowed", false: "not allowed (usual)" } },
    first: { label: "First player", about: "Who plays first.", seat: true },
  },
  watchtower: {
    "tries-per": { label: "Three tries", about: "A fortress card may be challenged three times…", values: { attacker: "by each attacker (usual)", card: "in all, whoever attacks" } },
    "refill-pick": { label: "Refilling the barracks", about: "When the barracks runs out, the cards players give it are…", values: { random: "taken at random (usual)", owner: "chosen by their owner" } },
    "max-rounds": { label: "Round limit", about: "After this many rounds a showdown ends the game.", unit: "rounds" },
  },
};

// PRESETS are the known variants: options to set (the rest at their
// defaults) and, for some, the number of players.
export const PRESETS = {
  war: [
    { name: "Plain War", options: {} },
    { name: "Peace", options: { peace: "true" } },
    { name: "Automatic War", options: { "auto-war": "2" } },
    { name: "Slap War", options: { slap: "5" } },
    { name: "Beats Faces", options: { "beats-faces": "3" } },
    { name: "Underdog", options: { underdog: "6" } },
    { name: "Three players", options: {}, players: 3 },
  ],
  regicide: [
    { name: "Solo (the official Jester rules)", options: { "solo-yield": "false" }, players: 1 },
    { name: "Two players", options: {}, players: 2 },
    { name: "Three players", options: {}, players: 3 },
    { name: "Four players", options: {}, players: 4 },
  ],
  watchtower: [
    { name: "Two players", options: {}, players: 2 },
    { name: "Three players", options: {}, players: 3 },
    { name: "Four players", options: {}, players: 4 },
  ],
};

export const words = (g, key) => (WORDS[g.name] || {})[key] || {};

// valueWords is what value v of g's option o means.
export function valueWords(g, o, v) {
  const w = words(g, o.key);
  if (w.values && w.values[v]) return w.values[v];
  if (w.seat) return v === "random" ? "chosen at random" : `seat ${Number(v) + 1}`;
  if (w.rank) return v === "off" ? "off (usual)" : `on, with ${v}`;
  if (w.unit) return `${v} ${w.unit}`;
  return v;
}

// optionSummary names the options that differ from the usual, in words
// (g is the game as /api/games describes it).
export function optionSummary(g, options) {
  if (!g || !options) return "";
  const diff = g.options.filter((o) => o.key !== "players" && options[o.key] !== undefined && options[o.key] !== o.default);
  return diff.map((o) => `${words(g, o.key).label || o.key}: ${valueWords(g, o, options[o.key])}`).join(" · ");
}
