-- Which account sits at which seat, and the two things a table is from its
-- creation on: rated (its result moves ratings) and daily (the day of the
-- daily deal it plays, '' for none). Portable SQL like 0001.
ALTER TABLE game_tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_tables ADD COLUMN daily TEXT NOT NULL DEFAULT '';

CREATE TABLE seat_accounts (
    table_id TEXT    NOT NULL REFERENCES game_tables (id),
    seat     INTEGER NOT NULL,
    user_id  TEXT    NOT NULL REFERENCES users (id),
    PRIMARY KEY (table_id, seat)
);

CREATE INDEX seat_accounts_user ON seat_accounts (user_id, table_id);
