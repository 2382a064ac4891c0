-- +goose Up
-- Profiles are written whole; a version makes each write land only over
-- the row its writer read, so two concurrent edits cannot silently undo
-- each other (the loser gets a 409 and nothing is lost).
ALTER TABLE person_profiles ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE enterprise_profiles ADD COLUMN version BIGINT NOT NULL DEFAULT 1;

-- +goose Down
ALTER TABLE person_profiles DROP COLUMN version;
ALTER TABLE enterprise_profiles DROP COLUMN version;
