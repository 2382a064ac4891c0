-- +goose Up
-- Sign-in locks (docs/decisions/export-readiness-locks.md): a name locked
-- after five wrong passwords stays locked across a Redis restart, so the
-- lock lives here; the failure count stays in the ephemeral store.
CREATE TABLE signin_locks (
    lock_key TEXT PRIMARY KEY,
    until_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE signin_locks;
