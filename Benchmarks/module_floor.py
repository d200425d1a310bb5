#!/usr/bin/env python3
"""What the compiler's module-interface job costs for plain structs, whatever generates them.

After any edit, an incremental debug build runs `swift-frontend -emit-module` over every file of the edited
module, skipping function bodies (`-experimental-skip-non-inlinable-function-bodies-without-types`, as
SwiftPM's driver does). This writes K public structs of 6 stored properties, nothing else, in 100 files,
and times that job over them for each kind of declaration; its time is a floor under the edit loop of any
module declaring K such models, generated or written by hand.

  python3 Benchmarks/module_floor.py [--k 1000] [--runs 3]
"""
import argparse
import glob
import os
import resource
import shutil
import statistics
import subprocess
import time

import bench

WORK = os.path.join(bench.WORK, "module-floor")
VARIANTS = {
    "`public var` ×6": ("public struct R{i} {{\n{fields}}}\n", "    public var p{k}: Int\n"),
    "`public let` ×6": ("public struct R{i} {{\n{fields}}}\n", "    public let p{k}: Int\n"),
    "`var` ×6, internal": ("struct R{i} {{\n{fields}}}\n", "    var p{k}: Int\n"),
    "`package var` ×6": ("package struct R{i} {{\n{fields}}}\n", "    package var p{k}: Int\n"),
    "`public var` ×6, `Hashable`": ("public struct R{i}: Hashable {{\n{fields}}}\n", "    public var p{k}: Int\n"),
}


def write(folder, k, declaration, field):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    per_file = max(1, k // 100)
    for file in range(0, k, per_file):
        with open(os.path.join(folder, f"F{file // per_file:03d}.swift"), "w") as f:
            f.write("".join(declaration.format(i=i, fields="".join(field.format(k=p) for p in range(6))) for i in range(file, min(k, file + per_file))))


def emit_module_seconds(folder):
    """CPU seconds of one emit-module job over the folder's files, with the flags of an incremental debug build."""
    frontend = os.path.join(os.path.dirname(os.path.realpath(shutil.which("swift"))), "swift-frontend")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([frontend, "-frontend", "-emit-module", "-experimental-skip-non-inlinable-function-bodies-without-types",
                    *sorted(glob.glob(os.path.join(folder, "*.swift"))), "-module-name", "Floor", "-swift-version", "6", "-Onone",
                    "-enable-testing", "-g", "-parse-as-library", "-package-name", "Floor", "-o", folder + ".swiftmodule"], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--k", type=int, default=1000, help="structs in the module (default 1000)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each variant, alternating; the median counts (default 3)")
    args = parser.parse_args()
    folders = {}
    for index, (name, (declaration, field)) in enumerate(VARIANTS.items()):
        folders[name] = os.path.join(WORK, f"variant-{index}")
        write(folders[name], args.k, declaration, field)
    samples = {name: [] for name in VARIANTS}
    for _ in range(args.runs):
        for name, folder in folders.items():
            samples[name].append(emit_module_seconds(folder))
    print(f"| {args.k} structs of 6 stored `Int` properties, in 100 files | emit-module job, CPU (median of {args.runs}) | per struct |")
    print("|---|---:|---:|")
    for name, values in samples.items():
        median = statistics.median(values)
        print(f"| {name} | {median:.2f} s | {median / args.k * 1000:.2f} ms |")
    print(f"\n{bench.machine()}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")


if __name__ == "__main__":
    main()
