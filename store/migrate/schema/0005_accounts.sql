-- Accounts (issue 22): users, their passkeys and sessions, WebAuthn
-- ceremonies under way, and the server-wide secrets every node shares.
-- Portable SQL like 0001; times are unix microseconds in UTC.
CREATE TABLE users (
    id       TEXT   NOT NULL PRIMARY KEY,
    -- name is the username as written; name_key its skeleton
    -- (accounts.Key): unique, and what lookups use.
    name     TEXT   NOT NULL,
    name_key TEXT   NOT NULL,
    created  BIGINT NOT NULL,
    -- password is the argon2id hash in PHC form, '' for none.
    password TEXT   NOT NULL
);

CREATE UNIQUE INDEX users_name_key ON users (name_key);

-- Failed password sign-ins by name key, whether or not an account has the
-- name (so a name without an account locks like one with it): failed in a
-- row, locked_until ends a lock (0: none), updated for purging.
CREATE TABLE signin_failures (
    name_key     TEXT    NOT NULL PRIMARY KEY,
    failed       INTEGER NOT NULL,
    locked_until BIGINT  NOT NULL,
    updated      BIGINT  NOT NULL
);

CREATE TABLE passkeys (
    -- id is the WebAuthn credential id, base64url.
    id        TEXT   NOT NULL PRIMARY KEY,
    user_id   TEXT   NOT NULL REFERENCES users (id),
    -- data is the credential as JSON (public key, sign count, flags).
    data      TEXT   NOT NULL,
    created   BIGINT NOT NULL,
    last_used BIGINT NOT NULL
);

CREATE INDEX passkeys_user ON passkeys (user_id);

CREATE TABLE sessions (
    -- id is the SHA-256 (hex) of the cookie's token.
    id      TEXT   NOT NULL PRIMARY KEY,
    user_id TEXT   NOT NULL REFERENCES users (id),
    created BIGINT NOT NULL,
    seen    BIGINT NOT NULL,
    expires BIGINT NOT NULL,
    agent   TEXT   NOT NULL
);

CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires);

CREATE TABLE auth_challenges (
    -- id is the SHA-256 (hex) of the ceremony id in the browser's cookie.
    id      TEXT   NOT NULL PRIMARY KEY,
    kind    TEXT   NOT NULL,
    user_id TEXT   NOT NULL,
    data    TEXT   NOT NULL,
    expires BIGINT NOT NULL
);

CREATE INDEX auth_challenges_expires ON auth_challenges (expires);

CREATE TABLE server_secrets (
    name    TEXT   NOT NULL PRIMARY KEY,
    value   TEXT   NOT NULL,
    created BIGINT NOT NULL
);
