-- +goose Up
-- One row per (enterprise, person) that ever met (docs/decisions/
-- races-and-denial.md, "Invitations are limited, and a person can block an
-- enterprise"): the invitations counted on the current Beijing day, when the
-- person last refused an invitation (the cooling period starts there) and
-- whether the person blocks the enterprise. Every request and answer of the
-- pair locks this row first, so a block and an invitation sent together are
-- ordered. Refused attempts write nothing; the row is the count, not a log.
CREATE TABLE operator_pairs (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    enterprise_id  INTEGER NOT NULL REFERENCES accounts (id),
    person_id      INTEGER NOT NULL REFERENCES accounts (id),
    invite_day     TEXT NOT NULL DEFAULT '',      -- YYYY-MM-DD, China time, of invites_on_day
    invites_on_day INTEGER NOT NULL DEFAULT 0,
    refused_at     TIMESTAMP,                     -- the person's last refusal of an invitation
    blocked_at     TIMESTAMP,                     -- set while the person blocks the enterprise
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX operator_pairs_pair ON operator_pairs (enterprise_id, person_id);
CREATE INDEX operator_pairs_blocked ON operator_pairs (person_id, blocked_at) WHERE blocked_at IS NOT NULL;

-- +goose Down
DROP TABLE operator_pairs;
