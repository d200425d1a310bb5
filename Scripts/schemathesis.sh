#!/usr/bin/env bash
# Schemathesis against `crudegen serve`, one spec at a time: every fixture's spec (Fixtures/*/spec.yaml)
# and the example's (with its seed.json) is exported, served on a free port of 127.0.0.1, and tested by
# schemathesis with its own export, for server errors (5xx but the 501 of an action without an answer),
# status codes the export does not list, and responses that break their schema. Prints one line per spec and a total; exits 1 when any failed.
#
#   Scripts/schemathesis.sh [--examples N] [--max-time SECONDS] [--seed N] [SPEC_NAME ...]
#
# --examples bounds the test cases per operation and phase (default 25), --max-time each spec's run
# (default 20 s); the seed (default 1) makes runs repeatable. SPEC_NAME picks fixtures (`corners`, or
# `Household` for the example). CRUDEGEN=path uses that crudegen (built with the CrudeServe trait) instead
# of building one. Schemathesis is pinned below and installed once into .build-python/schemathesis from
# PyPI, apart from Scripts/python-requirements.txt so that the test suite does not install it. Each spec's
# export, server log, schemathesis output and JSON report are left in .build-schemathesis/<name>/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

examples=25
max_time=20
seed=1
names=()
while [ $# -gt 0 ]; do
    case "$1" in
        --examples) examples="$2"; shift 2 ;;
        --max-time) max_time="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *) names+=("$1"); shift ;;
    esac
done

pin="schemathesis==4.32.5"
venv="$root/.build-python/schemathesis"
mkdir -p "$root/.build-python"
(
    flock 9
    if [ ! -x "$venv/bin/st" ] || [ "$(cat "$venv/.pin" 2>/dev/null)" != "$pin" ]; then
        rm -rf "$venv"
        python3 -m venv "$venv" >&2
        "$venv/bin/pip" install --quiet --disable-pip-version-check "$pin" >&2
        echo "$pin" > "$venv/.pin"
    fi
) 9>"$root/.build-python/.schemathesis.lock"

if [ -z "${CRUDEGEN:-}" ]; then
    swift build --traits CrudeServe --product crudegen >&2
    CRUDEGEN="$(swift build --traits CrudeServe --show-bin-path)/crudegen"
fi

# name, spec and seed (or nothing) of every spec the campaign serves, fixtures first.
specs=()
for spec in Fixtures/*/spec.yaml; do
    specs+=("$(basename "$(dirname "$spec")")|$spec|")
done
specs+=("Household|Examples/Household/Sources/HouseholdModels/Household.crude.yaml|Examples/Household/seed.json")

work_root="$root/.build-schemathesis"
mkdir -p "$work_root"
total_specs=0
total_operations=0
total_cases=0
total_failures=0
failed_specs=0
server=""
drain=""
stop_server() {
    if [ -n "$server" ]; then
        kill -TERM "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
        server=""
    fi
    if [ -n "$drain" ]; then
        wait "$drain" 2>/dev/null || true
        drain=""
    fi
}
trap stop_server EXIT

for entry in "${specs[@]}"; do
    IFS='|' read -r name spec data <<< "$entry"
    if [ ${#names[@]} -gt 0 ] && [[ ! " ${names[*]} " == *" $name "* ]]; then continue; fi
    work="$work_root/$name"
    rm -rf "$work" && mkdir -p "$work"
    total_specs=$((total_specs + 1))
    if ! "$CRUDEGEN" export "$spec" -o "$work/openapi.yaml" --force > "$work/export.log" 2>&1; then
        echo "$name: export failed: $(tail -1 "$work/export.log")"
        failed_specs=$((failed_specs + 1))
        continue
    fi

    # The server's standard error through a pipe: its first line names the port it bound, the rest is
    # its request log, drained into serve.log so that the server never blocks on a full pipe.
    fifo="$work/serve.fifo"
    mkfifo "$fifo"
    arguments=(serve "$spec" --port 0 --host 127.0.0.1)
    if [ -n "$data" ]; then arguments+=(--data "$data"); fi
    "$CRUDEGEN" "${arguments[@]}" > /dev/null 2> "$fifo" &
    server=$!
    exec {log}< "$fifo"
    rm -f "$fifo"
    url=""
    while IFS= read -r -t 120 -u "$log" line; do
        printf '%s\n' "$line" >> "$work/serve.log"
        if [[ "$line" =~ ^Serving\ .*\ at\ (http://[^ ]+) ]]; then
            url="${BASH_REMATCH[1]}"
            break
        fi
    done
    cat <&"$log" >> "$work/serve.log" &
    drain=$!
    exec {log}<&-
    if [ -z "$url" ]; then
        echo "$name: the server did not start: $(tail -1 "$work/serve.log" 2>/dev/null)"
        failed_specs=$((failed_specs + 1))
        stop_server
        continue
    fi

    # 501 is how the server answers an action its seed gives no answer, as the export lists it: no crash.
    printf '[checks.not_a_server_error]\nexpected-statuses = ["2xx", "3xx", "4xx", "501"]\n' > "$work/schemathesis.toml"
    # Schemathesis appends each path to the base URL, whose path is the spec's base path.
    (
        cd "$work"
        "$venv/bin/st" --config-file schemathesis.toml run openapi.yaml --url "${url%/}" \
            --checks not_a_server_error,status_code_conformance,response_schema_conformance \
            --max-examples "$examples" --max-time "$max_time" --seed "$seed" --workers 1 \
            --generation-database none --no-color --output-truncate false \
            --report json --report-json-path report.json > schemathesis.log 2>&1
    ) || true
    stop_server

    summary="$("$venv/bin/python" - "$work/report.json" <<'PYTHON'
import collections, json, sys

try:
    with open(sys.argv[1]) as file:
        report = json.load(file)
except (OSError, ValueError) as error:
    print(f"0 0 0 no report ({error})")
    sys.exit()
operations = (report.get("operations") or {}).get("tested", 0)
cases = (report.get("test_cases") or {}).get("generated", 0)
# Distinct failures by check: schemathesis groups repeats of one failure.
failures = collections.Counter()
for group in report.get("failures") or []:
    failures[group.get("type") or group.get("title") or "?"] += group.get("count", 1)
# Errors are requests that got no answer (a server that crashed) and schemathesis's own failures.
for error in report.get("errors") or []:
    failures["errors"] += error.get("count", 1)
by_check = ", ".join(f"{check} {count}" for check, count in sorted(failures.items()))
print(operations, cases, sum(failures.values()), f"({by_check})" if by_check else "")
PYTHON
)"
    read -r operations cases failures detail <<< "$summary"
    total_operations=$((total_operations + operations))
    total_cases=$((total_cases + cases))
    total_failures=$((total_failures + failures))
    if [ "$failures" -gt 0 ]; then failed_specs=$((failed_specs + 1)); fi
    if [ "$operations" -eq 0 ] && [ "$failures" -eq 0 ]; then
        echo "$name: no operations"
    else
        echo "$name: $operations operations, $cases test cases, $failures failures $detail"
    fi
done

echo "total: $total_specs specs, $total_operations operations, $total_cases test cases, $total_failures failures, $failed_specs specs failing"
[ "$failed_specs" -eq 0 ]
