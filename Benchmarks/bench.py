#!/usr/bin/env python3
"""Benchmark driver: crudegen against apple/swift-openapi-generator. Run it through run.sh, which builds the
release tools first; `run.sh --help` lists the options.

Every timed command is a new process whose wall time, CPU time (user + system) and peak resident memory
come from wait4(2) (the memory is the largest process of the tree, children included). Before each
timed phase the driver waits until the 1-minute load average is below --quiet-load (at most --max-wait
seconds) and records the load in the table. The two generators alternate run by run (A B, B A, ...), so
drift on a shared machine hits both; tables show medians and the median of the per-run ratios.

Progress goes to standard error; the Markdown table goes to standard output and, with the raw numbers as
JSON, to .work/results/.
"""

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import synth

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work")
BIN = os.path.join(HERE, ".build", "release")
CRUDEGEN = os.path.join(BIN, "crudegen")
# What crudegen's build plugin runs: the spec spread over a fixed set of files, as
# `crudegen SPEC --output-file FILE.00.swift --output-file FILE.01.swift …`.
BUILD_TOOL = os.path.join(BIN, "CrudeGenBuildTool")
# The build plugin's default `files_per_spec`, read from the plugin so that it has one source; --files-per-spec.
with open(os.path.join(REPO, "Plugins", "Shared", "CrudeGenPluginSupport.swift")) as _plugin:
    FILES_PER_SPEC = int(re.search(r"static let defaultFilesPerSpec = (\d+)", _plugin.read()).group(1))
OPENAPI = os.path.join(BIN, "swift-openapi-generator")
PEER = "swift-openapi-generator"

# What the issue asks for.
TARGETS = {
    "generation_ratio_1000": 30.0,
    "generation_seconds_1000": 0.5,
    "generation_mb_1000": 100.0,
    "compile_ratio": 10.0,
    "edit_seconds_100": 3.0,
    "edit_ratio_100": 20.0,
    "edit_seconds_1000": 10.0,
    "cold_ratio_100": 5.0,
    "lines_ratio": 5.0,
    "tool_build_ratio": 5.0,
    "decode_ratio": 0.95,
    "round_trip_ratio": 0.95,
    "async_http_client_ratio": 3.0,
}


def log(message):
    print(message, file=sys.stderr, flush=True)


def loadavg():
    return float(open("/proc/loadavg").read().split()[0])


def wait_quiet(args, phase):
    """Waits until the 1-minute load average is below the threshold, or the cap is reached."""
    start = time.time()
    load = loadavg()
    announced = False
    while load >= args.quiet_load and time.time() - start < args.max_wait:
        if not announced:
            log(f"  waiting for load < {args.quiet_load} before {phase} (now {load:.2f}, at most {args.max_wait} s)")
            announced = True
        time.sleep(5)
        load = loadavg()
    waited = time.time() - start
    if announced:
        log(f"  load {load:.2f} after {waited:.0f} s")
    return {"load": load, "waited_seconds": round(waited, 1)}


