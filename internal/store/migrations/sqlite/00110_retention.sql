-- +goose Up
-- Retention (docs/decisions/personal-data.md, "Data protection", docs/spec/DECISIONS.md): a registration abandoned before any
-- real-name submission is deleted after a period without a sign-in, so the
-- time of the last portal sign-in is kept on the account (sessions are
-- deleted a day after they end and cannot tell it). NULL: never signed in
-- since this column exists; the account's creation time stands in.
ALTER TABLE accounts ADD COLUMN last_sign_in_at TIMESTAMP;

-- +goose Down
ALTER TABLE accounts DROP COLUMN last_sign_in_at;
