-- Issue 30: tournaments (Swiss, arena, Regicide solo), their entrants and
-- their games. Transitions are conditional on tournaments.version; a
-- game's result is written with its table's (store.Settlement). Portable
-- SQL like 0001.
CREATE TABLE tournaments (
    id        TEXT    NOT NULL PRIMARY KEY,
    kind      TEXT    NOT NULL,
    game      TEXT    NOT NULL,
    -- options: the game's options; settings: the tournament's own (JSON
    -- objects).
    options   TEXT    NOT NULL,
    settings  TEXT    NOT NULL,
    name      TEXT    NOT NULL,
    -- creator: the creating account ('' for the server's schedule);
    -- schedule: the slot a server-made tournament fills ('' for none).
    creator   TEXT    NOT NULL,
    schedule  TEXT    NOT NULL,
    rated     INTEGER NOT NULL,
    status    TEXT    NOT NULL,
    starts    BIGINT  NOT NULL,
    ends      BIGINT  NOT NULL,
    round     INTEGER NOT NULL,
    -- version: the transitions (a round paired, a status changed, an
    -- entrant in or out); entrants: entries ever made; ended: games (and
    -- byes) ended, which numbers them (tournament_games.seq).
    version   INTEGER NOT NULL,
    entrants  INTEGER NOT NULL,
    ended     INTEGER NOT NULL,
    created   BIGINT  NOT NULL,
    finished  BIGINT  NOT NULL
);

CREATE UNIQUE INDEX tournaments_schedule ON tournaments (schedule) WHERE schedule <> '';
CREATE INDEX tournaments_status ON tournaments (status, starts);
CREATE INDEX tournaments_creator ON tournaments (creator, status);

CREATE TABLE tournament_entrants (
    tournament_id TEXT    NOT NULL REFERENCES tournaments (id),
    entrant       TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    -- user_id: the account ('' for a bot); bot: the bot's spec.
    user_id       TEXT    NOT NULL,
    bot           TEXT    NOT NULL,
    rating        INTEGER NOT NULL,
    entry         INTEGER NOT NULL,
    joined        BIGINT  NOT NULL,
    -- withdrawn: when the entrant left (0 while in); place: the final
    -- place (0 before the end).
    withdrawn     BIGINT  NOT NULL,
    place         INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, entrant)
);

CREATE UNIQUE INDEX tournament_entrants_entry ON tournament_entrants (tournament_id, entry);
CREATE INDEX tournament_entrants_user ON tournament_entrants (user_id);

CREATE TABLE tournament_games (
    tournament_id TEXT    NOT NULL REFERENCES tournaments (id),
    -- round: the Swiss round, the arena's wave, the solo deal; board: the
    -- game's number in it (a solo attempt's: the entrant's entry).
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    first         TEXT    NOT NULL,
    second        TEXT    NOT NULL,
    -- table_id: the game's table ('' for a bye).
    table_id      TEXT    NOT NULL,
    outcome       INTEGER NOT NULL,
    enemies       INTEGER NOT NULL,
    won           INTEGER NOT NULL,
    started       BIGINT  NOT NULL,
    -- ended: 0 while played; seq: the order games ended in (0 before).
    ended         BIGINT  NOT NULL,
    seq           INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, board)
);

CREATE UNIQUE INDEX tournament_games_table ON tournament_games (table_id) WHERE table_id <> '';
