#!/usr/bin/env bash
# Refreshes the settings table of docs/configuration.md from `bidpass config-doc`.
set -euo pipefail
cd "$(dirname "$0")/.."
table=$(go run ./cmd/bidpass config-doc)
awk -v table="$table" '
  /<!-- settings:begin/ { print; print table; skip=1; next }
  /<!-- settings:end/   { skip=0 }
  !skip { print }' docs/configuration.md > docs/configuration.md.new
mv docs/configuration.md.new docs/configuration.md
