-- +goose Up
-- PostgreSQL's twin sets per-table autovacuum thresholds on reviews and
-- staff_actions (docs/decisions/scale.md, "Flat first pages and numbered pages at a million accounts": keep the lists' index-only reads index-only).
-- SQLite has no visibility map and no autovacuum of that kind: nothing to
-- do here. The file keeps the two dialects' migration versions in step.
SELECT 1;

-- +goose Down
SELECT 1;
