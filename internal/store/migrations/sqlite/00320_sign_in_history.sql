-- +goose Up
-- The holder's sign-in history (docs/decisions/sessions-and-devices.md,
-- "Sign-in history"): every sign-in and every refused attempt on a known
-- account or staff member, kept 90 days (the retention sweep). The address
-- is stored masked, as it is shown: the full one is not needed afterwards.
CREATE TABLE sign_in_events (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    subject_kind TEXT NOT NULL,
    subject_id   INTEGER NOT NULL,
    at           TIMESTAMP NOT NULL,
    methods      TEXT NOT NULL DEFAULT '',   -- RFC 8176 values, space-separated
    result       TEXT NOT NULL,              -- ok, or why it was refused
    user_agent   TEXT NOT NULL DEFAULT '',
    address      TEXT NOT NULL DEFAULT '',   -- masked (203.0.113.*)
    new_device   INTEGER NOT NULL DEFAULT 0  -- a sign-in from a device not seen in 90 days
);
CREATE INDEX sign_in_events_subject ON sign_in_events (subject_kind, subject_id, at);
CREATE INDEX sign_in_events_at ON sign_in_events (at);
-- The devices (the random id of the bidpass_device cookie, hashed) each
-- subject signed in from, for the new-device notice: notice_id is the
-- sign-in that claimed the last notice, so of parallel sign-ins only one
-- sends it.
CREATE TABLE sign_in_devices (
    subject_kind TEXT NOT NULL,
    subject_id   INTEGER NOT NULL,
    device       TEXT NOT NULL,
    last_seen    TIMESTAMP NOT NULL,
    noticed_at   TIMESTAMP,
    notice_id    TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (subject_kind, subject_id, device)
);
CREATE INDEX sign_in_devices_seen ON sign_in_devices (last_seen);
-- Notices go by SMS or e-mail (a new-device notice goes to a verified
-- address too); the phone column holds the address of either.
ALTER TABLE sms_notices ADD COLUMN channel TEXT NOT NULL DEFAULT 'sms';

-- +goose Down
ALTER TABLE sms_notices DROP COLUMN channel;
DROP TABLE sign_in_devices;
DROP TABLE sign_in_events;