def measure(command, cwd=None, quiet=True, capture=False, check=True):
    """Runs `command` to completion; returns wall seconds, CPU seconds and peak RSS in MB of its process tree
    (with `capture`, also its standard output as "output"). A failure ends the driver, unless `check` is false:
    then the result also holds "returncode" and, when it is not 0, the command's standard error as "errors"."""
    with tempfile.TemporaryFile() as errors, tempfile.TemporaryFile() as output:
        start = time.perf_counter()
        stdout = output if capture else subprocess.DEVNULL if quiet else None
        process = subprocess.Popen(command, cwd=cwd, stdout=stdout, stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0 and check:
            errors.seek(0)
            output.seek(0)
            sys.exit(f"failed ({process.returncode}): {' '.join(command)}\n{output.read().decode(errors='replace')[-4000:]}"
                     f"{errors.read().decode(errors='replace')[-4000:]}")
        result = {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss_mb": usage.ru_maxrss / 1024}
        if not check:
            result["returncode"] = process.returncode
            if process.returncode != 0:
                errors.seek(0)
                result["errors"] = errors.read().decode(errors="replace")
        if capture:
            output.seek(0)
            result["output"] = output.read().decode(errors="replace")
    return result


def run(command, cwd=None):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stdout[-2000:]}\n{result.stderr[-4000:]}")
    return result.stdout


def median(values):
    return statistics.median(values) if values else float("nan")


def swift_lines(directory):
    lines = files = 0
    for root, _, names in os.walk(directory):
        for name in names:
            if name.endswith(".swift"):
                files += 1
                with open(os.path.join(root, name), "rb") as f:
                    lines += f.read().count(b"\n")
    return lines, files


# MARK: generation


def specs(n):
    return synth.write(n, os.path.join(WORK, "specs"))


def plugin_outputs(directory, count, stem="Synthetic"):
    """The files the build plugin spreads a spec called STEM.crude.yaml over: STEM.crude.00.swift …"""
    width = len(str(count - 1))
    return [os.path.join(directory, f"{stem}.crude.{i:0{width}d}.swift") for i in range(count)]


# Another build of the build plugin's tool (`--baseline`), generating beside this one: a change's cost.
BASELINE_TOOL = None


def generate_command(tool, n, out, files=None):
    crude_spec, openapi_doc = specs(n)
    if tool in ("crudegen", "baseline"):
        # As the build plugin runs it: its tool, the spec spread over the plugin's fixed set of files.
        return [BUILD_TOOL if tool == "crudegen" else BASELINE_TOOL, crude_spec] + plugin_outputs(out, files or FILES_PER_SPEC)
    # Public declarations, as crudegen's default, so that both outputs have the same access level.
    return [OPENAPI, "generate", "--mode", "types", "--mode", "client", "--access-modifier", "public",
            "--output-directory", out, openapi_doc]


def output_dir(tool, n):
    return os.path.join(WORK, "gen", f"{ {'crudegen': 'crude', 'baseline': 'baseline'}.get(tool, 'openapi') }-{n}")


def generate_once(tool, n):
    out = output_dir(tool, n)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    return measure(generate_command(tool, n, out))


def bench_generation(args, results):
    rows = []
    tools = ["crudegen", PEER] + (["baseline"] if BASELINE_TOOL else [])
    for tool in tools:  # untimed: the binaries into the page cache
        generate_once(tool, 10)
    for n in args.n:
        specs(n)
        quiet = wait_quiet(args, f"generation N={n}")
        log(f"generation N={n}: {args.runs} runs of each, interleaved")
        samples = {tool: [] for tool in tools}
        for r in range(args.runs):
            for tool in (tools if r % 2 == 0 else tools[::-1]):
                sample = generate_once(tool, n)
                samples[tool].append(sample)
                log(f"  {tool:24} run {r + 1}: {sample['wall']:.3f} s wall, {sample['cpu']:.3f} s CPU, {sample['rss_mb']:.0f} MB")
        ratios = [o["wall"] / c["wall"] for c, o in zip(samples["crudegen"], samples[PEER])]
        row = {"n": n, "runs": args.runs, "ratio": median(ratios), "ratios": ratios, **quiet}
        if BASELINE_TOOL:
            # Each run's pair ran back to back: baseline ÷ this build, per run, then the median.
            row["baseline_ratio"] = {key: median([b[key] / c[key] for c, b in zip(samples["crudegen"], samples["baseline"])]) for key in ("wall", "cpu")}
        for tool in tools:
            lines, files = swift_lines(output_dir(tool, n))
            row[tool] = {
                "wall": median([s["wall"] for s in samples[tool]]),
                "cpu": median([s["cpu"] for s in samples[tool]]),
                "rss_mb": median([s["rss_mb"] for s in samples[tool]]),
                "samples": samples[tool],
                "lines": lines,
                "files": files,
                "lines_per_resource": lines / n,
            }
        rows.append(row)
    results["generation"] = rows


# MARK: compile time of the generated code

COMPILE_PACKAGE = """// swift-tools-version: 6.1
// Written by Benchmarks/bench.py: each generator's output as targets of its own, to time recompiling them.
import PackageDescription

let package = Package(
    name: "CompileBench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "crudegen", path: {repo}),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
{targets}
    ]
)
"""


def compile_target(tool, n, files=None):
    if tool != "crudegen":
        return f"OpenAPI{n}"
    return f"Crude{n}" if n == 0 else f"Crude{n}x{files}"


def edited_spec(n):
    """The crudegen spec of N resources with the middle resource's `count` changed from Int to String (in a
    folder of its own: the file name appears in every generated file's header)."""
    os.makedirs(os.path.join(WORK, "specs", "edit"), exist_ok=True)
    path = os.path.join(WORK, "specs", "edit", f"synth-{n}.crude.yaml")
    with open(path, "w") as f:
        f.write(synth.crude_spec(n, ("edit",)))
    return path


def remove_build_products(scratch, target):
    """Deletes a target's object files, module and incremental state, so that its next build starts from scratch
    (keeping the files SwiftPM writes when it plans: the output file map and the list of sources)."""
    debug = os.path.join(scratch, "debug")
    folder = os.path.join(debug, f"{target}.build")
    for name in os.listdir(folder) if os.path.isdir(folder) else []:
        if name not in ("output-file-map.json", "sources", "include"):
            os.remove(os.path.join(folder, name))
    modules = os.path.join(debug, "Modules")
    for name in os.listdir(modules) if os.path.isdir(modules) else []:
        if name.split(".")[0] == target:
            os.remove(os.path.join(modules, name))


def compiled_files(output, module):
    """The source files a `swift build` output says it compiled for `module`."""
    marker = f"Compiling {module} "
    return sorted({line.split(marker, 1)[1].strip() for line in output.splitlines() if marker in line})


def bench_compile(args, results):
    """Compiles each generator's output from scratch as a target of a throwaway package (crudegen's in the build
    plugin's layout, for each count of files in --layout-files), and times a one-field edit of crudegen's."""
    package = os.path.join(WORK, "compile")
    scratch = os.path.join(package, ".build")
    tools = ["crudegen", PEER]
    layouts = sorted(set(args.layout_files) | {FILES_PER_SPEC})
    targets = []
    shutil.rmtree(os.path.join(package, "Sources"), ignore_errors=True)
    # The N = 0 targets always exist: the first build compiles the dependencies through them.
    for n in sorted(set(args.compile_n) | {0}):
        for tool in tools:
            if tool == PEER and n > args.compile_peer_max_n:
                continue
            for files in (layouts if tool == "crudegen" and n > 0 else [None]):
                name = compile_target(tool, n, files)
                sources = os.path.join(package, "Sources", name)
                os.makedirs(sources)
                if n == 0:
                    # The floor: a module with one file that only imports what the generated code imports.
                    imports = ["CrudeRuntime", "Foundation"] if tool == "crudegen" else ["OpenAPIRuntime", "HTTPTypes", "Foundation"]
                    with open(os.path.join(sources, "Empty.swift"), "w") as f:
                        f.write("".join(f"import {module}\n" for module in imports))
                elif tool == "crudegen":
                    run(generate_command(tool, n, sources, files))
                else:
                    shutil.rmtree(sources)
                    if not os.path.isdir(output_dir(tool, n)) or not swift_lines(output_dir(tool, n))[1]:
                        generate_once(tool, n)
                    shutil.copytree(output_dir(tool, n), sources)
                if tool == "crudegen":
                    deps = '.product(name: "CrudeRuntime", package: "crudegen")'
                else:
                    deps = ('.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"), '
                            '.product(name: "HTTPTypes", package: "swift-http-types")')
                targets.append(f'        .target(name: "{name}", dependencies: [{deps}]),')
    with open(os.path.join(package, "Package.swift"), "w") as f:
        f.write(COMPILE_PACKAGE.replace("{repo}", json.dumps(REPO)).replace("{targets}", "\n".join(targets)))
    wait_quiet(args, "the first build of the compile package")
    log("compile: first build (the dependencies, through the N = 0 targets, untimed)")
    first = measure(["swift", "build", "--scratch-path", scratch, "--target", compile_target("crudegen", 0)], cwd=package)
    first = measure(["swift", "build", "--scratch-path", scratch, "--target", compile_target(PEER, 0)], cwd=package)
    log(f"  {first['wall']:.0f} s")
    rows = []
    layout_rows = []
    for n in args.compile_n:
        quiet = wait_quiet(args, f"compile N={n}")
        log(f"compile N={n}: {args.compile_runs} builds from scratch of each, interleaved")
        variants = [("crudegen", files) for files in (layouts if n > 0 else [None])]
        if n <= args.compile_peer_max_n:
            variants.append((PEER, None))
        samples = {variant: [] for variant in variants}
        edits = {variant: [] for variant in variants}
        for r in range(args.compile_runs):
            for tool, files in (variants if r % 2 == 0 else variants[::-1]):
                name = compile_target(tool, n, files)
                build = ["swift", "build", "--scratch-path", scratch, "--target", name]
                remove_build_products(scratch, name)
                sample = measure(build, cwd=package)
                # `swift build`'s fixed cost (planning, checking what changed) with nothing to compile.
                noop = measure(build, cwd=package)
                sample["noop_wall"] = noop["wall"]
                sample["net_wall"] = sample["wall"] - noop["wall"]
                samples[(tool, files)].append(sample)
                log(f"  {name:24} run {r + 1}: {sample['wall']:.1f} s wall from scratch ({noop['wall']:.1f} s with nothing to do), "
                    f"{sample['cpu']:.1f} s CPU, {sample['rss_mb']:.0f} MB")
                if tool == "crudegen" and n > 0:
                    # The plugin's edit without SwiftPM's plugin machinery: the tool rewrites the one file
                    # holding the edited resource, then the target is rebuilt; then the original comes back.
                    sources = os.path.join(package, "Sources", name)
                    run([BUILD_TOOL, edited_spec(n)] + plugin_outputs(sources, files))
                    edit = measure(build, cwd=package, capture=True)
                    edit["compiled"] = compiled_files(edit.pop("output"), name)
                    edits[(tool, files)].append(edit)
                    log(f"    one-field edit: {edit['wall']:.1f} s wall, {edit['rss_mb']:.0f} MB, compiled {', '.join(edit['compiled'])}")
                    run(generate_command(tool, n, sources, files))
                    measure(build, cwd=package)

        def summary(runs):
            return {
                "wall": median([s["wall"] for s in runs]),
                "cpu": median([s["cpu"] for s in runs]),
                "rss_mb": median([s["rss_mb"] for s in runs]),
                "noop_wall": median([s.get("noop_wall", 0) for s in runs]),
                "net_wall": median([s.get("net_wall", s["wall"]) for s in runs]),
                "samples": runs,
            }

        default = ("crudegen", FILES_PER_SPEC if n > 0 else None)
        row = {"n": n, "runs": args.compile_runs, "files_per_spec": default[1], **quiet, "crudegen": summary(samples[default])}
        if (PEER, None) in samples:
            ratios = [o["wall"] / c["wall"] for c, o in zip(samples[default], samples[(PEER, None)])]
            net_ratios = [o["net_wall"] / c["net_wall"] for c, o in zip(samples[default], samples[(PEER, None)])]
            row.update({"ratio": median(ratios), "ratios": ratios, "net_ratio": median(net_ratios), "net_ratios": net_ratios,
                        PEER: summary(samples[(PEER, None)])})
        rows.append(row)
        for (tool, files) in variants:
            if tool == "crudegen" and n > 0:
                lines, count = swift_lines(os.path.join(package, "Sources", compile_target(tool, n, files)))
                layout_rows.append({"n": n, "files": files, "lines": lines, **quiet, "scratch": summary(samples[(tool, files)]),
                                    "edit": {**summary(edits[(tool, files)]),
                                             "compiled": max((len(e["compiled"]) for e in edits[(tool, files)]), default=0)}})
    results["compile"] = rows
    results["layouts"] = layout_rows


# MARK: a consumer package built through each generator's build plugin

PLUGIN_PACKAGE = """// swift-tools-version: 6.1
// Written by Benchmarks/ (bench.py, split_layout.py): an app's package whose targets {tool}'s build plugin generates.
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13)],
    dependencies: [
{dependencies}
    ],
    targets: [
{targets}
    ]
)
"""

PLUGIN_TARGET = """        .target(
            name: "{name}",
            dependencies: [{products}],
            plugins: [{plugin}]
        ),"""


def model_targets(targets):
    """The consumer's targets holding the API: `Models`, or `Models1` to `ModelsK` for an API split over K."""
    return ["Models"] if targets == 1 else [f"Models{index + 1}" for index in range(targets)]

PEER_CONFIG = "generate:\n  - types\n  - client\naccessModifier: public\n"


def write_consumer_spec(tool, n, package, edits=(), extra=0, targets=1):
    """Writes the specs the consumer's plugin reads: the synthetic API of N (+ extra) resources with `edits`. Split
    over several targets (crudegen only), each target's spec holds the next N / targets resources under an API name
    of its own, and an added resource goes to the last one. Files are written in place, as the edits a benchmark
    compares must be: a save that replaces the file makes SwiftPM plan the build again (docs/plugin.md)."""
    names = model_targets(targets)
    if tool != "crudegen":
        specs = {names[0]: ("openapi.yaml", synth.openapi_doc(n + extra, edits))}
    else:
        text = synth.crude_spec(n + extra, edits)
        head, body = text.split("resources:\n", 1)
        blocks = [block for block in re.split(r"(?m)^(?=  Res)", body) if block]
        size = n // targets
        specs = {}
        for index, name in enumerate(names):
            chunk = blocks[index * size:(index + 1) * size] if index < targets - 1 else blocks[index * size:]
            api = head if targets == 1 else head.replace("name: Synth", f"name: Synth{index + 1}")
            specs[name] = ("Synthetic.crude.yaml", api + "resources:\n" + "".join(chunk))
    for name, (file, text) in specs.items():
        with open(os.path.join(package, "Sources", name, file), "w") as f:
            f.write(text)


def write_consumer_manifest(package, tool, names, target_dependencies=None):
    """Writes a consumer package's manifest and the Swift file each of its targets `names` needs, every target
    applying `tool`'s build plugin (and, for the peer, its configuration in the first target), each depending
    on the targets `target_dependencies` gives it (`{"Chat": ["Shared"]}`); the specs or documents the plugins
    read are the caller's to write."""
    for name in names:
        os.makedirs(os.path.join(package, "Sources", name), exist_ok=True)
    if tool == "crudegen":
        values = {"dependencies": f'        .package(name: "crudegen", path: {json.dumps(REPO)}),',
                  "products": '.product(name: "CrudeRuntime", package: "crudegen")',
                  "plugin": '.plugin(name: "CrudeGenPlugin", package: "crudegen")'}
        anchor = "import CrudeRuntime\n"
    else:
        values = {"dependencies": '        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),\n'
                                  '        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),\n'
                                  '        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),',
                  "products": '.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"), '
                              '.product(name: "HTTPTypes", package: "swift-http-types")',
                  "plugin": '.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")'}
        anchor = "import OpenAPIRuntime\n"
        with open(os.path.join(package, "Sources", names[0], "openapi-generator-config.yaml"), "w") as f:
            f.write(PEER_CONFIG)
    target_list = "\n".join(
        PLUGIN_TARGET.format(name=name, **{**values, "products": "".join(f'"{target}", ' for target in (target_dependencies or {}).get(name, [])) + values["products"]})
        for name in names)
    with open(os.path.join(package, "Package.swift"), "w") as f:
        f.write(PLUGIN_PACKAGE.replace("{tool}", tool).format(targets=target_list, **values))
    for name in names:
        # A target needs a Swift file of its own for SwiftPM to build it.
        with open(os.path.join(package, "Sources", name, "Anchor.swift"), "w") as f:
            f.write(anchor)


def write_consumer_package(tool, n, targets, names):
    """A fresh consumer package of `targets` targets whose N-resource API `tool`'s build plugin generates; its
    dependencies are resolved. Returns the package's folder."""
    package = os.path.join(WORK, "plugin", f"{'crude' if tool == 'crudegen' else 'openapi'}-{n}" + (f"x{targets}" if targets > 1 else ""))
    shutil.rmtree(package, ignore_errors=True)
    write_consumer_manifest(package, tool, names)
    write_consumer_spec(tool, n, package, targets=targets)
    return package


def bench_plugin(args, results):
    """What a plugin user waits for: a consumer package built cold, with nothing to do, and after editing the
    spec (a field's type, then a field's name, then a new resource), through each generator's build plugin.

    The cold builds are repeated --plugin-cold-runs times, alternating between the generators so that a slower
    stretch of the machine falls on both, and the median counts; the edits follow the last cold build."""
    rows = []
    # Each N as one target; past the peer's largest N also split over --plugin-split targets (crudegen only).
    variants = [(n, 1) for n in args.plugin_n]
    variants += [(n, args.plugin_split) for n in args.plugin_n if args.plugin_split > 1 and n > args.plugin_peer_max_n]
    for n, targets in variants:
        tools = ["crudegen"] + ([PEER] if n <= args.plugin_peer_max_n and targets == 1 else [])
        row = {"n": n, "targets": targets}
        names = model_targets(targets)
        where = f"N={n}" + (f" in {targets} targets" if targets > 1 else "")
        packages = {tool: write_consumer_package(tool, n, targets, names) for tool in tools}
        scratches = {tool: os.path.join(packages[tool], ".build") for tool in tools}
        builds = {tool: ["swift", "build", "--scratch-path", scratches[tool]] for tool in tools}
        colds = {tool: [] for tool in tools}
        # Repeated where there is a ratio to take; a build of crudegen's alone is measured once.
        cold_runs = args.plugin_cold_runs if len(tools) > 1 else 1
        for attempt in range(cold_runs):
            for tool in tools if attempt % 2 == 0 else tools[::-1]:
                shutil.rmtree(scratches[tool], ignore_errors=True)
                run(["swift", "package", "--scratch-path", scratches[tool], "resolve"], cwd=packages[tool])
                quiet = wait_quiet(args, f"the cold plugin build of {tool} at {where}")
                log(f"plugin {where}, {tool}: cold build {attempt + 1} of {cold_runs} (dependencies, the generator, the generated code)")
                cold = measure(builds[tool], cwd=packages[tool])
                cold["load"] = quiet["load"]
                colds[tool].append(cold)
                log(f"  {cold['wall']:.1f} s wall, {cold['cpu']:.1f} s CPU, {cold['rss_mb']:.0f} MB")
        for tool in tools:
            package, build = packages[tool], builds[tool]
            # The median sample by wall time (with an odd count, one that was measured).
            ordered = sorted(colds[tool], key=lambda sample: sample["wall"])
            result = {"cold": ordered[(len(ordered) - 1) // 2], "cold_walls": [sample["wall"] for sample in colds[tool]],
                      "load": colds[tool][-1]["load"]}
            log(f"plugin {where}, {tool}: after the last cold build")
            measure(build, cwd=package)  # settles SwiftPM's second planning pass (docs/plugin.md)
            result["noop"] = measure(build, cwd=package)
            log(f"  nothing to do: {result['noop']['wall']:.2f} s")
            # Cumulative edits of the middle resource; SwiftPM does not plan again for any of them.
            for step, (edits, extra) in (("edit", (("edit",), 0)), ("rename", (("edit", "rename"), 0)), ("add", (("edit", "rename"), 1))):
                write_consumer_spec(tool, n, package, edits, extra, targets)
                sample = measure(build, cwd=package, capture=True)
                output = sample.pop("output")
                sample["compiled"] = [file for name in names for file in compiled_files(output, name)]
                result[step] = sample
                log(f"  {step}: {sample['wall']:.2f} s wall, {sample['cpu']:.1f} s CPU, {sample['rss_mb']:.0f} MB, "
                    f"{len(sample['compiled'])} files compiled")
            row[tool] = result
        if PEER in row:
            for step in ("cold", "noop", "edit", "rename", "add"):
                row[f"{step}_ratio"] = row[PEER][step]["wall"] / row["crudegen"][step]["wall"]
        rows.append(row)
    results["plugin"] = {"files_per_spec": FILES_PER_SPEC, "cold_runs": args.plugin_cold_runs, "rows": rows}


# MARK: clean builds of the tools


# What each clean build builds: crudegen's build plugin runs CrudeGenBuildTool, the command line is
# `crudegen`, and swift-openapi-generator's plugin runs its command line.
TOOL_PRODUCTS = [
    ("plugin tool", "CrudeGenBuildTool"),
    ("command line", "crudegen"),
    (PEER, "swift-openapi-generator"),
]
TOOL_CONFIGURATIONS = ["release", "debug"]


def bench_tool_builds(args, results):
    """Clean builds of each tool in each configuration (SwiftPM builds a plugin's tool in the configuration of
    the build that uses it), interleaved, each in a fresh scratch path whose dependencies were resolved first."""
    samples = {(configuration, name): [] for configuration in TOOL_CONFIGURATIONS for name, _ in TOOL_PRODUCTS}
    quiet = None
    for r in range(args.tool_runs):
        for configuration in TOOL_CONFIGURATIONS:
            for name, product in (TOOL_PRODUCTS if r % 2 == 0 else TOOL_PRODUCTS[::-1]):
                scratch = os.path.join(WORK, f"tool-build-{product}")
                shutil.rmtree(scratch, ignore_errors=True)
                run(["swift", "package", "resolve", "--scratch-path", scratch], cwd=HERE)
                q = wait_quiet(args, f"the clean {configuration} build of {product}")
                quiet = quiet or q
                log(f"tool build: swift build -c {configuration} --product {product} (fresh scratch path)")
                sample = measure(["swift", "build", "-c", configuration, "--product", product, "--scratch-path", scratch], cwd=HERE)
                sample["load"] = q["load"]
                samples[(configuration, name)].append(sample)
                log(f"  {sample['wall']:.1f} s wall, {sample['cpu']:.0f} s CPU, {sample['rss_mb']:.0f} MB")
                shutil.rmtree(scratch, ignore_errors=True)
    rows = []
    for configuration in TOOL_CONFIGURATIONS:
        row = {"configuration": configuration, "runs": args.tool_runs}
        for name, product in TOOL_PRODUCTS:
            measured = samples[(configuration, name)]
            row[name] = {"product": product, "wall": median([s["wall"] for s in measured]),
                         "cpu": median([s["cpu"] for s in measured]), "samples": measured}
        peer = [s["wall"] for s in samples[(configuration, PEER)]]
        for name, _ in TOOL_PRODUCTS[:2]:
            ratios = [o / c["wall"] for c, o in zip(samples[(configuration, name)], peer)]
            row[name].update(ratio=median(ratios), ratios=ratios)
        rows.append(row)
    results["tool_builds"] = {"rows": rows, **(quiet or {})}


def bench_tool_breakdown(args, results):
    """The plugin tools' clean release builds again, in steps: Yams, which both build, first."""
    steps = {
        "crudegen": [("Yams", "--target"), ("CrudeGenEngine", "--target"), ("CrudeGenCore", "--target"), ("CrudeGenBuildTool", "--product")],
        PEER: [("Yams", "--target"), ("ArgumentParser", "--target"), ("swift-openapi-generator", "--product")],
    }
    rows = {}
    for tool, plan in steps.items():
        scratch = os.path.join(WORK, f"tool-breakdown-{'crudegen' if tool == 'crudegen' else 'openapi'}")
        shutil.rmtree(scratch, ignore_errors=True)
        run(["swift", "package", "resolve", "--scratch-path", scratch], cwd=HERE)
        wait_quiet(args, f"the stepwise build of {tool}")
        rows[tool] = []
        for name, kind in plan:
            sample = measure(["swift", "build", "-c", "release", kind, name, "--scratch-path", scratch], cwd=HERE)
            rows[tool].append({"step": f"{kind} {name}", **sample})
            log(f"  {tool}: {kind} {name}: {sample['wall']:.0f} s wall, {sample['cpu']:.0f} s CPU")
        shutil.rmtree(scratch, ignore_errors=True)
    results["tool_breakdown"] = rows


# MARK: runtime


def bench_runtime(args, results):
    quiet = wait_quiet(args, "the runtime benchmarks")
    out = os.path.join(WORK, "results", "runtime.json")
    command = [os.path.join(BIN, "crude-bench"), "--json", out,
               "--decode-mb", str(args.decode_mb), "--decode-rounds", str(args.decode_rounds),
               "--rt-rounds", str(args.rt_rounds), "--rt-iterations", str(args.rt_iterations),
               "--mem-iterations", str(args.mem_iterations)]
    log("runtime: " + " ".join(command))
    subprocess.run(command, check=True, stdout=sys.stderr)
    with open(out) as f:
        runtime = json.load(f)
    runtime.update(quiet)
    results["runtime"] = runtime


# MARK: profile


# Functions whose inclusive share of crudegen's instructions the table lists (matched in demangled names).
PROFILE_FUNCTIONS = [
    ("Generator.generate(specsAt:)", "the whole pipeline"),
    ("SpecLoader.load(", "loading: YAML → Spec"),
    ("YAMLDocument.compose(", "  Yams composing the node tree"),
    ("Dictionary.init<A>(grouping:by:)", "    Yams' duplicate-key check (hashes nodes, resolving tags by regex)"),
    ("NSRegularExpression.firstMatch(in:options:range:)", "    NSRegularExpression (Yams' tag resolution)"),
    ("SpecValidator.run()", "validation"),
    ("CodeModelBuilder.build(", "code model"),
    ("Renderer.render(", "rendering"),
    ("TemplateContext.model(", "  building the dictionary contexts"),
    ("MustacheLibrary.render(", "  Mustache rendering"),
    ("MustacheTemplate.getChild(", "    context lookups (getChild)"),
    ("swift_dynamicCast", "    dynamic casts (as? on Any), all callers"),
    ("OutputWriter.apply(", "writing the files"),
]


def profile(args, results):
    n = args.profile
    crude_spec, _ = specs(n)
    directory = os.path.join(WORK, "profile")
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    # valgrind 3.19 cannot read the DWARF that Swift 6.3 emits ("Possibly corrupted debuginfo file"):
    # profile a copy without it; the symbol table still names every function.
    binary = os.path.join(directory, "crudegen-nodebug")
    shutil.copy(CRUDEGEN, binary)
    run(["strip", "--strip-debug", binary])
    out = os.path.join(directory, f"callgrind.out.{n}")
    log(f"profile: callgrind on crudegen, N={n} (instruction counts)")
    os.makedirs(os.path.join(directory, "out"))
    run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, crude_spec, "--output-file",
         os.path.join(directory, "out", "Synthetic.crude.swift")])
    reports = {}
    for kind, extra in (("inclusive", ["--inclusive=yes"]), ("exclusive", []), ("callers", ["--tree=caller", "--inclusive=yes"])):
        text = run(["callgrind_annotate", "--threshold=100" if kind == "callers" else "--threshold=99", *extra, out])
        demangled = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input=text,
                                   capture_output=True, text=True).stdout or text
        path = os.path.join(directory, f"{kind}.txt")
        with open(path, "w") as f:
            f.write(demangled)
        reports[kind] = path
        log(f"  {kind}: {path}")
    total = None
    shares = []
    with open(reports["inclusive"]) as f:
        lines = f.read().splitlines()
    for line in lines:
        if "PROGRAM TOTALS" in line:
            total = int(line.split()[0].replace(",", ""))
    for needle, label in PROFILE_FUNCTIONS:
        best = 0
        for line in lines:
            if needle in line and "(" in line and not line.strip().startswith("<"):
                try:
                    best = max(best, int(line.split()[0].replace(",", "")))
                except ValueError:
                    pass
        shares.append({"function": needle, "label": label, "instructions": best})
    results["profile"] = {"n": n, "callgrind_out": out, "total_instructions": total, "functions": shares, **reports}

    # Decoding, in instructions: the same 1 MB array decoded once by each decoder, minus building it.
    decoder_binary = os.path.join(directory, "decode-profile-nodebug")
    shutil.copy(os.path.join(BIN, "decode-profile"), decoder_binary)
    run(["strip", "--strip-debug", decoder_binary])
    counts = {}
    for variant in ("none", "handwritten", "generated"):
        cg = os.path.join(directory, f"callgrind.decode.{variant}")
        text = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={cg}", decoder_binary, variant, "1"],
                              capture_output=True, text=True)
        items = int(text.stdout.split(":")[1].split()[0])
        total_line = next(line for line in text.stderr.splitlines() if "Collected" in line)
        counts[variant] = int(total_line.split(":")[1].strip().replace(",", ""))
        log(f"  decode {variant}: {counts[variant]:,} instructions")
    per_item = {v: (counts[v] - counts["none"]) / items for v in ("handwritten", "generated")}
    results["profile"]["decode"] = {"items": items, "instructions": counts, "per_item": per_item,
                                    "ratio": per_item["handwritten"] / per_item["generated"]}


