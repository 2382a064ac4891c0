-- +goose Up
-- SMS notices waiting to be sent (docs/decisions/deployment.md, "Several instances, metrics and deployment (lead)"): review outcomes are queued
-- here when decided and sent at once; one the vendor refused or did not
-- answer in time is tried again later by any instance. next_at is both the
-- time of the next try and the lease of a try in flight: an instance
-- claims a notice by moving next_at forward under a guarded UPDATE, so two
-- instances never send one notice twice.
CREATE TABLE sms_notices (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    phone       TEXT NOT NULL,
    scene       TEXT NOT NULL,
    text        TEXT NOT NULL,
    params      TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_at     TIMESTAMP NOT NULL,
    sent_at     TIMESTAMP,
    failed_at   TIMESTAMP,
    last_error  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sms_notices_due ON sms_notices (next_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX sms_notices_created ON sms_notices (created_at);

-- +goose Down
DROP TABLE sms_notices;
