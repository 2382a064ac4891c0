-- +goose Up
-- The subject of a review item (person or enterprise), so the queues can be
-- split into person and enterprise real-name authentication without
-- joining accounts; the claim expiry is computed from claimed_at.
ALTER TABLE reviews ADD COLUMN subject TEXT NOT NULL DEFAULT '';
CREATE INDEX reviews_queue_subject ON reviews (kind, subject, state, submitted_at);
CREATE INDEX staff_actions_staff ON staff_actions (staff_id, created_at);

-- +goose Down
SELECT 1; -- forward-only
