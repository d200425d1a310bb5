#!/usr/bin/env bash
# A coverage-guided libFuzzer campaign over the spec loader, validator and renderer.
#   Scripts/fuzz.sh [seconds]      (default 300)
# Crashing inputs are written to Fuzzing/crashes/; the corpus grows in Fuzzing/corpus/ (both git-ignored).
set -euo pipefail
cd "$(dirname "$0")/../Fuzzing"
seconds="${1:-300}"
swift build -c release --build-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
mkdir -p corpus crashes
cp ../Fixtures/*/spec.yaml corpus/ 2>/dev/null || true
for spec in ../Fixtures/*/spec.yaml; do cp "$spec" "corpus/$(basename "$(dirname "$spec")").yaml"; done
LSAN_OPTIONS="suppressions=$PWD/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
  .build-fuzz/release/CrudeGenFuzz corpus -artifact_prefix=crashes/ -max_total_time="$seconds" -max_len=65536 -timeout=5 -rss_limit_mb=4096 -print_final_stats=1
