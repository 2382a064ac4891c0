-- +goose Up
-- OpenID Connect provider (docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)"): authorisation requests and their
-- codes, sign-in sessions (token families) and tokens.
-- An authorisation request lives from /authorize until its code is redeemed
-- (or it expires). The code is stored hashed and is claimed by one UPDATE
-- that sets code_used_at, so two redemptions racing get one success.
CREATE TABLE oidc_auth_requests (
    id                    TEXT PRIMARY KEY,
    client_id             TEXT NOT NULL REFERENCES oidc_clients (id) ON DELETE CASCADE,
    request               TEXT NOT NULL,  -- the parsed request (JSON)
    account_id            BIGINT,
    auth_time             TIMESTAMPTZ,
    done                  BOOLEAN NOT NULL DEFAULT FALSE,
    code_hash             TEXT UNIQUE,
    code_expires_at       TIMESTAMPTZ,
    code_used_at          TIMESTAMPTZ,
    created_at            TIMESTAMPTZ NOT NULL,
    expires_at            TIMESTAMPTZ NOT NULL
);
CREATE INDEX oidc_auth_requests_expiry ON oidc_auth_requests (expires_at);

-- A family is one sign-in of an account at a client (its id is the ID
-- token's sid): every refresh token rotated from it, and its access
-- tokens, belong to it. Revoking the family ends them all (refresh-token
-- reuse, logout).
CREATE TABLE oidc_families (
    id          TEXT PRIMARY KEY,
    account_id  BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    client_id   TEXT NOT NULL REFERENCES oidc_clients (id) ON DELETE CASCADE,
    scopes      TEXT NOT NULL,
    amr         TEXT NOT NULL DEFAULT '[]',
    auth_time   TIMESTAMPTZ NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    revoked_at  TIMESTAMPTZ
);
CREATE INDEX oidc_families_account ON oidc_families (account_id, revoked_at);

-- Refresh tokens, hashed. A token is used once: rotation sets used_at; a
-- token presented again after that is reuse and revokes its family.
CREATE TABLE oidc_refresh_tokens (
    token_hash  TEXT PRIMARY KEY,
    family_id   TEXT NOT NULL REFERENCES oidc_families (id) ON DELETE CASCADE,
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    used_at     TIMESTAMPTZ
);
CREATE INDEX oidc_refresh_tokens_family ON oidc_refresh_tokens (family_id);

-- Access tokens are signed JWTs; the row lets userinfo and introspection
-- refuse one whose family was revoked or that was revoked itself.
CREATE TABLE oidc_access_tokens (
    id          TEXT PRIMARY KEY,
    family_id   TEXT NOT NULL REFERENCES oidc_families (id) ON DELETE CASCADE,
    expires_at  TIMESTAMPTZ NOT NULL,
    revoked_at  TIMESTAMPTZ
);
CREATE INDEX oidc_access_tokens_family ON oidc_access_tokens (family_id);
CREATE INDEX oidc_access_tokens_expiry ON oidc_access_tokens (expires_at);

-- +goose Down
DROP TABLE oidc_access_tokens;
DROP TABLE oidc_refresh_tokens;
DROP TABLE oidc_families;
DROP TABLE oidc_auth_requests;
