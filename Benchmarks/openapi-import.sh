#!/usr/bin/env bash
# Times `crudegen import` on the large real-world OpenAPI document of swift-openapi-generator 1.14.3's
# examples (Examples/streaming-chatgpt-proxy/Sources/ChatGPT/openapi.yaml, about 900 KB) against
# swift-openapi-generator 1.14.3 reading the same document, both release builds, run alternately, and
# prints the medians of wall and CPU time and their ratios.
#
#   Benchmarks/openapi-import.sh [runs]      (default 7 runs each)
#
# The peer runs `generate --mode types`: parsing with OpenAPIKit (through Yams' Codable decoder) plus
# translating the schemas into Swift types, the least it does for a document. crudegen's time is its
# whole import: parsing, mapping, writing the spec and validating it with crudegen's own loader.
set -euo pipefail
cd "$(dirname "$0")"
runs="${1:-7}"

echo "== building crudegen (release)" >&2
(cd .. && swift build -c release --product crudegen >&2)
echo "== building swift-openapi-generator 1.14.3 (release)" >&2
swift build -c release --product swift-openapi-generator >&2

work=".work/openapi-import"
rm -rf "$work" && mkdir -p "$work/peer-out"
# The peer's checkout (resolved by the build above) carries the document.
cp .build/checkouts/swift-openapi-generator/Examples/streaming-chatgpt-proxy/Sources/ChatGPT/openapi.yaml "$work/openapi.yaml"
printf 'generate:\n  - types\n' > "$work/openapi-generator-config.yaml"

python3 - "$runs" "$work" <<'PY'
import os, resource, statistics, subprocess, sys, time
runs, work = int(sys.argv[1]), sys.argv[2]
commands = {
    "crudegen import": ["../.build/release/crudegen", "import", f"{work}/openapi.yaml", "-o", f"{work}/chatgpt.crude.yaml", "--force"],
    "swift-openapi-generator generate --mode types": [".build/release/swift-openapi-generator", "generate", f"{work}/openapi.yaml",
        "--config", f"{work}/openapi-generator-config.yaml", "--output-directory", f"{work}/peer-out"],
}
# Wall time and CPU time (user + system of the child), since other builds share the machine.
times = {name: [] for name in commands}
cpu = {name: [] for name in commands}
for _ in range(runs):
    for name, command in commands.items():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times[name].append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu[name].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
size = os.path.getsize(f"{work}/openapi.yaml")
print(f"document: {size / 1024:.0f} KB, {runs} runs each, alternating; load average before: {os.getloadavg()[0]:.2f}\n")
print("| tool | wall median (min–max) | CPU median (min–max) |")
print("|---|---|---|")
for name in commands:
    w, c = times[name], cpu[name]
    print(f"| {name} | {statistics.median(w) * 1000:.0f} ms ({min(w) * 1000:.0f}–{max(w) * 1000:.0f}) | {statistics.median(c) * 1000:.0f} ms ({min(c) * 1000:.0f}–{max(c) * 1000:.0f}) |")
names = list(commands)
for label, values in (("wall", times), ("CPU", cpu)):
    ours, peer = statistics.median(values[names[0]]), statistics.median(values[names[1]])
    print(f"\n{label}: crudegen import takes {ours / peer:.2f}x the peer's time ({peer / ours:.1f}x faster)", end="")
print()
PY
