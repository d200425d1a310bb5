#!/usr/bin/env python3
"""Published API documents through crudegen, end to end: import, generate, compile.

    python3 Benchmarks/corpus.py [--corpus DIR] [--bin CRUDEGEN] [--modules DIR] [--typecheck-only] [NAME ...]

For every document of the corpus (default ../shared/openapi-corpus, the documents its MANIFEST.md lists, read
only; DigitalOcean's folder from its entry file), or only the NAMEs given:
  import     `crudegen import DOC -o SPEC`, timed (wall), and MB/s of the document's bytes (every file of a
             multi-file document); the summary line's counts (operations read, resources, actions, left out)
             and the warnings printed
  generate   `crudegen SPEC -o OUT`; the lines of Swift written
  compile    every generated file as one module, against CrudeRuntime, with `swiftc -c -wmo -Onone -swift-version 6
             -warnings-as-errors` (`-typecheck` with --typecheck-only, which skips SIL's diagnostics)
Prints one Markdown row per document and a last line `corpus: I/N imported, G generated, C compiled`; exits 1
unless every document compiles. A failing step prints its first error lines under the table.

Build first: `swift build -c release --product crudegen && swift build -c release --target CrudeRuntime`
(the defaults --bin .build/release/crudegen and --modules .build/release/Modules are those builds' outputs).
Work files go to --work (default Benchmarks/.work/corpus, git-ignored), emptied first.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work", "corpus")
ENTRIES = {"digitalocean": "DigitalOcean-public.v2.yaml"}
SUMMARY = re.compile(
    r"(\d+) operations? read: (\d+) resources? \((\d+) operations?\), (\d+) actions?, (\d+) left out"
)


def documents(corpus, names):
    found = []
    for name in sorted(os.listdir(corpus)):
        path = os.path.join(corpus, name)
        if os.path.isdir(path) and name in ENTRIES:
            size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs)
            found.append((name, os.path.join(path, ENTRIES[name]), size))
        elif name.endswith((".json", ".yaml", ".yml")):
            found.append((name, path, os.path.getsize(path)))
    return [d for d in found if not names or d[0] in names]


def first_errors(text, count=4):
    lines = [l for l in text.splitlines() if "error" in l]
    return "\n".join(l[:300] for l in (lines or text.splitlines())[:count])


def swift_lines(folder):
    total = 0
    for d, _, files in os.walk(folder):
        for f in files:
            if f.endswith(".swift"):
                with open(os.path.join(d, f), "rb") as handle:
                    total += handle.read().count(b"\n")
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*")
    parser.add_argument("--corpus", default=os.path.join(REPO, "..", "shared", "openapi-corpus"))
    parser.add_argument("--bin", default=os.path.join(REPO, ".build", "release", "crudegen"))
    parser.add_argument("--modules", default=os.path.join(REPO, ".build", "release", "Modules"))
    parser.add_argument("--typecheck-only", action="store_true")
    parser.add_argument("--work", default=WORK, help="where the specs and Swift go (emptied first)")
    args = parser.parse_args()
    if not os.path.isdir(args.corpus):
        sys.exit(f"no corpus at {args.corpus}; give --corpus")
    if not os.path.exists(os.path.join(args.modules, "CrudeRuntime.swiftmodule")):
        sys.exit(f"no CrudeRuntime.swiftmodule in {args.modules}; build the runtime first (see --help)")
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    rows, failures = [], []
    imported = generated = compiled = 0
    docs = documents(args.corpus, set(args.names))
    for name, entry, size in docs:
        work = os.path.join(args.work, re.sub(r"\W", "_", name))
        os.makedirs(work)
        spec, out = os.path.join(work, "api.crude.yaml"), os.path.join(work, "Sources")
        row = {"name": name, "mb": size / 1e6}
        start = time.monotonic()
        run = subprocess.run([args.bin, "import", entry, "-o", spec], capture_output=True, text=True)
        row["import"] = time.monotonic() - start
        row["warnings"] = sum(1 for l in run.stderr.splitlines() if ": warning: " in l)
        match = SUMMARY.search(run.stdout + run.stderr)
        if match:
            row.update(zip(["operations", "resources", "resourceOps", "actions", "leftOut"], map(int, match.groups())))
        if run.returncode != 0:
            failures.append((name, "import", first_errors(run.stderr)))
            rows.append(row)
            continue
        imported += 1
        run = subprocess.run([args.bin, spec, "-o", out], capture_output=True, text=True)
        if run.returncode != 0:
            failures.append((name, "generate", first_errors(run.stderr)))
            rows.append(row)
            continue
        generated += 1
        row["lines"] = swift_lines(out)
        files = sorted(os.path.join(out, f) for f in os.listdir(out) if f.endswith(".swift"))
        mode = ["-typecheck"] if args.typecheck_only else ["-c", "-wmo", "-Onone", "-o", os.path.join(work, "api.o")]
        command = ["swiftc", *mode, "-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-I", args.modules,
                   "-module-name", "CorpusAPI", *files]
        start = time.monotonic()
        run = subprocess.run(command, capture_output=True, text=True)
        row["compile"] = time.monotonic() - start
        if run.returncode != 0:
            failures.append((name, "compile", first_errors(run.stdout + run.stderr)))
            print(f"{name}: compile failed\n{failures[-1][2]}", file=sys.stderr, flush=True)
        else:
            compiled += 1
            row["compiled"] = True
        rows.append(row)
        print(f"{name}: {row.get('compile', 0):.1f} s", file=sys.stderr, flush=True)

    compile_label = "typecheck s" if args.typecheck_only else "compile s"
    print(f"| document | MB | import s | MB/s | operations | resources | actions | left out | warnings | Swift lines | {compile_label} |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        def cell(key, fmt="{}"):
            return fmt.format(r[key]) if key in r else "—"
        speed = f"{r['mb'] / r['import']:.2f}" if r.get("import") else "—"
        compile_cell = cell("compile", "{:.1f}") + ("" if r.get("compiled") or "compile" not in r else " ✗")
        print(f"| {r['name']} | {r['mb']:.2f} | {cell('import', '{:.2f}')} | {speed} | {cell('operations')} | {cell('resources')} "
              f"| {cell('actions')} | {cell('leftOut')} | {cell('warnings')} | {cell('lines')} | {compile_cell} |")
    for name, step, text in failures:
        print(f"\n{name}: {step} failed\n{text}")
    print(f"\ncorpus: {imported}/{len(docs)} imported, {generated} generated, {compiled} compiled")
    sys.exit(0 if compiled == len(docs) else 1)


if __name__ == "__main__":
    main()
