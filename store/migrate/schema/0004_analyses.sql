-- The analyses of finished tables (issue 21, docs/analysis.md): one JSON
-- document per table and depth, computed once on request and read by every
-- later viewer. Portable SQL like 0001.
CREATE TABLE table_analyses (
    table_id TEXT    NOT NULL REFERENCES game_tables (id),
    -- depth is the analysis depth (quick, deep).
    depth    TEXT    NOT NULL,
    document TEXT    NOT NULL,
    created  BIGINT  NOT NULL,
    PRIMARY KEY (table_id, depth)
);