# MARK: the table


def fmt_s(seconds):
    if seconds != seconds:
        return "—"
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s" if seconds < 10 else f"{seconds:.1f} s"


def verdict(ok):
    return "met" if ok else "**missed**"


def table(results):
    out = []
    meta = results["meta"]
    out.append(f"Measured {meta['date']} on {meta['machine']}.  ")
    out.append(f"Command: `{meta['command']}`  ")
    h = meta["harness_seconds"]
    out.append(f"Harness wall time: {h:.0f} s." if h < 120 else f"Harness wall time: {h / 60:.1f} min.")
    out.append("")
    if "generation" in results:
        runs = results["generation"][0]["runs"]
        out.append(f"### Generation: whole process, cold, empty output folder (release builds, median of {runs} interleaved runs)")
        out.append("")
        out.append(f"| N | crudegen wall | CPU | peak RSS | {PEER} wall | CPU | peak RSS | ratio (peer ÷ crudegen) | load |")
        out.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for row in results["generation"]:
            c, o = row["crudegen"], row[PEER]
            out.append(f"| {row['n']} | {fmt_s(c['wall'])} | {fmt_s(c['cpu'])} | {c['rss_mb']:.0f} MB | {fmt_s(o['wall'])} | "
                       f"{fmt_s(o['cpu'])} | {o['rss_mb']:.0f} MB | **{row['ratio']:.1f}×** | {row['load']:.2f} |")
        out.append("")
        if "baseline" in results["generation"][0]:
            out.append(f"### Generation against a baseline build of the build plugin's tool (`--baseline`; median of {runs} interleaved runs)")
            out.append("")
            out.append("| N | this build wall | CPU | peak RSS | baseline wall | CPU | peak RSS | baseline ÷ this, wall | CPU |")
            out.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
            for row in results["generation"]:
                c, b, r = row["crudegen"], row["baseline"], row["baseline_ratio"]
                out.append(f"| {row['n']} | {fmt_s(c['wall'])} | {fmt_s(c['cpu'])} | {c['rss_mb']:.0f} MB | {fmt_s(b['wall'])} | "
                           f"{fmt_s(b['cpu'])} | {b['rss_mb']:.0f} MB | **{r['wall']:.3f}** | **{r['cpu']:.3f}** |")
            out.append("")
        out.append("### Generated code")
        out.append("")
        out.append(f"| N | crudegen lines | files | lines per resource | {PEER} lines | files | lines per resource | ratio |")
        out.append("|---:|---:|---:|---:|---:|---:|---:|---:|")
        for row in results["generation"]:
            c, o = row["crudegen"], row[PEER]
            out.append(f"| {row['n']} | {c['lines']:,} | {c['files']:,} | {c['lines_per_resource']:.0f} | {o['lines']:,} | {o['files']} | "
                       f"{o['lines_per_resource']:.0f} | **{o['lines'] / c['lines']:.1f}×** |")
        out.append("")
    if "compile" in results:
        runs = results["compile"][0]["runs"]
        files = next((r["files_per_spec"] for r in results["compile"] if r.get("files_per_spec")), FILES_PER_SPEC)
        out.append(f"### Compiling the generated code from scratch: debug, dependencies built (median of {runs} interleaved runs)")
        out.append("")
        out.append(f"`swift build --target T` after deleting T's build products; crudegen's code is in the build plugin's layout "
                   f"({files} files per spec). *net* subtracts the same command with nothing to do (SwiftPM's planning and up-to-date "
                   "checks, measured right after), leaving the compiler's work. N = 0 is the floor: a module with one file that "
                   "only imports what the generated code imports.")
        out.append("")
        out.append(f"| N | crudegen | net | CPU | peak RSS | {PEER} | net | CPU | peak RSS | ratio | net ratio | load |")
        out.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for row in results["compile"]:
            c = row["crudegen"]
            if PEER not in row:
                out.append(f"| {row['n']} | {fmt_s(c['wall'])} | {fmt_s(c['net_wall'])} | {fmt_s(c['cpu'])} | {c['rss_mb']:.0f} MB | "
                           f"not measured | | | | | | {row['load']:.2f} |")
                continue
            o = row[PEER]
            ratios = (f"{row['ratio']:.1f}× | **{row['net_ratio']:.1f}×**" if row["n"] > 0
                      else "— | — (floor)")
            out.append(f"| {row['n']} | {fmt_s(c['wall'])} | {fmt_s(c['net_wall'])} | {fmt_s(c['cpu'])} | {c['rss_mb']:.0f} MB | "
                       f"{fmt_s(o['wall'])} | {fmt_s(o['net_wall'])} | {fmt_s(o['cpu'])} | {o['rss_mb']:.0f} MB | "
                       f"{ratios} | {row['load']:.2f} |")
        out.append("")
    if results.get("layouts"):
        out.append("### Files per spec: crudegen's code compiled from scratch, and after a one-field edit, for each count of files")
        out.append("")
        out.append("The edit is the build plugin's without SwiftPM's plugin machinery: `CrudeGenBuildTool` regenerates the files "
                   "after the middle resource's `count` changes from `Int` to `String` (it rewrites only the file holding that "
                   "resource), then `swift build --target T`. *files compiled* counts the files the build's output names.")
        out.append("")
        out.append("| N | files per spec | lines | from scratch | CPU | peak RSS | one-field edit | CPU | peak RSS | files compiled | load |")
        out.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for row in results["layouts"]:
            a, e = row["scratch"], row["edit"]
            out.append(f"| {row['n']} | {row['files']} | {row['lines']:,} | {fmt_s(a['wall'])} | {fmt_s(a['cpu'])} | {a['rss_mb']:.0f} MB | "
                       f"{fmt_s(e['wall'])} | {fmt_s(e['cpu'])} | {e['rss_mb']:.0f} MB | {e['compiled']} | {row['load']:.2f} |")
        out.append("")
    if "plugin" in results:
        p = results["plugin"]
        cold_runs = p.get("cold_runs", 1)
        runs = "one run each" if cold_runs == 1 else f"one run each, but the cold builds with a ratio: median of {cold_runs}, alternating"
        out.append(f"### A consumer package built through each build plugin (debug, {runs}; crudegen with {p['files_per_spec']} files per spec)")
        out.append("")
        out.append("`swift build` of a package whose one target holds the spec and applies the generator's build plugin (*in K targets*: the same API split into K specs of N / K resources, one per target). *cold*: "
                   "a fresh scratch folder with dependencies resolved (builds the dependencies, the generator and the generated "
                   "code); *nothing to do*: right after; then cumulative edits of the middle resource in the spec: *edit* changes a "
                   "field's type (`count`: integer → string), *rename* renames a field (`note` → `memo`), *add* adds a resource. "
                   "Peak RSS is the largest process of the build.")
        out.append("")
        out.append(f"| N | build | crudegen | CPU | peak RSS | files compiled | {PEER} | CPU | peak RSS | files compiled | ratio |")
        out.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        labels = [("cold", "cold"), ("noop", "nothing to do"), ("edit", "edit one field's type"), ("rename", "rename a field"),
                  ("add", "add a resource")]
        for row in p["rows"]:
            for step, label in labels:
                c = row["crudegen"][step]
                n_label = f"{row['n']} in {row['targets']} targets" if row.get("targets", 1) > 1 else f"{row['n']}"
                cells = f"| {n_label} | {label} | {fmt_s(c['wall'])} | {fmt_s(c['cpu'])} | {c['rss_mb']:.0f} MB | {len(c.get('compiled', [])) if 'compiled' in c else ''} |"
                if PEER in row:
                    o = row[PEER][step]
                    ratio = row[f"{step}_ratio"]
                    cells += (f" {fmt_s(o['wall'])} | {fmt_s(o['cpu'])} | {o['rss_mb']:.0f} MB | "
                              f"{len(o['compiled']) if 'compiled' in o else ''} | **{ratio:.1f}×** |")
                else:
                    cells += " not measured | | | | |"
                out.append(cells)
        out.append("")
        for row in p["rows"]:
            if len(row["crudegen"].get("cold_walls", [])) > 1:
                walls = {tool: ", ".join(fmt_s(wall) for wall in row[tool]["cold_walls"]) for tool in ("crudegen", PEER) if tool in row}
                n_label = f"{row['n']} in {row['targets']} targets" if row.get("targets", 1) > 1 else f"{row['n']}"
                out.append(f"Cold builds at N = {n_label}, in order: " + "; ".join(f"{tool} {text}" for tool, text in walls.items()) + ".")
        out.append("")
    if "tool_builds" in results:
        builds = results["tool_builds"]
        out.append(f"### Clean build of each tool (`swift build -c C --product P` from Benchmarks/ in a fresh scratch path, dependencies resolved; "
                   f"median of {builds['rows'][0]['runs']} interleaved runs, load {builds.get('load', float('nan')):.2f})")
        out.append("")
        out.append("SwiftPM builds a plugin's tool in the configuration of the build that uses it. crudegen's build plugin runs "
                   "`CrudeGenBuildTool`; swift-openapi-generator's runs its command line.")
        out.append("")
        out.append("| configuration | tool | product | wall | CPU | ratio (peer ÷ this) |")
        out.append("|---|---|---|---:|---:|---:|")
        for row in builds["rows"]:
            for name, product in TOOL_PRODUCTS:
                v = row[name]
                tool = PEER if name == PEER else f"crudegen {name}"
                ratio = "" if "ratio" not in v else f"**{v['ratio']:.1f}×**" if name == "plugin tool" else f"{v['ratio']:.1f}×"
                out.append(f"| {row['configuration']} | {tool} | `{product}` | {fmt_s(v['wall'])} | {fmt_s(v['cpu'])} | {ratio} |")
        out.append("")
    if "tool_breakdown" in results:
        out.append("The plugin tools' clean release builds in steps (each step builds only what the previous ones did not; "
                   "both build Yams, and the peer's plugin tool also builds ArgumentParser):")
        out.append("")
        out.append("| tool | step | wall | CPU |")
        out.append("|---|---|---:|---:|")
        for tool, rows in results["tool_breakdown"].items():
            for row in rows:
                out.append(f"| {tool} | `swift build -c release {row['step']}` | {fmt_s(row['wall'])} | {fmt_s(row['cpu'])} |")
        out.append("")
    if "runtime" in results:
        rt = results["runtime"]
        d = rt["decode"]
        hand = d["handwritten"]["mb_per_second"]
        out.append(f"### Decoding a {d['megabytes']:.1f} MB JSON array of {d['items']:,} models (release, median of {d['rounds']} interleaved rounds, load {rt['load']:.2f})")
        out.append("")
        out.append("| decoder | median | throughput | vs hand-written (ratio of medians) | vs hand-written (median of per-round ratios) |")
        out.append("|---|---:|---:|---:|---:|")
        labels = [("handwritten", "hand-written `Codable` + `JSONDecoder` (`.iso8601`)"),
                  ("generated", "generated `Item` + `JSONDecoder`"),
                  ("generated_client", "generated `Item` through `APIClient.decode`")]
        for key, label in labels:
            v = d[key]
            out.append(f"| {label} | {fmt_s(v['median_seconds'])} | {v['mb_per_second']:.1f} MB/s | {v['mb_per_second'] / hand:.2f}× | "
                       f"{paired(d, 'handwritten', key):.2f}× |")
        out.append("")
        t = rt["round_trips"]
        out.append(f"### CRUD round trips over loopback (create, read, update, list, delete; minimal HTTP/1.1 server in the same process, `URLSessionTransport`; "
                   f"median of {t['rounds']} interleaved rounds of {t['iterations'] * t['requests_per_iteration']} requests)")
        out.append("")
        out += round_trip_rows(t)
        if "async_http_client" in t:
            a = t["async_http_client"]
            out.append("### The same round trips through `AsyncHTTPClientTransport` (the `CrudeAsyncHTTPClient` trait; same run, "
                       "interleaved with the loops above)")
            out.append("")
            out += round_trip_rows(a)
            per = t["requests_per_iteration"]
            url_trips, ahc_trips = t["generated"]["requests_per_second"] / per, a["generated"]["requests_per_second"] / per
            out.append(f"Generated CRUD round trips (5 requests each) per second: `URLSessionTransport` {url_trips:.0f}, "
                       f"`AsyncHTTPClientTransport` {ahc_trips:.0f}: {ahc_trips / url_trips:.2f}×.")
            out.append("")
        if "in_memory" in rt:
            m = rt["in_memory"]
            d_us, g_us = (m[k]["microseconds_per_request"] for k in ("direct", "generated"))
            out.append(f"### The client's CPU cost per request, without a network (a transport answering from memory; median of "
                       f"{m['rounds']} interleaved rounds of {m['iterations'] * m['requests_per_iteration']:,} requests)")
            out.append("")
            out.append("| client | µs per request |")
            out.append("|---|---:|")
            for key, label in RUNTIME_LOOPS:
                out.append(f"| {label} | {m[key]['microseconds_per_request']:.1f} |")
            out.append(f"| `APIClient` and the generated coding, beyond the direct requests (generated − direct) | {g_us - d_us:.1f} |")
            out.append("")
    if "profile" in results and results["profile"].get("total_instructions"):
        p = results["profile"]
        total = p["total_instructions"]
        out.append(f"### Where crudegen's time goes at N = {p['n']} (callgrind, {total / 1e9:.2f} G instructions, inclusive shares)")
        out.append("")
        out.append("| part | function | instructions | share |")
        out.append("|---|---|---:|---:|")
        for f in p["functions"]:
            label = f["label"].replace("  ", "&nbsp;&nbsp;")
            out.append(f"| {label} | `{f['function']}` | {f['instructions'] / 1e6:,.0f} M | {100 * f['instructions'] / total:.1f} % |")
        out.append("")
    if "profile" in results and "decode" in results["profile"]:
        d = results["profile"]["decode"]
        out.append(f"### Decoding, in instructions (callgrind; one decode of the 1 MB array of {d['items']:,} models, minus building it)")
        out.append("")
        out.append("| decoder | instructions per model | throughput vs hand-written |")
        out.append("|---|---:|---:|")
        out.append(f"| hand-written `Codable` + `JSONDecoder` (`.iso8601`) | {d['per_item']['handwritten']:,.0f} | 1.00× |")
        out.append(f"| generated `Item` + `JSONDecoder` | {d['per_item']['generated']:,.0f} | {d['ratio']:.3f}× |")
        out.append("")
    out += targets_table(results)
    return "\n".join(out) + "\n"


