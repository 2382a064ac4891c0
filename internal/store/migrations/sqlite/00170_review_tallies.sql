-- +goose Up
-- The review queues' counts come from a tally kept by triggers (docs/decisions/scale.md, "The review queues' counts from tallies kept by triggers";
-- the PostgreSQL twin says why). SQLite serialises writers, so the hot
-- rows cost nothing more here.
CREATE TABLE review_tallies (
	kind TEXT NOT NULL,
	subject TEXT NOT NULL,
	state TEXT NOT NULL,
	n INTEGER NOT NULL,
	PRIMARY KEY (kind, subject, state)
) WITHOUT ROWID;

-- +goose StatementBegin
CREATE TRIGGER reviews_tally_insert AFTER INSERT ON reviews BEGIN
	INSERT INTO review_tallies (kind, subject, state, n) VALUES (NEW.kind, NEW.subject, NEW.state, 1)
		ON CONFLICT (kind, subject, state) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER reviews_tally_delete AFTER DELETE ON reviews BEGIN
	UPDATE review_tallies SET n = n - 1 WHERE kind = OLD.kind AND subject = OLD.subject AND state = OLD.state;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER reviews_tally_update AFTER UPDATE OF kind, subject, state ON reviews
	WHEN OLD.kind IS NOT NEW.kind OR OLD.subject IS NOT NEW.subject OR OLD.state IS NOT NEW.state
BEGIN
	UPDATE review_tallies SET n = n - 1 WHERE kind = OLD.kind AND subject = OLD.subject AND state = OLD.state;
	INSERT INTO review_tallies (kind, subject, state, n) VALUES (NEW.kind, NEW.subject, NEW.state, 1)
		ON CONFLICT (kind, subject, state) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

INSERT INTO review_tallies (kind, subject, state, n)
	SELECT kind, subject, state, count(*) FROM reviews GROUP BY kind, subject, state;

-- The live claims, counted by range (the PostgreSQL twin's INCLUDE columns in the key).
CREATE INDEX reviews_live_claims ON reviews (claimed_at, kind, subject, submitted_at, id) WHERE state = 'claimed';

-- +goose Down
DROP INDEX reviews_live_claims;
DROP TRIGGER reviews_tally_update;
DROP TRIGGER reviews_tally_delete;
DROP TRIGGER reviews_tally_insert;
DROP TABLE review_tallies;
