-- +goose Up
-- An e-mail address is verified when a code sent to it came back
-- (docs/decisions/sign-in.md, "E-mail binding"). Only a verified address
-- finds an account in recovery and is email_verified in the ID token, and
-- a verified address belongs to one account: the partial unique index
-- decides between two accounts binding it at once. Addresses stored before
-- came only from `bidpass account create --email` (the operator vouches):
-- the oldest account of each address keeps it verified.
ALTER TABLE accounts ADD COLUMN email_verified_at TIMESTAMPTZ NULL;
UPDATE accounts SET email = lower(email) WHERE email <> '';
UPDATE accounts SET email_verified_at = updated_at
 WHERE email <> '' AND NOT EXISTS (SELECT 1 FROM accounts o WHERE o.email = accounts.email AND o.id < accounts.id);
CREATE UNIQUE INDEX accounts_verified_email ON accounts (email) WHERE email_verified_at IS NOT NULL;

-- +goose Down
DROP INDEX accounts_verified_email;
ALTER TABLE accounts DROP COLUMN email_verified_at;