# The round-trip loops, as the tables name them (CrudeBench/main.swift builds them).
RUNTIME_LOOPS = [
    ("direct", "the same requests made directly with the transport: `JSONEncoder`/`JSONDecoder` and a hand-written `Codable` struct"),
    ("generated", "generated operations on `APIClient`"),
    ("uncoded", "floor: the generated requests' bytes sent straight to the transport, nothing encoded or decoded"),
]


def round_trip_rows(loops):
    """The table of one transport's round-trip loops, each against the transport used directly."""
    direct = loops["direct"]["requests_per_second"]
    rows = ["| client | requests/s | vs the transport directly (ratio of medians) | (median of per-round ratios) | process CPU per request |",
            "|---|---:|---:|---:|---:|"]
    for key, label in RUNTIME_LOOPS:
        v = loops[key]
        rows.append(f"| {label} | {v['requests_per_second']:.0f} | {v['requests_per_second'] / direct:.3f}× | "
                    f"{paired(loops, 'direct', key):.3f}× | {v.get('cpu_microseconds_per_request', float('nan')):.0f} µs |")
    return rows + [""]


def paired(section, baseline, variant):
    """The median over rounds of baseline time ÷ variant time: each round ran both back to back."""
    return median([b / v for b, v in zip(section[baseline]["seconds"], section[variant]["seconds"])])


