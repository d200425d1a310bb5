#!/usr/bin/env bash
# Creates (or reuses) the virtual environment holding Scripts/python-requirements.txt and prints its
# python executable. Tests call it before running a Python tool, so `swift test` needs no setup step;
# the environment is rebuilt only when the requirements change. Safe to run concurrently.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
requirements="$root/Scripts/python-requirements.txt"
env="${CRUDEGEN_PYTHON_ENV:-$root/.build-python/venv}"
mkdir -p "$(dirname "$env")"
exec 9>"$(dirname "$env")/.lock"
flock 9
stamp="$env/.requirements"
if [ ! -x "$env/bin/python" ] || ! cmp -s "$requirements" "$stamp"; then
    rm -rf "$env"
    python3 -m venv "$env" >&2
    "$env/bin/pip" install --quiet --disable-pip-version-check -r "$requirements" >&2
    cp "$requirements" "$stamp"
fi
echo "$env/bin/python"
