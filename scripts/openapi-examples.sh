#!/bin/sh
# Writes into api/openapi.yaml, as each operation's success example, the
# first body a real handler answered in the Go HTTP tests (checked against
# the yaml as it was answered), then regenerates web/src/shared/api/schema.ts.
# Runs the whole internal/httpapi package; set BIDPASS_TEST_POSTGRES and
# BIDPASS_TEST_REDIS as for the tests if you like, the bodies are the same.
set -eu
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT
BIDPASS_CONTRACT_EXAMPLES="$out" go test -count=1 ./internal/httpapi/ >/dev/null
go run ./scripts/openapi-examples -examples "$out" -yaml api/openapi.yaml "$@"
(cd web && npm run --silent gen:api)
