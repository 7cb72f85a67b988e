-- Issue 30: quick pairing shared by a cluster's nodes (docs/pairing.md,
-- "In a cluster"). A request is a row; the node that pairs writes the
-- paired table and every request's seat in one transaction, on condition
-- that each request still waits, so a request is paired at most once
-- whichever node pairs and whichever dies. Portable SQL like 0001.
CREATE TABLE pairing_requests (
    -- id: the request's id, which its player holds (it reads the seat).
    id        TEXT    NOT NULL PRIMARY KEY,
    choice    TEXT    NOT NULL,
    -- player: 'guest:…' or the account's id; user_id: the account ('' for
    -- a guest); name: the name to sit under.
    player    TEXT    NOT NULL,
    user_id   TEXT    NOT NULL,
    name      TEXT    NOT NULL,
    bot       INTEGER NOT NULL,
    address   TEXT    NOT NULL,
    rated     INTEGER NOT NULL,
    rating    INTEGER NOT NULL,
    min_rating INTEGER NOT NULL,
    max_rating INTEGER NOT NULL,
    -- bots: accepts bot accounts; bot_after: microseconds to wait for
    -- people before the server's bots (0: never).
    bots      INTEGER NOT NULL,
    bot_after BIGINT  NOT NULL,
    asked     BIGINT  NOT NULL,
    -- status: waiting, paired, dropped, cancelled; once paired: the table,
    -- the seat, the seat's token (kept until the row is pruned, minutes
    -- after it ended) and how many of its seats went to bots.
    status    TEXT    NOT NULL,
    table_id  TEXT    NOT NULL,
    seat      INTEGER NOT NULL,
    token     TEXT    NOT NULL,
    seat_bots INTEGER NOT NULL,
    message   TEXT    NOT NULL,
    ended     BIGINT  NOT NULL
);

CREATE UNIQUE INDEX pairing_requests_waiting ON pairing_requests (player) WHERE status = 'waiting';
CREATE INDEX pairing_requests_status ON pairing_requests (status, asked);
