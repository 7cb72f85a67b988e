-- Leases: which node owns a live table, for how long, and in which epoch
-- (several nodes sharing one database; a single node never writes here).
-- Portable SQL like 0001; the statements that read the database's clock
-- are the store's (store/postgres), not the schema's.
CREATE TABLE leases (
    table_id TEXT    NOT NULL PRIMARY KEY REFERENCES game_tables (id),
    -- node is the owner's id; '' once the lease was released.
    node     TEXT    NOT NULL,
    -- epoch grows by one with each new tenure; appends are fenced by it.
    epoch    BIGINT  NOT NULL,
    -- expires is unix microseconds in UTC by the database's clock.
    expires  BIGINT  NOT NULL
);

CREATE INDEX leases_node ON leases (node, expires);
