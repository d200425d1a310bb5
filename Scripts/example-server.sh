#!/usr/bin/env bash
# Examples/HouseholdServer, the example server: its server code written again from the example's spec by
# `crudegen --server`, then the package built, its tests run, and the server started and asked over HTTP.
#
#   Scripts/example-server.sh
#
# The example is a package of its own, so its first build compiles Hummingbird, NIO and the rest again (about
# 12 minutes on two cores). CI leaves it out; the main suite checks that the kept server code is current
# (ServerGenerationTests.theExampleServersCodeIsCurrent).
set -euo pipefail
cd "$(dirname "$0")/.."

spec=Examples/Household/Sources/HouseholdModels/Household.crude.yaml
# The traits of README's test command, so that this shares its build.
swift run --traits CrudeAsyncHTTPClient,CrudeServe,CrudePostgreSQL crudegen "$spec" \
    --server --models-module HouseholdModels -o Examples/HouseholdServer/Sources/HouseholdService

cd Examples/HouseholdServer
swift build --build-tests
swift test --skip-build

# The server itself: the API's routes and its own health check, over the example's seed.
exec 3< <(exec .build/debug/HouseholdServer --port 0 --seed ../Household/seed.json 2>&1)
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
url=""
while [ -z "$url" ] && read -r line <&3; do
    url="$(sed -n 's/^Serving .* at \(http[^ ]*\)$/\1/p' <<<"$line")"
done
[ -n "$url" ] || { echo "HouseholdServer did not start" >&2; exit 1; }
curl -fsS "${url%/api}/health" | grep -qx ok || { echo "no health check at ${url%/api}/health" >&2; exit 1; }
answer="$(curl -fsS "$url/people/1")"
grep -q '"first_name":"Ada"' <<<"$answer" || { echo "HouseholdServer answered: $answer" >&2; exit 1; }
refused="$(curl -sS -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
    -d '{"data":{"person":{"first_name":"Zed","last_name":"Later","birthday":"2999-01-01T00:00:00Z","completion":0,"tags":[]}}}' "$url/people")"
[ "$refused" = 422 ] || { echo "a birthday in the future was answered $refused, not 422" >&2; exit 1; }
echo "Examples/HouseholdServer: built, tested, and served $url"
