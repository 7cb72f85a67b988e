// options.js is the lobby's vocabulary: each game's pitch, what each of its
// options does in words, what each value means, the presets for the known
// variants, and each bot's level in words. The values are the ones
// /api/games accepts; the server checks them. An option or bot this file
// does not know is shown with the help the server sends.
//
// The words say a thing once: an option's meaning (`about`) and its values
// (`values`); the lobby says the usual value beside an option only once it
// is changed, so a value's words never repeat "(usual)". An option marked
// `main` is shown in the form itself (when it matters: `when`), the rest
// behind More options.

// GAMES are the one-line pitches of the lobby's game cards.
export const GAMES = {
  war: "Flip your top card: the higher takes both, a tie is a war. Quick hands win Slap War.",
  regicide: "Team up against the Castle: defeat its twelve royals with your cards' suit powers.",
  watchtower: "Win fortress cards in blind challenges, build a watchtower of four, take the showdown.",
};

export const WORDS = {
  war: {
    pickup: {
      label: "Won cards go under",
      values: { "winner-first": "the winner's card first", "loser-first": "the losers' cards first", seat: "in seat order (about one game in eight never ends)", shuffle: "shuffled" },
      about: "The order in which a trick's cards go under the winner's pile.",
    },
    "max-battles": { label: "Draw after", about: "A game still going after this many battles is a draw.", unit: "battles" },
    peace: { label: "Peace", about: "The lowest card wins; a tie lays 5 cards face down (P-E-A-C-E) and 1 up.", values: { true: "on", false: "off" } },
    "auto-war": { label: "Automatic War", about: "A card of this rank turned up always starts a war (the variant uses 2).", rank: true },
    "beats-faces": { label: "Beats Faces", about: "This number card also beats J, Q and K (the variant uses 3).", rank: true },
    "beats-ace": { label: "Beats the Ace", about: "This number card also beats the Ace (e.g. 2).", rank: true },
    underdog: { label: "Underdog", about: "Lose a war with a card of this rank among your face-down cards and you win it instead (the variant uses 6).", rank: true },
    slap: { label: "Slap War", about: "When a card of this rank turns up, the first to slap takes the whole table (the variant uses 5).", rank: true },
    "slap-window": { label: "Slap time", about: "How long a slap window stays open, e.g. 1.5s or 1500ms.", main: true, when: (o) => o.slap && o.slap !== "off" },
    "false-slap": { label: "A false slap", about: "What slapping does when no slap card shows.", values: { lockout: "locks you out of the next slap window", ignore: "nothing" }, when: (o) => o.slap && o.slap !== "off" },
  },
  regicide: {
    immunity: { label: "Enemy immunity", about: "Each enemy ignores the power of its own suit.", values: { true: "on", false: "off" } },
    "exact-kill": { label: "Exact kill", about: "Where an enemy defeated with exactly its health goes.", values: { tavern: "on top of the Tavern", optional: "on the Tavern or the discard, as the player chooses" } },
    "solo-yield": { label: "Yield in solo", about: "Whether a solo player may yield (the official solo rules say no).", values: { true: "allowed", false: "not allowed" }, when: (o, players) => players === 1 },
    first: { label: "First player", about: "Who plays first.", seat: true, main: true, when: (o, players) => players > 1 },
  },
  watchtower: {
    "tries-per": { label: "Three tries", about: "A fortress card may be challenged three times: by each attacker, or three times in all.", values: { attacker: "by each attacker", card: "in all, whoever attacks" } },
    "refill-pick": { label: "Refilling the barracks", about: "When the barracks runs out, it is refilled with the cards players give it: taken at random, or chosen by their owner.", values: { random: "taken at random", owner: "chosen by their owner" } },
    "max-rounds": { label: "Round limit", about: "After this many rounds a showdown ends the game.", unit: "rounds" },
  },
};

