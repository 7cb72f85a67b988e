-- The daily deal: each account's counted attempt (one a day) and the
-- solver's verdict on each day's deal. Portable SQL like 0001.
CREATE TABLE daily_attempts (
    table_id TEXT    NOT NULL PRIMARY KEY REFERENCES game_tables (id),
    -- day is the deal's date in UTC, YYYY-MM-DD.
    day      TEXT    NOT NULL,
    -- user_id is '' once the account was deleted (the attempt stays,
    -- anonymous, on the day's board).
    user_id  TEXT    NOT NULL,
    started  BIGINT  NOT NULL,
    -- finished is NULL while the game goes on; then its result.
    finished BIGINT,
    won      INTEGER NOT NULL DEFAULT 0,
    grade    INTEGER NOT NULL DEFAULT 0,
    enemies  INTEGER NOT NULL DEFAULT 0,
    actions  INTEGER NOT NULL DEFAULT 0
);

CREATE UNIQUE INDEX daily_attempts_once ON daily_attempts (day, user_id) WHERE user_id <> '';
CREATE INDEX daily_attempts_user ON daily_attempts (user_id, day);
CREATE INDEX daily_attempts_board ON daily_attempts (day, grade, enemies, actions);

CREATE TABLE daily_deals (
    day      TEXT   NOT NULL PRIMARY KEY,
    -- verdict is the solver's verdict on the deal, a JSON document.
    verdict  TEXT   NOT NULL,
    computed BIGINT NOT NULL
);
