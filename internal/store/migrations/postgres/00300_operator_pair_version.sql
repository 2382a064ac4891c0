-- +goose Up
-- A pair's version: every write of its counts and marks names the version
-- it read under the pair's lock and raises it, so a write made without
-- holding the lock, or from a stale read, changes nothing and fails
-- (docs/decisions/races-and-denial.md, "A pair's write names the version it read").
ALTER TABLE operator_pairs ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE operator_pairs DROP COLUMN version;
