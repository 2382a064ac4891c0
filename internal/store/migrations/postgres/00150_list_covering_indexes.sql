-- +goose Up
-- The lists that grow without bound choose a page's ids from an index alone
-- (docs/decisions/scale.md, "Flat first pages and numbered pages at a million accounts"): every column their conditions read is in the index, so a
-- numbered page's OFFSET and the capped count skip index entries and never
-- visit the rows they pass over (at 1 M accounts, page 1000 of the queue
-- read 10,000 rows from the heap for 10). The open-item indexes are small
-- (open items are one in twenty); the decided ones gain the subject only.
CREATE INDEX reviews_open_order_cover ON reviews (submitted_at, id) INCLUDE (state, claimed_at, kind, subject) WHERE state IN ('pending', 'claimed');
CREATE INDEX reviews_open_kind_cover ON reviews (kind, submitted_at, id) INCLUDE (state, claimed_at, subject) WHERE state IN ('pending', 'claimed');
CREATE INDEX reviews_open_kind_subject_cover ON reviews (kind, subject, submitted_at, id) INCLUDE (state, claimed_at) WHERE state IN ('pending', 'claimed');
CREATE INDEX reviews_decided_order_cover ON reviews (decided_at, id) INCLUDE (kind, subject) WHERE state = 'decided';
CREATE INDEX reviews_decided_kind_cover ON reviews (kind, decided_at, id) INCLUDE (subject) WHERE state = 'decided';
DROP INDEX reviews_open_order;
DROP INDEX reviews_open_kind;
DROP INDEX reviews_open_kind_subject;
DROP INDEX reviews_decided_order;
DROP INDEX reviews_decided_kind;
-- The action log of one member, newest first with the id as the tie-break
-- (00050's index had no id: the page read all the member's entries of a
-- time and sorted). Replaces it.
CREATE INDEX staff_actions_staff_time_id ON staff_actions (staff_id, created_at, id);
DROP INDEX staff_actions_staff;

-- +goose Down
CREATE INDEX staff_actions_staff ON staff_actions (staff_id, created_at);
DROP INDEX staff_actions_staff_time_id;
CREATE INDEX reviews_open_order ON reviews (submitted_at, id) WHERE state IN ('pending', 'claimed');
CREATE INDEX reviews_open_kind ON reviews (kind, submitted_at, id) WHERE state IN ('pending', 'claimed');
CREATE INDEX reviews_open_kind_subject ON reviews (kind, subject, submitted_at, id) WHERE state IN ('pending', 'claimed');
CREATE INDEX reviews_decided_order ON reviews (decided_at, id) WHERE state = 'decided';
CREATE INDEX reviews_decided_kind ON reviews (kind, decided_at, id) WHERE state = 'decided';
DROP INDEX reviews_open_order_cover;
DROP INDEX reviews_open_kind_cover;
DROP INDEX reviews_open_kind_subject_cover;
DROP INDEX reviews_decided_order_cover;
DROP INDEX reviews_decided_kind_cover;
