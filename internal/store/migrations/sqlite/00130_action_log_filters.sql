-- +goose Up
-- The action log filtered by action, newest first (docs/decisions/scale.md, "Flat first pages and numbered pages at a million accounts"): without it a
-- rare action's page walks the whole log's time index looking for matches;
-- with it a page, first or by cursor, reads its own rows only. (By member,
-- staff_actions_staff of migration 00050 serves.)
CREATE INDEX staff_actions_action_time ON staff_actions (action, created_at, id);

-- +goose Down
DROP INDEX staff_actions_action_time;
