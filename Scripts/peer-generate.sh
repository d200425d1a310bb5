#!/usr/bin/env bash
# Whether swift-openapi-generator generates from what `crudegen export` writes: every fixture's spec
# exported (YAML and JSON), and COUNT random specs from SEED on (RandomRoundTripTests), each handed to
# the peer's `generate` (types and client). Prints each failure and a count; the peer is built from its
# pinned tag unless PEER names a built binary.
#   Scripts/peer-generate.sh [COUNT] [SEED]     (defaults: 100, 1; builds swift-openapi-generator 1.14.3 under .build/peer)
#   PEER=/path/to/swift-openapi-generator Scripts/peer-generate.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
if [[ -z "${PEER:-}" ]]; then
    if [[ ! -d .build/peer/swift-openapi-generator ]]; then
        git clone -q --branch 1.14.3 https://github.com/apple/swift-openapi-generator .build/peer/swift-openapi-generator
    fi
    (cd .build/peer/swift-openapi-generator && swift build -c release --product swift-openapi-generator >&2)
    PEER="$root/.build/peer/swift-openapi-generator/.build/release/swift-openapi-generator"
fi
swift build --build-tests >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/documents"
printf 'generate:\n  - types\n  - client\n' > "$work/openapi-generator-config.yaml"
for spec in Fixtures/*/spec.yaml; do
    fixture="$(basename "$(dirname "$spec")")"
    for format in yaml json; do
        .build/debug/crudegen export "$spec" -o "$work/documents/$fixture.$format" > /dev/null 2>&1
    done
done
CRUDEGEN_RANDOM_EXPORTS="$work/documents" CRUDEGEN_RANDOM_SPECS="${1:-100}" CRUDEGEN_RANDOM_SEED="${2:-1}" \
    swift test --skip-build --filter RandomRoundTripTests > /dev/null 2>&1 || echo "RandomRoundTripTests failed; its documents are checked all the same"
passed=0
failed=0
for document in "$work"/documents/*; do
    name="$(basename "$document")"
    if "$PEER" generate --config "$work/openapi-generator-config.yaml" --output-directory "$work/out-$name" "$document" > "$work/log" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAILED $name:"
        grep -i "error" "$work/log" | head -5
    fi
done
echo "swift-openapi-generator generated from $passed of $((passed + failed)) exported documents"
[[ $failed -eq 0 ]]
