-- Glicko-2 ratings per account and category (ratings.Categories), and each
-- account's rating after every rated game. Portable SQL like 0001.
CREATE TABLE ratings (
    user_id  TEXT             NOT NULL REFERENCES users (id),
    category TEXT             NOT NULL,
    rating   DOUBLE PRECISION NOT NULL,
    rd       DOUBLE PRECISION NOT NULL,
    vol      DOUBLE PRECISION NOT NULL,
    -- games counts the rated games: the row's version, so two games
    -- rated at once cannot both start from the same rating.
    games    INTEGER          NOT NULL,
    updated  BIGINT           NOT NULL,
    PRIMARY KEY (user_id, category)
);

CREATE INDEX ratings_board ON ratings (category, rating);

CREATE TABLE rating_history (
    user_id  TEXT             NOT NULL REFERENCES users (id),
    category TEXT             NOT NULL,
    table_id TEXT             NOT NULL REFERENCES game_tables (id),
    at       BIGINT           NOT NULL,
    rating   DOUBLE PRECISION NOT NULL,
    rd       DOUBLE PRECISION NOT NULL,
    vol      DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, category, table_id)
);

CREATE INDEX rating_history_at ON rating_history (user_id, category, at);
