#!/usr/bin/env bash
# Runs every Go fuzz target of the module for a short time each (default 30s).
set -euo pipefail
cd "$(dirname "$0")/.."
t=${1:-30s}
status=0
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //'); do
    echo "== $pkg $target ($t)"
    go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "$t" || status=1
  done
done
exit $status
