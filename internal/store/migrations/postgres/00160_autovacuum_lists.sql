-- +goose Up
-- Autovacuum keeps the lists' index-only reads index-only (docs/decisions/scale.md, "Flat first pages and numbered pages at a million accounts"). The
-- queue's and the action log's pages choose their ids from an index alone
-- (00150), but PostgreSQL trusts an index entry without visiting the row
-- only where the visibility map says the heap page is all-visible, and
-- every insert or update clears that bit until the next VACUUM. Under the
-- defaults (a vacuum after 20 % of the table changed or was inserted)
-- `reviews` at 100 k items went thousands of writes without one, and the
-- open items, the newest rows, were the ones left not all-visible: the
-- numbered page 100 and the open queue's count fetched a heap page per
-- entry. Measured at 1 M accounts: one scale-bench run (about 1,100 writes
-- to reviews) left 794 of its 2,086 heap pages not all-visible and the
-- count fetched 2,107 heap pages for 5,000 entries; after a VACUUM, none
-- (48 buffers instead of 843). Writes land on many pages (an insert goes
-- wherever the free-space map has room), so a fixed, low threshold instead
-- of a share of the table: a vacuum once 200 rows changed or 200 were
-- inserted, whatever the table's size; autovacuum looks at a database once
-- a minute (autovacuum_naptime), so that is at most one small vacuum a
-- minute. It visits only the pages changed since the last (the visibility
-- map). Analyze after 2 %, so the statistics know the newest submissions.
-- PostgreSQL only: SQLite has no visibility map (its twin is empty).
ALTER TABLE reviews SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 200,
	autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 200,
	autovacuum_analyze_scale_factor = 0.02);
-- The action log only grows: the insert threshold is what keeps it all-visible.
ALTER TABLE staff_actions SET (autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 200,
	autovacuum_analyze_scale_factor = 0.02);

-- +goose Down
ALTER TABLE reviews RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold,
	autovacuum_vacuum_insert_scale_factor, autovacuum_vacuum_insert_threshold, autovacuum_analyze_scale_factor);
ALTER TABLE staff_actions RESET (autovacuum_vacuum_insert_scale_factor, autovacuum_vacuum_insert_threshold,
	autovacuum_analyze_scale_factor);
