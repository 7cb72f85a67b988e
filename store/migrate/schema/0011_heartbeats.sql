-- Heartbeats: when each server last said it was running (a lone server
-- beats under the name ''), so the server that runs its tables next
-- knows how long nothing did and gives that time back to the tables'
-- clocks (docs/server.md, "Clocks across a restart"). Portable SQL like
-- 0001.
CREATE TABLE heartbeats (
    server TEXT   NOT NULL PRIMARY KEY,
    -- alive is unix microseconds in UTC by the server's clock.
    alive  BIGINT NOT NULL
);
