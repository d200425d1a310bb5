#!/usr/bin/env bash
# Benchmarks crudegen against apple/swift-openapi-generator 1.14.3 and prints a Markdown table
# (README.md in this folder explains every number).
#
#   Benchmarks/run.sh                  generation (N = 10, 100, 1000), compile times (N = 0, 10, 100), runtime
#   Benchmarks/run.sh --tool-builds    also clean release and debug builds of the tools (slow: minutes each)
#   Benchmarks/run.sh --plugin         also consumer packages built through each build plugin: cold, nothing to do,
#                                      edit a field's type, rename a field, add a resource (N = 100, 1000; slow)
#   Benchmarks/run.sh --profile        also callgrind profiles: crudegen at N = 1000 (--profile-n N), decoding
#   Benchmarks/run.sh --quick          N = 10, one run, small runtime benchmarks, no compile or tool builds,
#                                      no waiting for a quiet machine: a smoke check for CI
#   Benchmarks/run.sh --check          only prove Sources/BenchModels and StoreBenchModels are what crudegen generates
#   Benchmarks/run.sh --store          only the local store: CrudeStore against hand-written GRDB records
#                                      (--count 10000 --rounds 7 go to store-bench)
#   Benchmarks/run.sh --parts realdocs only real documents (real_docs.py): the ChatGPT example and the schemas of
#                                      FastAPI and DRF apps of 300 resources, generated, compiled and edited by both
#                                      tools (--docs --n --runs --compile-runs --steps go to real_docs.py; with --quick:
#                                      FastAPI and DRF at N = 3, one run, a smoke check)
#   Benchmarks/run.sh --parts serve    only `crudegen serve` against the FastAPI + SQLModel app and the DRF server it
#                                      was imported from (serve_bench.py): requests per second and p50/p99 latency of
#                                      list, read and create at 1, 16 and 64 clients, memory with 100,000 rows
#                                      (--rows --memory-rows --clients --seconds go to serve_bench.py; with --quick:
#                                      20 rows, 1 and 4 clients, a smoke check)
#   Benchmarks/run.sh --parts split    only the build plugins' edit loop on the ChatGPT document: crudegen in one target,
#                                      split over a target per tag, and the peer (split_layout.py; --runs --layouts --document
#                                      --parts --models go to it)
#   Benchmarks/run.sh --parts floor    only the ChatGPT document built from scratch part by part, down to its bare types:
#                                      the floor under any generator's code for it (compile_floor.py; --runs --document)
#
# Other options go to bench.py: --n 10,100 --runs 5 --compile-n 0,10,100 --compile-runs 3 --tool-runs 1
# --files-per-spec 100 --layout-files 10,32,100,1000 --plugin-n 100,1000 --plugin-peer-max-n 100 --plugin-split 4
# --decode-mb 10 --decode-rounds 7 --rt-rounds 15 --rt-iterations 200 --mem-iterations 2000
# --quiet-load 0.8 --max-wait 300
# (`python3 bench.py --help`; `python3 real_docs.py --help` for --parts realdocs). Builds go to Benchmarks/.build
# (release tools and crude-bench) and Benchmarks/.work (throwaway packages, specs, outputs, results), both git-ignored.
set -euo pipefail
cd "$(dirname "$0")"

command="Benchmarks/run.sh${*:+ $*}"
parts="generation,compile,runtime"
extra=()
check_only=0
store_only=0
quick=0
realdocs=0
serve=0
# The parts that are one script of their own, run after the release tools are built.
script=""
while (($#)); do
  case "$1" in
    --quick) quick=1; parts="generation,runtime" ;;
    --tool-builds) parts="$parts,tools" ;;
    --plugin) parts="$parts,plugin" ;;
    --profile) parts="$parts,profile" ;;
    --profile-n) parts="$parts,profile"; extra+=(--profile "$2"); shift ;;
    --parts) parts="$2"; [[ "$2" == realdocs ]] && realdocs=1; [[ "$2" == serve ]] && serve=1; [[ "$2" == split ]] && script=split_layout.py; [[ "$2" == floor ]] && script=compile_floor.py; shift ;;
    --check) check_only=1 ;;
    --store) store_only=1 ;;
    -h|--help) sed -n '2,35p' "$(basename "$0")" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) extra+=("$1") ;;
  esac
  shift