def targets_table(results):
    rows = []
    gen = {row["n"]: row for row in results.get("generation", [])}
    if gen:
        biggest = max(gen)
        row = gen[biggest]
        suffix = "" if biggest == 1000 else " (the target is for N = 1000)"
        rows.append((f"generation ≥ {TARGETS['generation_ratio_1000']:.0f}× faster at N = {biggest}{suffix}", f"{row['ratio']:.1f}×",
                     row["ratio"] >= TARGETS["generation_ratio_1000"]))
        slowest = min(r["ratio"] for r in gen.values())
        rows.append(("faster at every N", f"lowest ratio {slowest:.1f}×", slowest > 1))
        c = row["crudegen"]
        rows.append((f"N = {biggest} in < {TARGETS['generation_seconds_1000']} s with < {TARGETS['generation_mb_1000']:.0f} MB",
                     f"{fmt_s(c['wall'])}, {c['rss_mb']:.0f} MB",
                     c["wall"] < TARGETS["generation_seconds_1000"] and c["rss_mb"] < TARGETS["generation_mb_1000"]))
        line_ratio = min(r[PEER]["lines_per_resource"] / r["crudegen"]["lines_per_resource"] for r in gen.values())
        rows.append(("at most 1/5 of the lines per resource", f"{line_ratio:.1f}× fewer", line_ratio >= TARGETS["lines_ratio"]))
    if "compile" in results:
        # The target is for N = 100; other N are reported in the table.
        for r in results["compile"]:
            if r["n"] == 100 and PEER in r:
                rows.append((f"generated code compiles from scratch ≥ {TARGETS['compile_ratio']:.0f}× faster at N = 100 (plugin layout)",
                             f"{r['net_ratio']:.1f}× net, {r['ratio']:.1f}× with `swift build`'s fixed cost", r["net_ratio"] >= TARGETS["compile_ratio"]))
    for row in results.get("plugin", {}).get("rows", []):
        c = row["crudegen"]
        if row["n"] == 100:
            rows.append((f"edit one field at N = 100: ≤ {TARGETS['edit_seconds_100']:.0f} s", f"{fmt_s(c['edit']['wall'])}, {c['edit']['rss_mb']:.0f} MB",
                         c["edit"]["wall"] <= TARGETS["edit_seconds_100"]))
            if "edit_ratio" in row:
                rows.append((f"edit one field at N = 100: ≥ {TARGETS['edit_ratio_100']:.0f}× the peer", f"{row['edit_ratio']:.1f}×",
                             row["edit_ratio"] >= TARGETS["edit_ratio_100"]))
                rows.append((f"cold consumer build at N = 100: ≥ {TARGETS['cold_ratio_100']:.0f}× the peer", f"{row['cold_ratio']:.1f}×",
                             row["cold_ratio"] >= TARGETS["cold_ratio_100"]))
        if row["n"] == 1000 and row.get("targets", 1) == 1:  # the split layout is in the plugin table, not a target's
            rows.append((f"edit one field at N = 1000: < {TARGETS['edit_seconds_1000']:.0f} s", f"{fmt_s(c['edit']['wall'])}, {c['edit']['rss_mb']:.0f} MB",
                         c["edit"]["wall"] < TARGETS["edit_seconds_1000"]))
    if "tool_builds" in results:
        for row in results["tool_builds"]["rows"]:
            ratio = row["plugin tool"]["ratio"]
            rows.append((f"clean build of the plugin's tool at most 1/5 of the peer's ({row['configuration']})",
                         f"{ratio:.1f}× ({fmt_s(row['plugin tool']['wall'])} against {fmt_s(row[PEER]['wall'])})",
                         ratio >= TARGETS["tool_build_ratio"]))
    if "runtime" in results:
        d = results["runtime"]["decode"]
        ratio = paired(d, "handwritten", "generated")
        rows.append(("decoding ≥ 0.95× hand-written `Codable`", f"{ratio:.2f}× (median of per-round ratios)", ratio >= TARGETS["decode_ratio"]))
        if "profile" in results and "decode" in results["profile"]:
            ratio = results["profile"]["decode"]["ratio"]
            rows.append(("decoding ≥ 0.95× hand-written `Codable`, in instructions", f"{ratio:.3f}× (callgrind)", ratio >= TARGETS["decode_ratio"]))
        t = results["runtime"]["round_trips"]
        ratio = paired(t, "direct", "generated")
        floor = paired(t, "direct", "uncoded")
        rows.append(("CRUD round trips within 5 % of the transport used directly",
                     f"{ratio:.3f}× (median of per-round ratios; the uncoded floor: {floor:.2f}×)", ratio >= TARGETS["round_trip_ratio"]))
        if "async_http_client" in t:
            ratio = t["async_http_client"]["generated"]["requests_per_second"] / t["generated"]["requests_per_second"]
            rows.append(("generated CRUD round trips through `AsyncHTTPClientTransport` ≥ 3× `URLSessionTransport`",
                         f"{ratio:.2f}× (ratio of medians)", ratio >= TARGETS["async_http_client_ratio"]))
    if not rows:
        return []
    out = ["### Targets", "", "| target | measured | |", "|---|---:|---|"]
    out += [f"| {name} | {value} | {verdict(ok)} |" for name, value, ok in rows]
    out.append("")
    return out


