#!/usr/bin/env bash
# Where the module-interface job of an incremental debug build spends its work on generated code: the
# `swift-frontend -emit-module` job SwiftPM's driver runs after any change (with
# -experimental-skip-non-inlinable-function-bodies-without-types), over the synthetic API of N resources
# (Benchmarks/synth.py) in the build plugin's layout of 100 files, counted in instructions by valgrind's
# callgrind, which gives the same count whatever else the machine is doing. Each variant removes one kind
# of declaration from the generated files; the table prints its count and its share of the whole.
#
#   Benchmarks/emit-module-profile.sh [N]      (default 100; each variant takes about 1 to 3 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-100}"
swift build --product crudegen >&2
swift build --target CrudeRuntime >&2
work="Benchmarks/.work/emit-module-profile"
rm -rf "$work" && mkdir -p "$work/generated"
python3 Benchmarks/synth.py "$n" "$work" >&2
outputs=()
for i in $(seq -w 0 99); do outputs+=(--output-file "$work/generated/Synth.$i.swift"); done
.build/debug/crudegen "$work/synth-$n.crude.yaml" "${outputs[@]}" >&2

python3 - "$work" "$n" <<'PY'
import glob, os, re, shutil, subprocess, sys
work, n = sys.argv[1], sys.argv[2]
# The frontend of the toolchain on PATH, whichever machine this runs on (it sits beside the `swift` driver).
SWIFT_FRONTEND = os.path.join(os.path.dirname(os.path.realpath(shutil.which("swift"))), "swift-frontend")

def declarations(text):
    """The file's top-level declarations, each from its first line at column 0."""
    return re.split(r"(?m)^(?=nonisolated |// MARK)", text)

def without_patch(text):
    text = re.sub(r"\n    /// A partial update.*?\n    }\n(?=}\n)", "\n", text, flags=re.S)
    return re.sub(r"(?m)^    /// Sends only the fields.*?\n    }\n\n    /// The operation `update\(id:_:on:\)`.*?\n    }\n", "", text, flags=re.S)

def patch_without_initial_values(text):
    def rewrite(match):
        block = match.group(0)
        names = re.findall(r"public var (\w+): FieldUpdate<[^\n]*> = \.keep", block)
        block = re.sub(r"(public var \w+: FieldUpdate<[^\n]*>) = \.keep", r"\1", block)
        return block.replace("public init() {}", "public init() {\n" + "".join(f"            {n} = .keep\n" for n in names) + "        }")
    return re.sub(r"public struct Patch: Encodable, Sendable \{.*?public init\(\) \{\}", rewrite, text, flags=re.S)

variants = {
    "generated code": lambda text: text,
    "without the operations extension (functions and Patch)": lambda text: "".join(
        d for d in declarations(text) if not (d.startswith("nonisolated extension") and "func create(" in d)),
    "without Patch and the partial update": without_patch,
    "Patch without initial values (init() assigns .keep)": patch_without_initial_values,
    "without the Codable extension": lambda text: "".join(d for d in declarations(text) if ": Codable {" not in d.split("\n")[0]),
    "without Hashable": lambda text: text.replace(": Hashable, Sendable, Identifiable {", ": Sendable, Identifiable {"),
    "imports only (the floor)": None,
}

def instructions(folder):
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", SWIFT_FRONTEND, "-frontend", "-emit-module",
               *sorted(glob.glob(f"{folder}/*.swift")), "-module-name", "Models", "-swift-version", "6", "-I", ".build/debug/Modules",
               "-experimental-skip-non-inlinable-function-bodies-without-types", "-emit-module-path", f"{folder}.swiftmodule", "-Onone",
               "-parse-as-library"]
    output = subprocess.run(command, capture_output=True, text=True).stderr
    found = re.search(r"Collected : (\d+)", output)
    if not found:
        sys.exit(f"callgrind gave no count for {folder}:\n{output[-2000:]}")
    return int(found.group(1))

results = []
for index, (name, change) in enumerate(variants.items()):
    folder = f"{work}/variant{index}"
    os.makedirs(folder)
    if change is None:
        with open(f"{folder}/Empty.swift", "w") as file:
            file.write("import CrudeRuntime\nimport Foundation\n")
    else:
        for path in glob.glob(f"{work}/generated/*.swift"):
            with open(path) as file:
                text = change(file.read())
            with open(f"{folder}/{os.path.basename(path)}", "w") as file:
                file.write(text)
    results.append((name, instructions(folder)))
    print(f"measured: {name}", file=sys.stderr)

whole = results[0][1]
print(f"| emit-module job, N = {n} in 100 files | instructions | of the generated code's |")
print("|---|---|---|")
for name, count in results:
    print(f"| {name} | {count / 1e9:.2f} G | {count / whole:.0%} |")
PY
