#!/usr/bin/env bash
# Checks that swift-openapi-generator 1.14.3 accepts the OpenAPI document `crudegen export` writes for
# every fixture: its `generate --mode types --mode client` must succeed on each. Too slow for CI (it
# builds the peer in release); run it by hand and record its output where the claim is made.
#
#   Benchmarks/openapi-peer-accepts.sh
set -euo pipefail
cd "$(dirname "$0")"

echo "== building crudegen and swift-openapi-generator 1.14.3 (release)" >&2
(cd .. && swift build -c release --product crudegen >&2)
swift build -c release --product swift-openapi-generator >&2

work=".work/openapi-peer-accepts"
rm -rf "$work" && mkdir -p "$work"
printf 'generate:\n  - types\n  - client\n' > "$work/openapi-generator-config.yaml"
failures=0
for spec in ../Fixtures/*/spec.yaml; do
  name="$(basename "$(dirname "$spec")")"
  mkdir -p "$work/$name"
  ../.build/release/crudegen export "$spec" -o "$work/$name/openapi.yaml" >/dev/null
  if .build/release/swift-openapi-generator generate "$work/$name/openapi.yaml" \
      --config "$work/openapi-generator-config.yaml" --output-directory "$work/$name/out" >"$work/$name/log.txt" 2>&1; then
    echo "$name: accepted ($(cat "$work/$name/out"/*.swift | wc -l | tr -d ' ') lines generated)"
  else
    echo "$name: REJECTED"; sed 's/^/    /' "$work/$name/log.txt" | tail -5
    failures=$((failures + 1))
  fi
done
exit "$failures"
