-- The tables, their seats and their action logs. Portable SQL: the same
-- text runs on SQLite and PostgreSQL (TEXT, INTEGER, BIGINT; no
-- AUTOINCREMENT, no JSON functions). Times are unix microseconds in UTC.
CREATE TABLE game_tables (
    id       TEXT    NOT NULL PRIMARY KEY,
    game     TEXT    NOT NULL,
    -- options is a JSON object of option values by key.
    options  TEXT    NOT NULL,
    -- seed holds the uint64 seed's 64 bits as a signed BIGINT.
    seed     BIGINT  NOT NULL,
    creator  TEXT    NOT NULL,
    created  BIGINT  NOT NULL,
    seats    INTEGER NOT NULL,
    -- actions counts the stored actions: the next action's seq.
    actions  INTEGER NOT NULL DEFAULT 0,
    -- finished and result (a JSON engine.Result) are NULL while the game
    -- goes on.
    finished BIGINT,
    result   TEXT
);

CREATE INDEX game_tables_created ON game_tables (created, id);
CREATE INDEX game_tables_open ON game_tables (finished, created);

CREATE TABLE seats (
    table_id TEXT    NOT NULL REFERENCES game_tables (id),
    seat     INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    kind     TEXT    NOT NULL,
    bot      TEXT    NOT NULL,
    token    TEXT    NOT NULL,
    invite   TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE actions (
    table_id TEXT    NOT NULL REFERENCES game_tables (id),
    seq      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    action   TEXT    NOT NULL,
    at       BIGINT  NOT NULL,
    PRIMARY KEY (table_id, seq)
);
