-- +goose Up
-- The account centre's list of signed-in devices (docs/decisions/sessions-and-devices.md,
-- "A session's public id"): each session has an id the holder may see and
-- name in a request; the token's hash, the lookup key, never leaves the
-- server. Sessions from before this column take the second half of their
-- hash (the lookup uses the whole hash; half of it tells nothing).
ALTER TABLE sessions ADD COLUMN public_id TEXT NOT NULL DEFAULT '';
UPDATE sessions SET public_id = substr(token_hash, 33) WHERE public_id = '';
CREATE INDEX sessions_public_id ON sessions (public_id);
-- The portal session that completed an authorisation request, carried
-- into its family: ending that session ends the family
-- (docs/decisions/sessions-and-devices.md, "Families hang on a portal session").
ALTER TABLE oidc_auth_requests ADD COLUMN session_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE oidc_families ADD COLUMN session_hash TEXT NOT NULL DEFAULT '';
CREATE INDEX oidc_families_session ON oidc_families (session_hash);

-- +goose Down
DROP INDEX oidc_families_session;
ALTER TABLE oidc_families DROP COLUMN session_hash;
ALTER TABLE oidc_auth_requests DROP COLUMN session_hash;
DROP INDEX sessions_public_id;
ALTER TABLE sessions DROP COLUMN public_id;
