#!/usr/bin/env bash
# A longer campaign of the random-spec test: COUNT random valid specs from SEED on, each generated and
# compiled with warnings as errors (odd seeds under default main-actor isolation). Prints how many
# compiled; a failing seed prints its spec, which belongs in Fixtures/ once fixed.
#   Scripts/random-specs.sh [COUNT] [SEED]      (defaults: 500, 1)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-500}"
seed="${2:-1}"
swift build --build-tests >&2
CRUDEGEN_RANDOM_SPECS="$count" CRUDEGEN_RANDOM_SEED="$seed" swift test --skip-build --filter RandomSpecTests 2>&1 \
    | grep -E "random specs:|rejected seed|does not compile|spec text became code|✘|✔ Test run" || true
