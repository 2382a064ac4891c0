-- +goose Up
-- The review queues' counts come from a tally instead of counting the list
-- (docs/decisions/scale.md, "The review queues' counts from tallies kept by triggers"): a count that walked up to 10,000 index entries cost 3 ms at
-- 1 M accounts against 1 ms for an almost empty queue, however rarely it
-- was taken. review_tallies holds how many items there are of each kind,
-- subject and state; triggers keep it in step with every write to reviews
-- in the writing transaction, so it is exact and never lags, whoever
-- writes (the portal, the console, the seed, a hand-made UPDATE).
-- Tally rows are hot (every submission of a kind updates one), but a
-- transaction writes one item and an item's state only moves forward
-- (pending, claimed, then decided or revoked), so the trigger always locks
-- the old state's row before the new one's and two writers cannot deadlock.
-- Which open items count as pending depends on the time (a claim goes
-- stale): the live claims, counted with reviews_live_claims, tell them
-- apart (store.reviewCount).
CREATE TABLE review_tallies (
	kind TEXT NOT NULL,
	subject TEXT NOT NULL,
	state TEXT NOT NULL,
	n BIGINT NOT NULL,
	PRIMARY KEY (kind, subject, state)
) WITH (fillfactor = 50);

-- +goose StatementBegin
CREATE FUNCTION review_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		UPDATE review_tallies SET n = n - 1 WHERE kind = OLD.kind AND subject = OLD.subject AND state = OLD.state;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		INSERT INTO review_tallies (kind, subject, state, n) VALUES (NEW.kind, NEW.subject, NEW.state, 1)
			ON CONFLICT (kind, subject, state) DO UPDATE SET n = review_tallies.n + 1;
	END IF;
	RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER reviews_tally_rows AFTER INSERT OR DELETE ON reviews
	FOR EACH ROW EXECUTE FUNCTION review_tally();
CREATE TRIGGER reviews_tally_moves AFTER UPDATE OF kind, subject, state ON reviews
	FOR EACH ROW WHEN ((OLD.kind, OLD.subject, OLD.state) IS DISTINCT FROM (NEW.kind, NEW.subject, NEW.state))
	EXECUTE FUNCTION review_tally();

INSERT INTO review_tallies (kind, subject, state, n)
	SELECT kind, subject, state, count(*) FROM reviews GROUP BY kind, subject, state;

-- The live claims (claimed_at within review.ClaimTTL), counted by range:
-- a stale claim stays in the index but outside the range. The claimed
-- list reads its page of ids from it alone (the order's columns included).
CREATE INDEX reviews_live_claims ON reviews (claimed_at) INCLUDE (kind, subject, submitted_at, id) WHERE state = 'claimed';

-- +goose Down
DROP INDEX reviews_live_claims;
DROP TRIGGER reviews_tally_moves ON reviews;
DROP TRIGGER reviews_tally_rows ON reviews;
DROP FUNCTION review_tally();
DROP TABLE review_tallies;
