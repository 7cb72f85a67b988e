-- Issue 25: what a rated game did to each person (its rated result, and
-- why they gave the seat up, if they did), an aborted daily attempt told
-- from one played, and the accounts made from each address. Portable SQL
-- like 0001.
ALTER TABLE rating_history ADD COLUMN outcome TEXT NOT NULL DEFAULT '';
ALTER TABLE rating_history ADD COLUMN gave_up TEXT NOT NULL DEFAULT '';

ALTER TABLE daily_attempts ADD COLUMN aborted INTEGER NOT NULL DEFAULT 0;

-- Sign-ups per client address: made accounts were made from it in the
-- window (a day) that began at window_start. address is a keyed hash of
-- the address (of its /64 for IPv6), never the address itself.
CREATE TABLE signup_addresses (
    address      TEXT    NOT NULL PRIMARY KEY,
    window_start BIGINT  NOT NULL,
    made         INTEGER NOT NULL
);
