-- +goose Up
-- Indexes that keep the staff side flat at a million accounts (docs/decisions/scale.md, "Flat first pages and numbered pages at a million accounts").
-- Open review items are few next to decided ones: the queues read them in
-- waiting order from partial indexes that hold only open items, and the
-- decided lists newest first from partial indexes on the decision time.
CREATE INDEX reviews_open_order ON reviews (submitted_at, id) WHERE state IN ('pending', 'claimed');
CREATE INDEX reviews_open_kind ON reviews (kind, submitted_at, id) WHERE state IN ('pending', 'claimed');
CREATE INDEX reviews_open_kind_subject ON reviews (kind, subject, submitted_at, id) WHERE state IN ('pending', 'claimed');
CREATE INDEX reviews_decided_order ON reviews (decided_at, id) WHERE state = 'decided';
CREATE INDEX reviews_decided_kind ON reviews (kind, decided_at, id) WHERE state = 'decided';
-- A decision settles the modification records of its item.
CREATE INDEX modification_records_review ON modification_records (review_id) WHERE review_id IS NOT NULL;
-- The session clean-up deletes by end time.
CREATE INDEX sessions_expires ON sessions (expires_at);
CREATE INDEX sessions_revoked ON sessions (revoked_at) WHERE revoked_at IS NOT NULL;
-- The action log is read newest first, by id as the tie-break.
CREATE INDEX staff_actions_time_id ON staff_actions (created_at, id);

-- +goose Down
DROP INDEX reviews_open_order;
DROP INDEX reviews_open_kind;
DROP INDEX reviews_open_kind_subject;
DROP INDEX reviews_decided_order;
DROP INDEX reviews_decided_kind;
DROP INDEX modification_records_review;
DROP INDEX sessions_expires;
DROP INDEX sessions_revoked;
DROP INDEX staff_actions_time_id;
