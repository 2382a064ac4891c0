-- +goose Up
-- Operator links (经办人, docs/decisions/operators.md, "Operator links"): which persons may act for which
-- enterprise, and for which period. Rows are never deleted; refused,
-- cancelled and unbound links stay as history, and a bound link whose
-- period has ended is expired by the dates alone (no job rewrites it).
CREATE TABLE operator_links (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    enterprise_id    INTEGER NOT NULL REFERENCES accounts (id),
    person_id        INTEGER NOT NULL REFERENCES accounts (id),
    handle_type      INTEGER NOT NULL,              -- 0 application (person sent it), 1 invitation (enterprise sent it)
    state            TEXT NOT NULL,                 -- A0 pending, A1 bound, A2 refused, A3 cancelled, A4 unbound
    operate_start    TEXT NOT NULL DEFAULT '',      -- YYYY-MM-DD, China time, inclusive
    operate_end      TEXT NOT NULL DEFAULT '',      -- YYYY-MM-DD, inclusive
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
-- One pending request per pair, whatever the direction: a second request
-- racing the first fails here instead of opening a duplicate. (A bound
-- link is checked in the same transaction; it can only come from the one
-- pending link, so this index serialises it too.)
CREATE UNIQUE INDEX operator_links_one_pending ON operator_links (enterprise_id, person_id) WHERE state = 'A0';
CREATE INDEX operator_links_enterprise ON operator_links (enterprise_id, id);
CREATE INDEX operator_links_person ON operator_links (person_id, id);

-- +goose Down
DROP TABLE operator_links;