done
if ((realdocs)); then
  parts="realdocs"
  ((quick)) && extra=(--quick "${extra[@]}")
elif ((serve)); then
  ((quick)) && extra=(--quick "${extra[@]}")
elif ((quick)); then
  # Options given after --quick still win: argparse keeps the last value.
  extra=(--n 10 --runs 1 --decode-mb 1 --decode-rounds 3 --rt-rounds 1 --rt-iterations 20 --mem-iterations 200 --max-wait 0 "${extra[@]}")
fi

step() { echo "== $*" >&2; }

if ((serve)); then
  # `crudegen serve` and the generated servers exist only with the CrudeServe trait: built in Servers/, a
  # package of its own that asks for the traits, so that the other benchmarks' crudegen is built without them.
  step "building crudegen with the CrudeServe and CrudePostgreSQL traits (release)"
  swift build -c release --package-path Servers --product crudegen >&2
  step "writing the generated servers of Fixtures/fastapi-imported and drf-imported again (crudegen --server)"
  for server in HeroesServer:fastapi-imported DRFItemsServer:drf-imported; do
    Servers/.build/release/crudegen "../Fixtures/${server#*:}/spec.yaml" --server -o "Servers/Sources/${server%%:*}" >&2
    Servers/.build/release/crudegen "../Fixtures/${server#*:}/spec.yaml" --server -o "Servers/Sources/${server%%:*}" --check >&2
  done
  step "building generated-serve and serve-load (release)"
  swift build -c release --package-path Servers --product generated-serve >&2
  swift build -c release --product serve-load >&2
  step "running serve_bench.py ${extra[*]}"
  exec python3 serve_bench.py --command "$command" --crudegen "$PWD/Servers/.build/release/crudegen" \
    --generated-serve "$PWD/Servers/.build/release/generated-serve" "${extra[@]}"
fi

step "building crudegen and the build plugin's tool (release)"
swift build -c release --product crudegen >&2
swift build -c release --product CrudeGenBuildTool >&2

if [[ -n "$script" ]]; then
  step "running $script ${extra[*]}"
  exec python3 "$script" "${extra[@]}"
fi

if ((check_only)); then
  step "checking Sources/BenchModels and Sources/StoreBenchModels against their specs"
  .build/release/crudegen Specs/Bench.crude.yaml -o Sources/BenchModels --check
  exec .build/release/crudegen Specs/StoreBench.crude.yaml -o Sources/StoreBenchModels --check
fi

step "regenerating Sources/BenchModels and Sources/StoreBenchModels from their specs"
.build/release/crudegen Specs/Bench.crude.yaml -o Sources/BenchModels >&2
.build/release/crudegen Specs/Bench.crude.yaml -o Sources/BenchModels --check >&2
.build/release/crudegen Specs/StoreBench.crude.yaml -o Sources/StoreBenchModels >&2
.build/release/crudegen Specs/StoreBench.crude.yaml -o Sources/StoreBenchModels --check >&2

if ((store_only)); then
  step "building store-bench (release)"
  swift build -c release --product store-bench >&2
  step "running store-bench ${extra[*]}"
  exec .build/release/store-bench "${extra[@]}"
fi

if [[ ",$parts," == *,generation,* || ",$parts," == *,compile,* || ",$parts," == *,realdocs,* ]]; then
  step "building swift-openapi-generator (release)"
  swift build -c release --product swift-openapi-generator >&2
fi
if [[ ",$parts," == *,runtime,* ]]; then
  step "building crude-bench (release)"
  swift build -c release --product crude-bench >&2
fi
if [[ ",$parts," == *,profile,* ]]; then
  step "building decode-profile (release)"
  swift build -c release --product decode-profile >&2
fi

if ((realdocs)); then
  step "running real_docs.py ${extra[*]}"
  exec python3 real_docs.py --command "$command" "${extra[@]}"
fi

step "running bench.py --parts $parts ${extra[*]}"
exec python3 bench.py --parts "$parts" --command "$command" "${extra[@]}"
