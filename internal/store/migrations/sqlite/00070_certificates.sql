-- +goose Up
-- CA digital certificates bound to portal accounts and staff (docs/decisions/certificates.md, "CA digital certificates, server side").
-- Every column is read from the certificate itself. A binding is never
-- deleted: unbinding sets unbound_at, and the bind/unbind record keeps what
-- the holder sees in 02 §2's table.
CREATE TABLE certificate_bindings (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    realm        TEXT NOT NULL,                -- portal or staff (the session kind)
    subject_id   INTEGER NOT NULL,               -- account id or staff id
    serial       TEXT NOT NULL,                -- upper-case hex, no leading zeros
    issuer_key   TEXT NOT NULL,                -- hex SHA-256 of the issuer's encoded name
    issuer_dn    TEXT NOT NULL,
    subject_dn   TEXT NOT NULL,
    owner_name   TEXT NOT NULL,
    valid_start  TIMESTAMP NOT NULL,
    valid_end    TIMESTAMP NOT NULL,
    public_key   TEXT NOT NULL,                -- base64 SubjectPublicKeyInfo
    der          BLOB NOT NULL,
    bound_at     TIMESTAMP NOT NULL,
    unbound_at   TIMESTAMP
);
-- A certificate (issuer, serial) is bound to one principal at a time, and a
-- principal holds one certificate at a time: two racing binds cannot both
-- land.
CREATE UNIQUE INDEX certificate_bindings_one_holder ON certificate_bindings (issuer_key, serial) WHERE unbound_at IS NULL;
CREATE UNIQUE INDEX certificate_bindings_one_each ON certificate_bindings (realm, subject_id) WHERE unbound_at IS NULL;
-- Sign-in looks live bindings up by serial.
CREATE INDEX certificate_bindings_serial ON certificate_bindings (serial) WHERE unbound_at IS NULL;

CREATE TABLE certificate_log (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    realm        TEXT NOT NULL,
    subject_id   INTEGER NOT NULL,
    handle_type  INTEGER NOT NULL,               -- 1 bind, 2 unbind
    serial       TEXT NOT NULL,
    subject_dn   TEXT NOT NULL,
    valid_start  TIMESTAMP NOT NULL,
    valid_end    TIMESTAMP NOT NULL,
    handled_at   TIMESTAMP NOT NULL
);
CREATE INDEX certificate_log_subject ON certificate_log (realm, subject_id, id);

-- +goose Down
DROP TABLE certificate_log;
DROP TABLE certificate_bindings;