def machine():
    swift = run(["swift", "--version"]).splitlines()
    swift = next((line for line in swift if "Swift version" in line), swift[0] if swift else "swift ?")
    cpu = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{platform.machine()} Linux {platform.release()}, `nproc` = {os.cpu_count()} ({cpu}), {swift.strip()}"


def main():
    global FILES_PER_SPEC, BASELINE_TOOL
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", default="10,100,1000", help="resource counts for generation (default 10,100,1000)")
    parser.add_argument("--baseline", help="another build of CrudeGenBuildTool (say, of main before a change) to generate "
                        "beside this one, interleaved: adds a table of this build against it")
    parser.add_argument("--runs", type=int, default=5, help="generation runs of each tool per N (default 5)")
    parser.add_argument("--compile-n", default="0,10,100",
                        help="resource counts for compile times; 0 is a module that only imports the runtime (default 0,10,100)")
    parser.add_argument("--compile-runs", type=int, default=3, help="builds from scratch of each output per N (default 3)")
    parser.add_argument("--compile-peer-max-n", type=int, default=100, help="compile the peer's output only up to this N (default 100)")
    parser.add_argument("--files-per-spec", type=int, default=FILES_PER_SPEC,
                        help=f"the build plugin's files per spec for generation and compile times (default {FILES_PER_SPEC}, the plugin's)")
    parser.add_argument("--layout-files", default=str(FILES_PER_SPEC),
                        help="counts of files per spec to compile crudegen's code in, for choosing the default (default: the plugin's; e.g. 10,32,100,1000)")
    parser.add_argument("--plugin-n", default="100,1000", help="resource counts for the consumer-package builds (default 100,1000)")
    parser.add_argument("--plugin-peer-max-n", type=int, default=100, help="build the peer's consumer only up to this N (default 100)")
    parser.add_argument("--plugin-cold-runs", type=int, default=3,
                        help="cold consumer builds of each generator per N where both are built, alternating; the median counts (default 3)")
    parser.add_argument("--plugin-split", type=int, default=0,
                        help="also build crudegen's consumer with each N above --plugin-peer-max-n split over this many targets (default: not)")
    parser.add_argument("--tool-runs", type=int, default=1, help="clean builds of each tool in each configuration (default 1)")
    parser.add_argument("--decode-mb", type=float, default=10)
    parser.add_argument("--decode-rounds", type=int, default=7)
    parser.add_argument("--rt-rounds", type=int, default=15)
    parser.add_argument("--rt-iterations", type=int, default=200)
    parser.add_argument("--mem-iterations", type=int, default=2000)
    parser.add_argument("--parts", default="generation,compile,runtime",
                        help="comma-separated: generation, compile, plugin, runtime, tools, profile (default generation,compile,runtime)")
    parser.add_argument("--profile", type=int, default=1000, help="N for the callgrind profile of crudegen (default 1000)")
    parser.add_argument("--quiet-load", type=float, default=0.8, help="wait for a 1-minute load average below this (default 0.8)")
    parser.add_argument("--max-wait", type=float, default=300, help="seconds to wait for it at most, per phase (default 300)")
    parser.add_argument("--table-from", metavar="JSON", help="print the table of a saved results-*.json, measuring nothing")
    parser.add_argument("--command", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.table_from:
        with open(args.table_from) as f:
            print(table(json.load(f)))
        return
    args.n = [int(x) for x in args.n.split(",") if x]
    args.compile_n = [int(x) for x in args.compile_n.split(",") if x]
    args.layout_files = [int(x) for x in args.layout_files.split(",") if x]
    args.plugin_n = [int(x) for x in args.plugin_n.split(",") if x]
    FILES_PER_SPEC = args.files_per_spec
    BASELINE_TOOL = args.baseline and os.path.abspath(args.baseline)
    parts = [p for p in args.parts.split(",") if p]
    unknown = set(parts) - {"generation", "compile", "plugin", "runtime", "tools", "profile"}
    if unknown:
        parser.error(f"unknown parts: {', '.join(sorted(unknown))}")

    os.makedirs(os.path.join(WORK, "results"), exist_ok=True)
    started = time.time()
    results = {"meta": {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
        "command": args.command or " ".join(sys.argv),
        "load_at_start": open("/proc/loadavg").read().split()[:3],
    }}
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    base = os.path.join(WORK, "results", f"results-{stamp}")
    failed = []
    for part, function in (("generation", bench_generation), ("compile", bench_compile), ("plugin", bench_plugin), ("runtime", bench_runtime),
                           ("tools", bench_tool_builds), ("tools", bench_tool_breakdown), ("profile", profile)):
        if part not in parts:
            continue
        try:
            function(args, results)
        except (SystemExit, Exception) as error:  # keep what the other parts measured
            log(f"{part} failed: {error}")
            failed.append(part)
        results["meta"]["harness_seconds"] = time.time() - started
        with open(base + ".json", "w") as f:
            json.dump(results, f, indent=2)
    text = table(results)
    with open(base + ".md", "w") as f:
        f.write(text)
    print(text)
    log(f"results in {base}.md (and .json)")
    if failed:
        sys.exit(f"failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
