-- Issue 30: a bot account's request keeps its owner's id, so a bot is
-- never paired rated with the person who owns it ('' for a person).
ALTER TABLE pairing_requests ADD COLUMN owner TEXT NOT NULL DEFAULT ''
