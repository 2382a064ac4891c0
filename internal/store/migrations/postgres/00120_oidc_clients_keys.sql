-- +goose Up
-- OpenID Connect provider (docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)"): the registered relying parties and the
-- provider's signing keys.
-- A client's secret is stored only as a hash (shown once at registration);
-- public clients have none and must use PKCE S256. Lists (redirect URIs,
-- scopes) are JSON arrays of text: they are read whole with the client and
-- never queried by element.
CREATE TABLE oidc_clients (
    id                     TEXT PRIMARY KEY,
    name                   TEXT NOT NULL,
    secret_hash            TEXT NOT NULL DEFAULT '',
    public                 BOOLEAN NOT NULL DEFAULT FALSE,
    first_party            BOOLEAN NOT NULL DEFAULT FALSE,
    require_realname       BOOLEAN NOT NULL DEFAULT FALSE,
    redirect_uris          TEXT NOT NULL,
    post_logout_uris       TEXT NOT NULL DEFAULT '[]',
    scopes                 TEXT NOT NULL,
    backchannel_logout_uri TEXT NOT NULL DEFAULT '',
    disabled               BOOLEAN NOT NULL DEFAULT FALSE,
    created_at             TIMESTAMPTZ NOT NULL,
    updated_at             TIMESTAMPTZ NOT NULL
);

-- Signing keys, sealed at rest. A key signs while it is the newest
-- unretired one; after retirement it stays in the JWKS until verify_until so
-- tokens it signed can still be checked, then it is deleted.
CREATE TABLE oidc_keys (
    id             TEXT PRIMARY KEY,
    algorithm      TEXT NOT NULL,
    private_sealed TEXT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL,
    retired_at     TIMESTAMPTZ,
    verify_until   TIMESTAMPTZ
);

-- +goose Down
DROP TABLE oidc_keys;
DROP TABLE oidc_clients;
