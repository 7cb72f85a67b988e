-- Table-level facts beside the game's actions (issue 20): the table's own
-- settings (its clock, what a timeout does, its chat) and its events (the
-- clock's start, timeouts, resignations, aborts, draw offers, seats handed
-- to bots and taken back, chat lines, rematch links). They are not the
-- game's rules: a replay of the actions alone plays the same game, and a
-- restart reads both to rebuild the table as it was. Portable SQL like 0001.

-- settings is a JSON object of the table's settings by key ('{}': none).
ALTER TABLE game_tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';

-- events counts the stored events: the next event's seq.
ALTER TABLE game_tables ADD COLUMN events INTEGER NOT NULL DEFAULT 0;

CREATE TABLE table_events (
    table_id TEXT    NOT NULL REFERENCES game_tables (id),
    -- seq numbers the table's events from 0 without gaps.
    seq      INTEGER NOT NULL,
    -- version is how many actions the table had when the event happened:
    -- it comes after action version-1 and before action version.
    version  INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    -- seat is the seat the event is from or about; -1 for none (a
    -- spectator's chat, an abort by the clock).
    seat     INTEGER NOT NULL,
    -- data is a JSON object of the kind's own fields ('{}': none).
    data     TEXT    NOT NULL,
    at       BIGINT  NOT NULL,
    PRIMARY KEY (table_id, seq)
);
