-- Issue 27: the language an account chose for its pages and the server's
-- sentences (a code package i18n speaks: en, he, sk, cy, hy), '' while the
-- account follows the browser (docs/i18n.md, Choosing a language).
-- Portable SQL like 0001.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT ''
