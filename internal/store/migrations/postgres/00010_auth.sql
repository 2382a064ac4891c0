-- +goose Up
-- Account recovery by e-mail looks accounts up by address, case-insensitively.
CREATE INDEX accounts_email ON accounts (lower(email));

-- +goose Down
SELECT 1; -- forward-only
