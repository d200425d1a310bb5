#!/usr/bin/env bash
# A longer campaign of the random-spec tests: COUNT random valid specs from SEED on, each generated and
# compiled with warnings as errors (odd seeds under default main-actor isolation), and each exported to
# OpenAPI and imported back, which must generate the same Swift. Prints how many compiled and how many
# came back the same; a failing seed prints its spec, which belongs in Fixtures/ once fixed.
#   Scripts/random-specs.sh [COUNT] [SEED]      (defaults: 500, 1)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-500}"
seed="${2:-1}"
swift build --build-tests >&2
CRUDEGEN_RANDOM_SPECS="$count" CRUDEGEN_RANDOM_SEED="$seed" swift test --skip-build --filter "RandomSpecTests|RandomRoundTripTests" 2>&1 \
    | grep -E "random specs:|round trip:|rejected seed|does not compile|spec text became code|differ after the round trip|does not import|✘|✔ Test run" || true
