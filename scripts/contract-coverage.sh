#!/bin/sh
# Prints the operations of api/openapi.yaml that no Go HTTP test exercises
# through the contract checker (internal/contract), and exits non-zero when
# there are any. Runs the whole internal/httpapi package: a filtered run
# (-run) would list operations only because their tests were skipped.
set -eu
cd "$(dirname "$0")/.."
BIDPASS_CONTRACT_COVERAGE=1 go test -count=1 ./internal/httpapi/ "$@"
