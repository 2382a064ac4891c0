-- +goose Up
-- At most one open real-name review per account. review.Submit checks this
-- first for a clear message; the index closes the race between two
-- simultaneous submissions, which the check alone cannot.
CREATE UNIQUE INDEX reviews_one_open_realname ON reviews (account_id)
    WHERE kind = 'realname' AND state IN ('pending', 'claimed');

-- +goose Down
DROP INDEX reviews_one_open_realname;
