-- +goose Up
-- How a portal session was signed in (docs/sso.md, "Authentication
-- context"): the RFC 8176 method values, space-separated (pwd, sms, hwk,
-- swk); staff sessions and sessions older than this column have none.
ALTER TABLE sessions ADD COLUMN amr TEXT NOT NULL DEFAULT '';
-- The methods of the portal session that completed an authorisation
-- request, carried into its family (the ID token's amr, refresh,
-- introspection).
ALTER TABLE oidc_auth_requests ADD COLUMN amr TEXT NOT NULL DEFAULT '[]';
-- The lowest authentication level a client accepts (an acr value of the
-- ladder; empty: any sign-in).
ALTER TABLE oidc_clients ADD COLUMN min_acr TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE oidc_clients DROP COLUMN min_acr;
ALTER TABLE oidc_auth_requests DROP COLUMN amr;
ALTER TABLE sessions DROP COLUMN amr;
