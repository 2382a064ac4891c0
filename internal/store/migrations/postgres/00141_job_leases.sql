-- +goose Up
-- Leases of the background jobs (docs/decisions/deployment.md, "Several instances, metrics and deployment (lead)"): every instance runs the
-- maintenance loop, and the one that takes a job's lease does the work for
-- that period; if it dies, another takes the lease when it runs out.
CREATE TABLE job_leases (
    name     TEXT PRIMARY KEY,
    holder   TEXT NOT NULL,
    until_at TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE job_leases;
