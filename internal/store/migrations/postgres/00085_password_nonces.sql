-- +goose Up
-- Nonces of transported passwords already accepted (docs/decisions/limits.md, "Limits and abuse paths" #8). Kept in
-- the database, not only in the ephemeral store, so a restart of the
-- server or of Redis cannot make a captured ciphertext usable again within
-- its five minutes. A row outlives its ciphertext's acceptance window and
-- is then removed by the maintenance job.
CREATE TABLE password_nonces (
    key_id           TEXT NOT NULL,
    nonce            TEXT NOT NULL,
    expires_at       TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (key_id, nonce)
);
CREATE INDEX password_nonces_expiry ON password_nonces (expires_at);

-- +goose Down
DROP TABLE password_nonces;
