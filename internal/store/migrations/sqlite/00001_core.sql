-- +goose Up
-- Portal accounts: persons (type 1) and enterprises (type 2).
CREATE TABLE accounts (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    account_name     TEXT NOT NULL,
    account_key      TEXT NOT NULL UNIQUE,          -- lower(account_name): names are unique case-insensitively
    renamed          INTEGER NOT NULL DEFAULT 0,    -- the login name may be changed once
    type             INTEGER NOT NULL,              -- 1 person, 2 enterprise
    phone            TEXT NOT NULL DEFAULT '',
    email            TEXT NOT NULL DEFAULT '',
    password_hash    TEXT NOT NULL,
    register_process INTEGER NOT NULL DEFAULT 0,    -- 1 while registration is unfinished
    register_step    INTEGER NOT NULL DEFAULT 0,    -- the wizard step to resume at
    auth_state       INTEGER NOT NULL DEFAULT 0,    -- 0 none, 99 verifying, 1 authenticated, 2 not passed
    disabled         INTEGER NOT NULL DEFAULT 0,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
CREATE INDEX accounts_phone ON accounts (phone);

-- The identity of a person account (and what real-name review decides).
CREATE TABLE person_profiles (
    account_id       INTEGER PRIMARY KEY REFERENCES accounts (id),
    real_name        TEXT NOT NULL DEFAULT '',
    cert_type        TEXT NOT NULL DEFAULT '',
    cert_num         TEXT NOT NULL DEFAULT '',
    cert_start       TEXT NOT NULL DEFAULT '',      -- YYYY-MM-DD
    cert_end         TEXT NOT NULL DEFAULT '',      -- YYYY-MM-DD, 9999-12-31 long-term
    cert_long_term   INTEGER NOT NULL DEFAULT 0,
    province         TEXT NOT NULL DEFAULT '',
    city             TEXT NOT NULL DEFAULT '',
    area             TEXT NOT NULL DEFAULT '',
    detail_addr      TEXT NOT NULL DEFAULT '',
    manual_check     INTEGER NOT NULL DEFAULT 0,    -- chose manual verification at registration
    cert_front_id    TEXT NOT NULL DEFAULT '',
    cert_back_id     TEXT NOT NULL DEFAULT '',
    cert_take_id     TEXT NOT NULL DEFAULT '',
    cert_address     TEXT NOT NULL DEFAULT '',      -- the address printed on the certificate
    updated_at       TIMESTAMP NOT NULL
);

-- The identity of an enterprise account: the enterprise, its legal person and contact.
CREATE TABLE enterprise_profiles (
    account_id       INTEGER PRIMARY KEY REFERENCES accounts (id),
    ent_type         TEXT NOT NULL DEFAULT '',      -- A1, A2, A3
    name             TEXT NOT NULL DEFAULT '',
    cert_type        TEXT NOT NULL DEFAULT '',
    cert_num         TEXT NOT NULL DEFAULT '',
    province         TEXT NOT NULL DEFAULT '',
    city             TEXT NOT NULL DEFAULT '',
    area             TEXT NOT NULL DEFAULT '',
    detail_addr      TEXT NOT NULL DEFAULT '',
    industry         TEXT NOT NULL DEFAULT '',      -- comma-joined path, e.g. E,E48,E481,E4812
    capital          TEXT NOT NULL DEFAULT '',      -- decimal text, exact
    capital_unit     TEXT NOT NULL DEFAULT '',
    capital_currency TEXT NOT NULL DEFAULT '',
    license_file_id  TEXT NOT NULL DEFAULT '',
    legal_name       TEXT NOT NULL DEFAULT '',
    legal_cert_type  TEXT NOT NULL DEFAULT '',
    legal_cert_num   TEXT NOT NULL DEFAULT '',
    legal_front_id   TEXT NOT NULL DEFAULT '',
    legal_back_id    TEXT NOT NULL DEFAULT '',
    contact_name     TEXT NOT NULL DEFAULT '',
    contact_phone    TEXT NOT NULL DEFAULT '',
    updated_at       TIMESTAMP NOT NULL
);

-- Uploaded files; attached_at is set when a submission references them.
CREATE TABLE files (
    id               TEXT PRIMARY KEY,
    owner_id         INTEGER NOT NULL,
    kind             TEXT NOT NULL,                 -- photo, evidence, attachment
    content_type     TEXT NOT NULL,
    ext              TEXT NOT NULL,
    size             INTEGER NOT NULL,
    original_name    TEXT NOT NULL,
    created_at       TIMESTAMP NOT NULL,
    attached_at      TIMESTAMP
);
CREATE INDEX files_unattached ON files (created_at) WHERE attached_at IS NULL;

-- Bearer sessions; only the SHA-256 of the token is stored.
CREATE TABLE sessions (
    token_hash       TEXT PRIMARY KEY,
    subject_kind     TEXT NOT NULL,                 -- portal or staff: a token never crosses over
    subject_id       INTEGER NOT NULL,
    created_at       TIMESTAMP NOT NULL,
    last_seen_at     TIMESTAMP NOT NULL,
    expires_at       TIMESTAMP NOT NULL,            -- absolute expiry
    revoked_at       TIMESTAMP,
    client_addr      TEXT NOT NULL DEFAULT '',
    user_agent       TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_subject ON sessions (subject_kind, subject_id);

-- RSA keys for password transport, rotatable; the newest active one is offered.
CREATE TABLE transport_keys (
    id               TEXT PRIMARY KEY,
    private_pem      TEXT NOT NULL,
    created_at       TIMESTAMP NOT NULL,
    retired_at       TIMESTAMP
);

-- Review items: real-name authentication, information changes, library admission.
CREATE TABLE reviews (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    kind             TEXT NOT NULL,                 -- realname, change, admission
    account_id       INTEGER NOT NULL REFERENCES accounts (id),
    payload          TEXT NOT NULL,                 -- JSON of what was submitted
    state            TEXT NOT NULL,                 -- pending, claimed, decided, revoked
    claimed_by       INTEGER,
    claimed_at       TIMESTAMP,
    decision         TEXT NOT NULL DEFAULT '',      -- PASS, NOT_PASS
    remark           TEXT NOT NULL DEFAULT '',
    decided_by       INTEGER,
    decided_at       TIMESTAMP,
    submitted_at     TIMESTAMP NOT NULL
);
CREATE INDEX reviews_queue ON reviews (kind, state, submitted_at);
CREATE INDEX reviews_account ON reviews (account_id);

-- Modification records shown to the account holder (02 §3).
CREATE TABLE modification_records (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id       INTEGER NOT NULL REFERENCES accounts (id),
    info_item        TEXT NOT NULL,
    before_value     TEXT NOT NULL,
    after_value      TEXT NOT NULL,
    operation_time   TIMESTAMP NOT NULL,
    is_valid         INTEGER NOT NULL,              -- 1 effective, 0 not effective, 2 waiting
    auth_method      TEXT NOT NULL DEFAULT '',
    auth_state       INTEGER NOT NULL,
    auth_time        TIMESTAMP,
    review_id        INTEGER REFERENCES reviews (id)
);
CREATE INDEX modification_records_account ON modification_records (account_id, operation_time);

-- Reviewers' decisions on review items (the audit dialog of 02 §2).
CREATE TABLE review_decisions (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    review_id        INTEGER NOT NULL REFERENCES reviews (id),
    staff_id         INTEGER NOT NULL,
    staff_name       TEXT NOT NULL,
    action           TEXT NOT NULL,                 -- PASS, NOT_PASS
    remark           TEXT NOT NULL,
    files            TEXT NOT NULL DEFAULT '[]',    -- JSON [{id,name}]
    decided_at       TIMESTAMP NOT NULL
);
CREATE INDEX review_decisions_review ON review_decisions (review_id);

-- Operation records of an account (02 §3): types 1, 2, 3 with S1/S2/T1.
CREATE TABLE operation_records (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id       INTEGER NOT NULL REFERENCES accounts (id),
    actor_name       TEXT NOT NULL,
    operation_type   TEXT NOT NULL,
    auth_type        TEXT NOT NULL DEFAULT '',
    remarks          TEXT NOT NULL DEFAULT '[]',    -- JSON [{fieldName, beforeValue, afterValue}]
    no_pass_reason   TEXT NOT NULL DEFAULT '',
    appendix         TEXT NOT NULL DEFAULT '[]',    -- JSON [{id,name}]
    created_at       TIMESTAMP NOT NULL
);
CREATE INDEX operation_records_account ON operation_records (account_id, created_at);

-- Staff (reviewers, administrators), separate from portal accounts.
CREATE TABLE staff (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    account_name     TEXT NOT NULL,
    account_key      TEXT NOT NULL UNIQUE,
    display_name     TEXT NOT NULL DEFAULT '',
    role             TEXT NOT NULL,                 -- reviewer, administrator
    password_hash    TEXT NOT NULL,
    disabled         INTEGER NOT NULL DEFAULT 0,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);

-- Every staff action, including each view of personal data.
CREATE TABLE staff_actions (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    staff_id         INTEGER NOT NULL,
    action           TEXT NOT NULL,
    target           TEXT NOT NULL,
    detail           TEXT NOT NULL DEFAULT '',
    client_addr      TEXT NOT NULL DEFAULT '',
    created_at       TIMESTAMP NOT NULL
);
CREATE INDEX staff_actions_time ON staff_actions (created_at);

-- +goose Down
SELECT 1; -- forward-only
