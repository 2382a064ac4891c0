-- +goose Up
-- Library admission (入库, docs/decisions/admission.md, "Library admission"). Organisations are the units an
-- application names: the platform itself (role 1, the supplier's fixed
-- target), purchasers' superior units (role 2) and agencies' recommending
-- units (role 3), each role a tree. name_key is the name as the check
-- compares it (full-width turned half-width, trimmed), unique per role.
CREATE TABLE organisations (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    apply_type       INTEGER NOT NULL,
    parent_id        INTEGER REFERENCES organisations (id),
    name             TEXT NOT NULL,
    name_key         TEXT NOT NULL,
    disabled         BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE UNIQUE INDEX organisations_name ON organisations (apply_type, name_key);

-- One row per application; a role's state is its newest row's (none: -1).
-- state 99 under review, 1 admitted, 2 not passed (with reason). type is
-- computed by the server: 1 first, 2 after a refusal.
CREATE TABLE admission_applications (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id       INTEGER NOT NULL REFERENCES accounts (id),
    apply_type       INTEGER NOT NULL,
    type             INTEGER NOT NULL,
    org_id           INTEGER NOT NULL REFERENCES organisations (id),
    org_name         TEXT NOT NULL,
    evidence         TEXT NOT NULL,
    review_id        INTEGER NOT NULL REFERENCES reviews (id),
    state            INTEGER NOT NULL,
    reason           TEXT NOT NULL DEFAULT '',
    created_at       TIMESTAMP NOT NULL,
    decided_at       TIMESTAMP
);
-- One open application per role: a second submit racing the first fails here.
CREATE UNIQUE INDEX admission_one_open ON admission_applications (account_id, apply_type) WHERE state = 99;
CREATE INDEX admission_applications_account ON admission_applications (account_id, id);
CREATE UNIQUE INDEX admission_applications_review ON admission_applications (review_id);

-- The unsent form of a role (putStorageDraft / putStorageShow).
CREATE TABLE admission_drafts (
    account_id       INTEGER NOT NULL REFERENCES accounts (id),
    apply_type       INTEGER NOT NULL,
    org_id           INTEGER NOT NULL DEFAULT 0,
    org_name         TEXT NOT NULL DEFAULT '',
    evidence         TEXT NOT NULL DEFAULT '',
    updated_at       TIMESTAMP NOT NULL,
    PRIMARY KEY (account_id, apply_type)
);

-- +goose Down
DROP TABLE admission_drafts;
DROP TABLE admission_applications;
DROP TABLE organisations;
