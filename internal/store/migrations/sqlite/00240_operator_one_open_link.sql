-- +goose Up
-- One open link per (enterprise, person), whatever the direction and
-- whatever the state (docs/decisions/races-and-denial.md, "One open link
-- per pair"). The index of 00080 held one pending link only; an
-- application accepted by a crossing invitation left no pending row, so a
-- request that had read the pair before that commit inserted a second
-- pending link, and its acceptance a second bound one. Now pending and
-- bound links share one partial unique index. A bound link whose period
-- has ended no longer ties the pair, but the dates cannot go into an index
-- predicate: the request that follows it marks it superseded in its own
-- transaction (the link stays bound, listed as expired, as history).
ALTER TABLE operator_links ADD COLUMN superseded BOOLEAN NOT NULL DEFAULT FALSE;
-- Pairs the race left with several open links keep the newest: older
-- bound links are superseded (no longer in force), older pending ones
-- cancelled.
UPDATE operator_links SET superseded = TRUE
 WHERE state = 'A1' AND EXISTS (SELECT 1 FROM operator_links n WHERE n.enterprise_id = operator_links.enterprise_id
   AND n.person_id = operator_links.person_id AND n.state IN ('A0', 'A1') AND n.id > operator_links.id);
UPDATE operator_links SET state = 'A3'
 WHERE state = 'A0' AND EXISTS (SELECT 1 FROM operator_links n WHERE n.enterprise_id = operator_links.enterprise_id
   AND n.person_id = operator_links.person_id AND n.state IN ('A0', 'A1') AND NOT n.superseded AND n.id > operator_links.id);
DROP INDEX operator_links_one_pending;
CREATE UNIQUE INDEX operator_links_one_open ON operator_links (enterprise_id, person_id)
 WHERE state IN ('A0', 'A1') AND NOT superseded;

-- +goose Down
DROP INDEX operator_links_one_open;
CREATE UNIQUE INDEX operator_links_one_pending ON operator_links (enterprise_id, person_id) WHERE state = 'A0';
ALTER TABLE operator_links DROP COLUMN superseded;
