-- Issue 30: bot accounts. A bot account is a user (it has a name, ratings
-- and seats like anyone) with a row here naming the person who owns it;
-- a program signs in as it with a token, of which only the SHA-256 is kept.
-- Portable SQL like 0001.
CREATE TABLE bot_accounts (
    user_id  TEXT   NOT NULL PRIMARY KEY REFERENCES users (id),
    -- owner: the person's account ('' once they deleted it).
    owner    TEXT   NOT NULL,
    created  BIGINT NOT NULL,
    -- disabled: when its owner shut it off (0 while it may play).
    disabled BIGINT NOT NULL
);

CREATE INDEX bot_accounts_owner ON bot_accounts (owner);

CREATE TABLE bot_tokens (
    -- id: the SHA-256 (hex) of the token; the token itself is never kept.
    id      TEXT   NOT NULL PRIMARY KEY,
    user_id TEXT   NOT NULL REFERENCES users (id),
    created BIGINT NOT NULL,
    -- used: the last sign-in with it; revoked: when a new token replaced
    -- it (0 while it is the bot's token).
    used    BIGINT NOT NULL,
    revoked BIGINT NOT NULL
);

CREATE INDEX bot_tokens_user ON bot_tokens (user_id);
