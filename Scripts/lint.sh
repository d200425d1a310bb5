#!/usr/bin/env bash
# Checks every tracked Swift file against the project's .swift-format, as CI does. `swift format -i FILE`
# (or `git ls-files -z '*.swift' | xargs -0 swift format -i`) fixes what it reports.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.swift' | xargs -0 swift format lint --strict --parallel
