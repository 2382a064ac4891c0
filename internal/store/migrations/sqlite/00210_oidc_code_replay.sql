-- +goose Up
-- A used authorization code presented again revokes the tokens of its
-- first redemption (RFC 6749 §4.1.2). The family remembers its code's
-- hash; the request row (while it lives) records the replay, so that a
-- family still being made for the code is revoked as soon as it exists.
ALTER TABLE oidc_families ADD COLUMN code_hash TEXT;
CREATE INDEX oidc_families_code ON oidc_families (code_hash);
ALTER TABLE oidc_auth_requests ADD COLUMN code_replayed_at TIMESTAMP;

-- +goose Down
ALTER TABLE oidc_auth_requests DROP COLUMN code_replayed_at;
DROP INDEX oidc_families_code;
ALTER TABLE oidc_families DROP COLUMN code_hash;
