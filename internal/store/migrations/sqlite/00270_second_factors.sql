-- +goose Up
-- The second factor (docs/decisions/second-factor.md): one TOTP secret per
-- portal account or staff member (subject_kind portal or staff), sealed
-- under the data key; confirmed_at is NULL while the enrolment waits for
-- its first code. last_step is the last accepted time step: a code is
-- accepted only for a later step, once (the library keeps no such guard).
CREATE TABLE second_factors (
    subject_kind  TEXT NOT NULL,
    subject_id    BIGINT NOT NULL,
    secret_sealed TEXT NOT NULL,
    last_step     BIGINT NOT NULL DEFAULT 0,
    created_at    TIMESTAMP NOT NULL,
    confirmed_at  TIMESTAMP NULL,
    PRIMARY KEY (subject_kind, subject_id)
);

-- The recovery codes: an HMAC of each under a server key (server_keys),
-- never the code; used_at set once, by the one use that wins.
CREATE TABLE recovery_codes (
    subject_kind TEXT NOT NULL,
    subject_id   BIGINT NOT NULL,
    code_mac     TEXT NOT NULL,
    created_at   TIMESTAMP NOT NULL,
    used_at      TIMESTAMP NULL,
    PRIMARY KEY (subject_kind, subject_id, code_mac)
);

-- Keys the server makes for itself, sealed under the data key (a rotation
-- reseals them, so they outlive it): the recovery codes' HMAC key.
CREATE TABLE server_keys (
    name         TEXT PRIMARY KEY,
    value_sealed TEXT NOT NULL
);

-- +goose Down
DROP TABLE server_keys;
DROP TABLE recovery_codes;
DROP TABLE second_factors;
