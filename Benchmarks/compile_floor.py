#!/usr/bin/env python3
"""What building a generated API from scratch costs, part by part, down to its bare types.

Imports a document (default: the ChatGPT document of swift-openapi-generator's examples, as real_docs.py
does), generates it in the build plugin's layout and derives variants from that code, each a target of one
package depending on CrudeRuntime:

  generated     as generated
  used types    as generated from `crudegen import --used-types-only` (only the types operations use)
  no operations without the operations: the extensions that hold the resources' functions, and the API
                enum's action functions
  types         the structs and enums alone, with the conformances they declare (`Hashable`, `Sendable`,
                `OpenEnum`), and no extension (so no `Codable`)
  bare types    the same types declaring no conformance at all

Each target is built from scratch (debug, `swift build --target`, its runtime already built) --runs times,
the variants alternating; the table gives median wall and CPU time and peak RSS. The last row is the floor
under any generator that declares the document's types as Swift structs and enums: what no change to the
generated code's shape can go below.

  python3 Benchmarks/compile_floor.py [--document PATH] [--runs 3]
"""
import argparse
import datetime
import glob
import json
import os
import re
import shutil
import time

import bench
import real_docs
from bench import log, measure, median, run

WORK = os.path.join(bench.WORK, "compile-floor")
STEM = "API"
VARIANTS = ["generated", "used types", "no operations", "types", "bare types"]
TOP_LEVEL = re.compile(r"(?m)^(?=nonisolated |public |extension )")
FUNCTION = re.compile(r"(?ms)^    public static func .*?^    }\n")


def target(variant):
    return "Floor" + "".join(word.capitalize() for word in variant.split())


def without_operations(text):
    """Drops the extensions without a conformance (a resource's functions, `Operations`, `Patch`) and the API
    enum's functions that send requests."""
    kept = []
    for block in TOP_LEVEL.split(text):
        head = block.split("\n", 1)[0]
        if head.startswith("nonisolated extension") and ":" not in head:
            continue
        kept.append(FUNCTION.sub(lambda m: "" if "APIOperation<" in m.group(0) or "throws(APIError)" in m.group(0) else m.group(0), block))
    return "".join(kept)


def types_only(text):
    return "".join(block for block in TOP_LEVEL.split(text) if not block.startswith("nonisolated extension"))


def bare(text):
    return re.sub(r"(public (?:struct|enum) \w+):[^{]*\{", r"\1 {", types_only(text))


DERIVED = {"no operations": without_operations, "types": types_only, "bare types": bare}


def write_package(args, document):
    tools = real_docs.tool_paths(args)
    sources = os.path.join(WORK, "Sources")
    shutil.rmtree(sources, ignore_errors=True)
    for variant in VARIANTS:
        os.makedirs(os.path.join(sources, target(variant)))
    os.makedirs(os.path.join(sources, "FloorRuntime"))
    with open(os.path.join(sources, "FloorRuntime", "Runtime.swift"), "w") as f:
        f.write("import CrudeRuntime\nimport Foundation\n")
    for variant, flags in (("generated", []), ("used types", ["--used-types-only"])):
        spec = os.path.join(WORK, "specs", target(variant), f"{STEM}.crude.yaml")
        os.makedirs(os.path.dirname(spec), exist_ok=True)
        run([tools["crudegen"], "import", document, "-o", spec, "--force", "--api-name", STEM, *flags])
        run([tools["build_tool"], spec] + bench.plugin_outputs(os.path.join(sources, target(variant)), args.files_per_spec, STEM))
    for variant, transform in DERIVED.items():
        for path in glob.glob(os.path.join(sources, target("generated"), "*.swift")):
            with open(path) as f:
                text = transform(f.read())
            with open(os.path.join(sources, target(variant), os.path.basename(path)), "w") as f:
                f.write(text)
    names = ["FloorRuntime"] + [target(v) for v in VARIANTS]
    lines = [f'        .target(name: "{name}", dependencies: [{real_docs.RUNTIMES["crudegen"]["products"]}]),' for name in names]
    with open(os.path.join(WORK, "Package.swift"), "w") as f:
        f.write(real_docs.PACKAGE.format(tool="crudegen", dependencies="\n".join(real_docs.RUNTIMES["crudegen"]["dependencies"]),
                                         targets="\n".join(lines)))


def build(name):
    return ["swift", "build", "--scratch-path", os.path.join(WORK, ".build"), "--target", name]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--document", help="the OpenAPI document (default: the ChatGPT example's)")
    parser.add_argument("--runs", type=int, default=3, help="builds from scratch of each variant (default 3)")
    parser.add_argument("--files-per-spec", type=int, default=bench.FILES_PER_SPEC, help="files of the plugin's layout (default 96)")
    parser.add_argument("--bin", default=bench.BIN, help="folder of the release tools (default Benchmarks/.build/release)")
    parser.add_argument("--quiet-load", type=float, default=0.8)
    parser.add_argument("--max-wait", type=float, default=300)
    args = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)
    document = args.document or os.path.join(WORK, "openapi.yaml")
    if not args.document:
        real_docs.chatgpt_document(args, document)
    write_package(args, document)
    log("building the runtime (untimed)")
    run(build("FloorRuntime"), cwd=WORK)
    samples = {variant: [] for variant in VARIANTS}
    bench.wait_quiet(args, "the builds from scratch")
    for r in range(args.runs):
        for variant in VARIANTS if r % 2 == 0 else reversed(VARIANTS):
            bench.remove_build_products(os.path.join(WORK, ".build"), target(variant))
            sample = measure(build(target(variant)), cwd=WORK)
            samples[variant].append(sample)
            log(f"  {variant:14} run {r + 1}: {sample['wall']:.1f} s wall, {sample['cpu']:.1f} s CPU, {sample['rss_mb']:.0f} MB")
    table = [f"| {os.path.basename(document)}, built from scratch (debug; median of {args.runs}) | lines | wall | CPU | peak RSS |",
             "|---|---:|---:|---:|---:|"]
    for variant in VARIANTS:
        lines, _ = bench.swift_lines(os.path.join(WORK, "Sources", target(variant)))
        wall, cpu = median([s["wall"] for s in samples[variant]]), median([s["cpu"] for s in samples[variant]])
        rss = median([s["rss_mb"] for s in samples[variant]])
        table.append(f"| {variant} | {lines:,} | {wall:.1f} s | {cpu:.1f} s | {rss:.0f} MB |")
    print("\n" + "\n".join(table) + f"\n\n{bench.machine()}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d-%H%M%S")
    with open(os.path.join(real_docs.RESULTS, f"floor-{stamp}.json"), "w") as f:
        json.dump({"machine": bench.machine(), "document": os.path.basename(document), "runs": args.runs, "samples": samples, "table": table}, f, indent=1)


if __name__ == "__main__":
    main()