// BOTS are each game's bots in words: a level a newcomer reads, and what
// it does. The levels follow the measured strengths (docs/regicide-bots.md,
// docs/watchtower.md); a bot not named here shows its own name and help.
export const BOTS = {
  war: {
    random: { level: "Erratic", about: "Slaps and passes at random.", rank: 0 },
    heuristic: { level: "Standard", about: "Flips at once and slaps about as fast as a person.", rank: 2 },
    ismcts: { level: "Searcher", about: "Tries many random futures before each choice; slower.", rank: 1 },
  },
  regicide: {
    random: { level: "Beginner", about: "Plays at random: it never beats the Castle.", rank: 0 },
    ismcts: { level: "Fair", about: "Tries many random futures; weaker than Good at Regicide.", rank: 1 },
    heuristic: { level: "Good", about: "Rules of thumb: kills exactly, shields against the coming attack.", rank: 2 },
    expert: { level: "Best", about: "The strongest partner: searches with good rules of thumb, a moment a move.", rank: 3 },
  },
  watchtower: {
    random: { level: "Beginner", about: "Plays at random.", rank: 0 },
    ismcts: { level: "Searcher", about: "Tries many random futures before each choice; slower.", rank: 1 },
    heuristic: { level: "Good", about: "Challenges when the odds favour it and builds towers.", rank: 2 },
    expert: { level: "Best", about: "The strongest: goes on campaign only into showdowns it expects to win.", rank: 3 },
  },
};

// PRESETS are the known variants: options to set (the rest at their
// defaults), for some the number of players, and what they are in a line.
export const PRESETS = {
  war: [
    { name: "Plain War", options: {}, about: "The higher card takes the trick; a tie is a war." },
    { name: "Peace", options: { peace: "true" }, about: "The lowest card wins; a tie lays P-E-A-C-E face down." },
    { name: "Automatic War", options: { "auto-war": "2" }, about: "Any 2 turned up starts a war." },
    { name: "Slap War", options: { slap: "5" }, about: "When a 5 turns up, the first to slap takes the whole table." },
    { name: "Beats Faces", options: { "beats-faces": "3" }, about: "A 3 also beats J, Q and K." },
    { name: "Underdog", options: { underdog: "6" }, about: "Lose a war with a 6 among your face-down cards and you win it." },
    { name: "Three players", options: {}, players: 3, about: "Three piles of 18, 17 and 17 cards; only the two highest cards go to war." },
  ],
  regicide: [
    { name: "Solo (official Jester rules)", options: { "solo-yield": "false" }, players: 1, about: "You alone against the Castle, with two Jester powers and no yielding." },
    { name: "2 players", options: {}, players: 2, about: "Together against the Castle: you win or lose as one." },
    { name: "3 players", options: {}, players: 3, about: "Together against the Castle: you win or lose as one." },
    { name: "4 players", options: {}, players: 4, about: "Together against the Castle: you win or lose as one." },
  ],
  watchtower: [
    { name: "2 players", options: {}, players: 2, about: "Head to head." },
    { name: "3 players", options: {}, players: 3, about: "Each for themselves, with more fortresses to challenge." },
    { name: "4 players", options: {}, players: 4, about: "Each for themselves, with more fortresses to challenge." },
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
  if (w.seat) return v === "random" ? "chosen at random" : `Seat ${Number(v) + 1}`;
  if (w.rank) return v === "off" ? "off" : `on, with ${v}`;
  if (w.unit) return `${v} ${String(v) === "1" ? w.unit.replace(/s$/, "") : w.unit}`;
  return v;
}

// optionSummary names the options that differ from the usual, in words
// (g is the game as /api/games describes it).
export function optionSummary(g, options) {
  if (!g || !options) return "";
  const diff = g.options.filter((o) => o.key !== "players" && options[o.key] !== undefined && options[o.key] !== o.default);
  return diff.map((o) => `${words(g, o.key).label || o.key}: ${valueWords(g, o, options[o.key])}`).join(" · ");
}
