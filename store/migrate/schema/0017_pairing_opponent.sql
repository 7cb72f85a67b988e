-- Issue 30: a quick-pairing request may name its opponent (a challenge of
-- one player, such as a bot account): that player's id ('' for anyone).
ALTER TABLE pairing_requests ADD COLUMN opponent TEXT NOT NULL DEFAULT ''
