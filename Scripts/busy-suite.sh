#!/usr/bin/env bash
# Runs the whole test suite while every core is oversubscribed, several times in a row, and stops at the
# first failing run: the suite must pass on a busy machine, not only on a quiet one (docs/reliability.md).
#
#   Scripts/busy-suite.sh [--runs 3] [--busy-per-core 4] [other options go to swift test]
#
# The tests are built first on a quiet machine (building under load proves nothing about the tests);
# then, for each run, BUSY_PER_CORE × cores processes spin at full CPU beside `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3
busy_per_core=4
test_options=()
while (($#)); do
  case "$1" in
    --runs) runs="$2"; shift ;;
    --busy-per-core) busy_per_core="$2"; shift ;;
    *) test_options+=("$1") ;;
  esac
  shift
done

cores="$(getconf _NPROCESSORS_ONLN)"
busy=$((cores * busy_per_core))
swift build --build-tests "${test_options[@]}"

spinners=()
stop_spinners() {
  ((${#spinners[@]})) && kill "${spinners[@]}" 2>/dev/null || true
  spinners=()
}
trap stop_spinners EXIT

for run in $(seq 1 "$runs"); do
  for _ in $(seq 1 "$busy"); do
    sh -c 'while :; do :; done' &
    spinners+=($!)
  done
  started=$(date +%s)
  echo "== run $run of $runs: swift test beside $busy busy processes on $cores cores"
  if ! swift test --skip-build "${test_options[@]}" >"/tmp/crudegen-busy-suite-$run.log" 2>&1; then
    stop_spinners
    grep -E "✘|error:" "/tmp/crudegen-busy-suite-$run.log" | head -40
    echo "== run $run FAILED after $(($(date +%s) - started)) s (log: /tmp/crudegen-busy-suite-$run.log)"
    exit 1
  fi
  stop_spinners
  echo "== run $run passed in $(($(date +%s) - started)) s: $(grep -E '^✔ Test run with' "/tmp/crudegen-busy-suite-$run.log" | tail -1)"
done
echo "== $runs runs in a row passed with $busy busy processes on $cores cores"
