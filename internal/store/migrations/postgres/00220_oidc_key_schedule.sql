-- +goose Up
-- A signing key is published when it is created and signs only from
-- signs_from on (docs/sso.md, "Key rotation"): relying parties that cached the
-- JWKS before the rotation have fetched it again by then. Every instance
-- picks the key that signs from these times, so they agree without talking.
-- Keys created before this column signed from their creation.
ALTER TABLE oidc_keys ADD COLUMN signs_from TIMESTAMPTZ;
UPDATE oidc_keys SET signs_from = created_at;
ALTER TABLE oidc_keys ALTER COLUMN signs_from SET NOT NULL;

-- +goose Down
ALTER TABLE oidc_keys DROP COLUMN signs_from;
