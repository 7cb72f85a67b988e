-- Puzzle ratings (docs/puzzles.md): each puzzle's Glicko-2 rating as
-- people's answers moved it from its seed (a puzzle nobody answered has
-- no row), and each account's counted answers, one per puzzle, with the
-- account's puzzle rating after each (its history). The account's rating
-- itself is a row of ratings (category regicide-puzzles). Portable SQL
-- like 0001; times are unix microseconds in UTC.
CREATE TABLE puzzle_ratings (
    -- puzzle_set names the set ('regicide'); puzzle is the id in it.
    puzzle_set TEXT             NOT NULL,
    puzzle     INTEGER          NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    rd         DOUBLE PRECISION NOT NULL,
    vol        DOUBLE PRECISION NOT NULL,
    -- answers counts the counted answers: the row's version.
    answers    INTEGER          NOT NULL,
    updated    BIGINT           NOT NULL,
    PRIMARY KEY (puzzle_set, puzzle)
);

CREATE TABLE puzzle_answers (
    user_id       TEXT             NOT NULL REFERENCES users (id),
    puzzle_set    TEXT             NOT NULL,
    puzzle        INTEGER          NOT NULL,
    at            BIGINT           NOT NULL,
    action        TEXT             NOT NULL,
    correct       INTEGER          NOT NULL,
    -- the account's puzzle rating after the answer
    rating        DOUBLE PRECISION NOT NULL,
    rd            DOUBLE PRECISION NOT NULL,
    vol           DOUBLE PRECISION NOT NULL,
    -- the puzzle's rating the answer was rated against
    puzzle_rating DOUBLE PRECISION NOT NULL,
    -- one counted answer per account and puzzle
    PRIMARY KEY (user_id, puzzle_set, puzzle)
);

CREATE INDEX puzzle_answers_at ON puzzle_answers (user_id, puzzle_set, at);
