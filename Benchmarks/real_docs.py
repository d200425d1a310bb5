#!/usr/bin/env python3
"""Real documents: crudegen against swift-openapi-generator 1.14.3 on the largest real OpenAPI documents at hand.

Documents (--docs):
  chatgpt   the OpenAI document of swift-openapi-generator's examples
            (Examples/streaming-chatgpt-proxy/Sources/ChatGPT/openapi.yaml, about 900 KB), read from the peer's
            checkout that SwiftPM resolved for Benchmarks/Package.swift (never committed here)
  fastapi   the document FastAPI serves for a FastAPI + SQLModel app of --n resources (framework_schemas.py)
  drf       the document drf-spectacular writes for a Django REST Framework app of --n ModelViewSets

For each document, both tools side by side, alternating run by run:
  generation   crudegen: `crudegen import DOC -o SPEC`, then `CrudeGenBuildTool SPEC OUT/STEM.crude.00.swift …`
               (the build plugin's layout, --files-per-spec files); the peer: `swift-openapi-generator generate
               --mode types --mode client --access-modifier public`. Both release builds.
  compile      each tool's output as a target of a throwaway package of its own (crudegen's depends on
               CrudeRuntime, the peer's on OpenAPIRuntime 1.13.4 and HTTPTypes), its runtime built first and
               untimed; `swift build --target T` (debug) after deleting T's build products, then the same with
               nothing to do (the *net* time is the difference).
  edit         one component schema of the document gains one optional string property (`bench_added`);
               crudegen imports the edited document and regenerates, the peer regenerates (both tools write
               only the files that change), and the target is rebuilt incrementally. The original is restored
               (untimed) before the next run.
Every step's wall time, CPU time (user + system) and peak RSS come from bench.measure (wait4); bench.wait_quiet
waits for a quiet machine before each phase. The table gives medians, ratios crudegen ÷ peer of the medians
(below 1: crudegen takes less), the lines of generated code, and says when a tool's output does not compile.

    python3 Benchmarks/real_docs.py                        all three documents, N = 300 (Benchmarks/run.sh --parts realdocs)
    python3 Benchmarks/real_docs.py --quick                smoke check: fastapi and drf at N = 3, one run, no waiting
    python3 Benchmarks/real_docs.py --table-from JSON      print the table of saved results

The release tools are read from --bin (Benchmarks/.build/release, which run.sh builds). Work files go to
Benchmarks/.work/realdocs; results (Markdown and JSON) to Benchmarks/results/realdocs-STAMP.* (with --quick, to
Benchmarks/.work/results/, so that a smoke check leaves nothing to commit).
"""

import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import time

import bench
from bench import PEER, fmt_s, log, measure, median, run, swift_lines, wait_quiet

HERE = bench.HERE
REPO = bench.REPO
WORK = os.path.join(bench.WORK, "realdocs")
RESULTS = os.path.join(HERE, "results")
CHATGPT = "Examples/streaming-chatgpt-proxy/Sources/ChatGPT/openapi.yaml"
# The property the edit adds, in the documents' snake_case; crudegen's Swift name for it is benchAdded.
ADDED_PROPERTY = "bench_added"
ADDED_PATTERN = re.compile(rb"bench_?[aA]dded")
TOOLS = ["crudegen", PEER]



def json_bodies_only(text):
    """The JSON document with every request body reduced to its application/json content.

    drf-spectacular documents a body once per parser of the view, JSON, form and multipart, all with the same
    component schema (DRF's default parsers). swift-openapi-generator 1.14.3 then generates that schema as a
    multipart type (an enum of parts), which is neither Encodable nor Decodable, so its JSON bodies and responses
    do not compile. A DRF app whose only parser is JSONParser (`DEFAULT_PARSER_CLASSES`) serves this edited
    document."""
    document = json.loads(text)
    for item in document.get("paths", {}).values():
        for operation in item.values():
            content = operation.get("requestBody", {}).get("content", {}) if isinstance(operation, dict) else {}
            if "application/json" in content:
                for media_type in [m for m in content if m != "application/json"]:
                    del content[media_type]
    return json.dumps(document, indent=2) + "\n"


# Edits of a document that make the peer's output compile, for documents whose plain output does not:
# {document key: (what the edit does, function from the document's text to the edited text)}. A document listed
# here is also measured edited, as "KEY-fixed", for both tools.
PEER_FIXES = {
    "drf": ("request bodies only as application/json (no form or multipart bodies), as with DRF's JSONParser alone",
            json_bodies_only),
}


# MARK: the documents


def framework_document(args, framework, path):
    """Writes the document `framework_schemas.py FRAMEWORK --n N` prints, with the pinned Python environment."""
    python = args.python or run(["bash", os.path.join(REPO, "Scripts", "python-env.sh")]).strip()
    args.python = python
    text = run([python, os.path.join(HERE, "framework_schemas.py"), framework, "--n", str(args.n)])
    with open(path, "w") as f:
        f.write(text)


def chatgpt_document(args, path):
    """Copies the ChatGPT document from the peer's checkout, which SwiftPM resolved beside the release tools."""
    source = os.path.join(os.path.dirname(os.path.abspath(args.bin)), "checkouts", "swift-openapi-generator", CHATGPT)
    if not os.path.isfile(source):
        sys.exit(f"no {source}: build swift-openapi-generator from Benchmarks/ first (run.sh does)")
    shutil.copyfile(source, path)


def document_list(args):
    """The documents to measure, each written to .work/realdocs/docs/KEY/ with its edited copy in edit/ (under the
    same file name, which crudegen's spec records)."""
    middle = f"Gadget{max(1, (args.n + 1) // 2)}"
    known = {
        "chatgpt": {"title": "OpenAI (swift-openapi-generator's ChatGPT example)", "stem": "ChatGPT", "file": "openapi.yaml",
                    "schema": "Model", "write": chatgpt_document},
        "fastapi": {"title": f"FastAPI + SQLModel, {args.n} resources", "stem": "FastAPI", "file": "openapi.json",
                    "schema": f"{middle}Public", "write": lambda a, p: framework_document(a, "fastapi", p)},
        "drf": {"title": f"Django REST Framework + drf-spectacular, {args.n} resources", "stem": "DRF", "file": "openapi.json",
                "schema": middle, "write": lambda a, p: framework_document(a, "drf", p)},
    }
    docs = []
    for key in args.docs:
        spec = known[key]
        folder = os.path.join(WORK, "docs", key)
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(os.path.join(folder, "edit"))
        path = os.path.join(folder, spec["file"])
        log(f"document {key}: writing {os.path.relpath(path, HERE)}")
        spec["write"](args, path)
        docs.append({"key": key, "title": spec["title"], "stem": spec["stem"], "path": path, "schema": spec["schema"]})
        if key in PEER_FIXES:
            description, fix = PEER_FIXES[key]
            fixed_folder = os.path.join(WORK, "docs", key + "-fixed")
            shutil.rmtree(fixed_folder, ignore_errors=True)
            os.makedirs(os.path.join(fixed_folder, "edit"))
            fixed = os.path.join(fixed_folder, spec["file"])
            with open(path) as source, open(fixed, "w") as f:
                f.write(fix(source.read()))
            docs.append({"key": key + "-fixed", "title": f"{spec['title']}, edited: {description}", "stem": spec["stem"] + "Fixed",
                         "path": fixed, "schema": spec["schema"]})
    for doc in docs:
        doc["edited"] = os.path.join(os.path.dirname(doc["path"]), "edit", os.path.basename(doc["path"]))
        with open(doc["path"]) as f:
            text = f.read()
        with open(doc["edited"], "w") as f:
            f.write(add_property(text, doc["schema"]))
        doc["bytes"] = len(text.encode())
        doc["schemas"] = len(schema_names(text))
    return docs


def schema_names(text):
    """The names of a document's component schemas (JSON, or YAML in block style as the ChatGPT document is)."""
    if text.lstrip().startswith("{"):
        return list(json.loads(text).get("components", {}).get("schemas", {}))
    lines = text.splitlines()
    start, indent = yaml_schemas_block(lines)
    names = []
    for line in lines[start:]:
        depth = len(line) - len(line.lstrip(" "))
        if line.strip() and depth < indent:
            break
        if depth == indent and line.rstrip().endswith(":") and not line.lstrip().startswith("#"):
            names.append(line.strip()[:-1].strip("'\""))
    return names


def yaml_schemas_block(lines):
    """The index of the first line under `components:` / `schemas:` and the indentation of the schemas' names."""
    try:
        components = lines.index("components:")
        schemas = next(i for i in range(components + 1, len(lines)) if lines[i].strip() == "schemas:")
    except (ValueError, StopIteration):
        sys.exit("no components/schemas in the YAML document")
    first = next(line for line in lines[schemas + 1:] if line.strip())
    return schemas + 1, len(first) - len(first.lstrip(" "))


def add_property(text, schema):
    """The document with component schema `schema` given one more optional property, `bench_added` (a string).
    JSON documents are rewritten as they were written (indent 2); YAML documents are edited as text, so that
    nothing else about them changes."""
    addition = {"type": "string", "description": "Added by Benchmarks/real_docs.py: the one-schema edit."}
    if text.lstrip().startswith("{"):
        document = json.loads(text)
        properties = document["components"]["schemas"][schema]["properties"]
        if ADDED_PROPERTY in properties:
            sys.exit(f"{schema} already has {ADDED_PROPERTY}")
        properties[ADDED_PROPERTY] = addition
        return json.dumps(document, indent=2) + "\n"
    lines = text.splitlines(keepends=True)
    start, indent = yaml_schemas_block([line.rstrip("\n") for line in lines])
    head = next((i for i in range(start, len(lines)) if lines[i].rstrip("\n") == " " * indent + schema + ":"), None)
    if head is None:
        sys.exit(f"no component schema {schema} in the YAML document")
    for i in range(head + 1, len(lines)):
        line = lines[i]
        depth = len(line) - len(line.lstrip(" "))
        if line.strip() and depth <= indent:
            break
        if line.rstrip("\n") == " " * (indent + 2) + "properties:":
            pad = " " * (indent + 4)
            inserted = [f"{pad}{ADDED_PROPERTY}:\n", f"{pad}  type: string\n", f"{pad}  description: \"{addition['description']}\"\n"]
            return "".join(lines[:i + 1] + inserted + lines[i + 1:])
    sys.exit(f"component schema {schema} has no `properties:` to add to")


# MARK: the commands


def tool_paths(args):
    """The release tools: crudegen (for import), the build plugin's tool, and the peer."""
    return {"crudegen": os.path.join(args.bin, "crudegen"), "build_tool": os.path.join(args.bin, "CrudeGenBuildTool"),
            PEER: os.path.join(args.bin, "swift-openapi-generator")}


def spec_path(doc, edited=False):
    """Where crudegen's import writes the document's spec (the edited one in edit/, under the same name)."""
    folder = os.path.join(WORK, "specs", doc["key"], *(["edit"] if edited else []))
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, f"{doc['stem']}.crude.yaml")


def import_command(args, doc, edited=False):
    return [tool_paths(args)["crudegen"], "import", doc["edited"] if edited else doc["path"], "-o", spec_path(doc, edited), "--force"]


def build_tool_command(args, doc, out, edited=False):
    return [tool_paths(args)["build_tool"], spec_path(doc, edited)] + bench.plugin_outputs(out, args.files_per_spec, doc["stem"])


def peer_command(args, doc, out, edited=False):
    # Public declarations, as crudegen's default, so that both outputs have the same access level.
    return [tool_paths(args)[PEER], "generate", "--mode", "types", "--mode", "client", "--access-modifier", "public",
            "--output-directory", out, doc["edited"] if edited else doc["path"]]


def combined(*samples):
    """One step made of several processes run one after the other: times add up, the peak is the largest."""
    return {"wall": sum(s["wall"] for s in samples), "cpu": sum(s["cpu"] for s in samples),
            "rss_mb": max(s["rss_mb"] for s in samples)}


def summary(samples):
    """Medians of wall, CPU and peak RSS over the samples, which are kept too."""
    return {"wall": median([s["wall"] for s in samples]), "cpu": median([s["cpu"] for s in samples]),
            "rss_mb": median([s["rss_mb"] for s in samples]), "samples": samples}


def regenerate(args, doc, tool, out, edited=False):
    """Generates the document's code with `tool` into `out`, as each tool's build plugin would; returns the timed
    steps (crudegen: import, generate, and both together; the peer: generate)."""
    if tool == "crudegen":
        imported = measure(import_command(args, doc, edited), capture=True)
        doc.setdefault("import_summary", imported.pop("output").strip().splitlines()[-1:])
        generated = measure(build_tool_command(args, doc, out, edited))
        return {"import": imported, "generate": generated, "total": combined(imported, generated)}
    generated = measure(peer_command(args, doc, out, edited))
    return {"generate": generated, "total": generated}


def alternating(runs):
    """The tools in the order of each run: A B, B A, … so that drift on a shared machine hits both."""
    return [TOOLS if r % 2 == 0 else TOOLS[::-1] for r in range(runs)]


# MARK: generation


def bench_generation(args, doc):
    """Generation from the document by each tool into an empty folder, --runs times, alternating."""
    quiet = wait_quiet(args, f"generation of {doc['key']}")
    log(f"generation, {doc['key']}: {args.runs} runs of each, alternating")
    samples = {tool: [] for tool in TOOLS}
    for r, order in enumerate(alternating(args.runs)):
        for tool in order:
            out = os.path.join(WORK, "gen", doc["key"], "crude" if tool == "crudegen" else "openapi")
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
            steps = regenerate(args, doc, tool, out)
            samples[tool].append(steps)
            log(f"  {tool:24} run {r + 1}: " + ", ".join(f"{name} {s['wall']:.2f} s wall, {s['cpu']:.2f} s CPU, {s['rss_mb']:.0f} MB"
                                                          for name, s in steps.items() if name != "total" or "import" in steps))
    result = {"runs": args.runs, **quiet}
    for tool in TOOLS:
        lines, files = swift_lines(os.path.join(WORK, "gen", doc["key"], "crude" if tool == "crudegen" else "openapi"))
        result[tool] = {step: summary([s[step] for s in samples[tool]]) for step in samples[tool][0]}
        result[tool].update(lines=lines, files=files)
    doc["generation"] = result


# MARK: compiling, and the one-schema edit

PACKAGE = """// swift-tools-version: 6.1
// Written by Benchmarks/real_docs.py: {tool}'s code for each document as a target of its own, to time compiling it.
import PackageDescription

let package = Package(
    name: "RealDocs",
    platforms: [.macOS(.v13)],
    dependencies: [
{dependencies}
    ],
    targets: [
{targets}
    ]
)
"""

RUNTIMES = {
    "crudegen": {"dependencies": [f'        .package(name: "crudegen", path: {json.dumps(REPO)}),'],
                 "products": '.product(name: "CrudeRuntime", package: "crudegen")',
                 "imports": ["CrudeRuntime", "Foundation"], "prefix": "Crude"},
    PEER: {"dependencies": ['        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),',
                            '        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),'],
           "products": ('.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"), '
                        '.product(name: "HTTPTypes", package: "swift-http-types")'),
           "imports": ["OpenAPIRuntime", "HTTPTypes", "Foundation"], "prefix": "OpenAPI"},
}


def package_dir(tool):
    return os.path.join(WORK, "compile-" + ("crudegen" if tool == "crudegen" else "openapi"))


def target_name(tool, doc):
    return RUNTIMES[tool]["prefix"] + doc["stem"]


def sources_dir(tool, doc):
    return os.path.join(package_dir(tool), "Sources", target_name(tool, doc))


def build_command(tool, target):
    return ["swift", "build", "--scratch-path", os.path.join(package_dir(tool), ".build"), "--target", target]


def write_packages(args, docs):
    """One package per tool: a `Floor` target that only imports the runtime (it builds the dependencies) and a
    target per document holding the tool's code for it, generated as the tool's build plugin would."""
    for tool in TOOLS:
        package = package_dir(tool)
        shutil.rmtree(os.path.join(package, "Sources"), ignore_errors=True)
        runtime = RUNTIMES[tool]
        floor = os.path.join(package, "Sources", runtime["prefix"] + "Floor")
        os.makedirs(floor)
        with open(os.path.join(floor, "Floor.swift"), "w") as f:
            f.write("".join(f"import {module}\n" for module in runtime["imports"]))
        targets = [runtime["prefix"] + "Floor"]
        for doc in docs:
            os.makedirs(sources_dir(tool, doc))
            if tool == "crudegen":
                run(import_command(args, doc))
                run(build_tool_command(args, doc, sources_dir(tool, doc)))
            else:
                run(peer_command(args, doc, sources_dir(tool, doc)))
            targets.append(target_name(tool, doc))
        lines = [f'        .target(name: "{name}", dependencies: [{runtime["products"]}]),' for name in targets]
        with open(os.path.join(package, "Package.swift"), "w") as f:
            f.write(PACKAGE.format(tool=tool, dependencies="\n".join(runtime["dependencies"]), targets="\n".join(lines)))
    for tool in TOOLS:
        wait_quiet(args, f"building {tool}'s runtime")
        log(f"compile: building {tool}'s runtime (debug, untimed)")
        first = measure(build_command(tool, RUNTIMES[tool]["prefix"] + "Floor"), cwd=package_dir(tool))
        log(f"  {first['wall']:.0f} s")


def compile_errors(sample):
    """The first distinct `error:` lines of a failed build (SwiftPM prints the compiler's to standard output)."""
    text = sample.get("output", "") + sample.get("errors", "")
    errors = []
    for line in text.splitlines():
        if re.match(r"\S+:\d+:\d+: error: ", line.strip()):  # not the excerpts of the source that follow
            line = re.sub(r"^\S*/", "", line.strip())
            if line not in errors:
                errors.append(line)
    return {"returncode": sample.get("returncode"), "error_lines": len(errors), "first_errors": errors[:5]}


def bench_compile(args, doc):
    """Each tool's code for the document compiled from scratch (debug), --compile-runs times, alternating."""
    quiet = wait_quiet(args, f"compiling {doc['key']}")
    log(f"compile, {doc['key']}: {args.compile_runs} builds from scratch of each, alternating")
    samples = {tool: [] for tool in TOOLS}
    failed = {}
    for r, order in enumerate(alternating(args.compile_runs)):
        for tool in order:
            if tool in failed:
                continue
            target = target_name(tool, doc)
            bench.remove_build_products(os.path.join(package_dir(tool), ".build"), target)
            sample = measure(build_command(tool, target), cwd=package_dir(tool), capture=True, check=False)
            output = sample.pop("output")
            if sample.pop("returncode"):
                failed[tool] = compile_errors({**sample, "output": output})
                log(f"  {target:24} run {r + 1}: DOES NOT COMPILE ({failed[tool]['error_lines']} distinct errors), first: "
                    + "; ".join(failed[tool]["first_errors"][:2]))
                continue
            noop = measure(build_command(tool, target), cwd=package_dir(tool))
            sample.update(noop_wall=noop["wall"], net_wall=sample["wall"] - noop["wall"])
            samples[tool].append(sample)
            log(f"  {target:24} run {r + 1}: {sample['wall']:.1f} s wall from scratch ({noop['wall']:.1f} s with nothing to do), "
                f"{sample['cpu']:.1f} s CPU, {sample['rss_mb']:.0f} MB")
    result = {"runs": args.compile_runs, **quiet}
    for tool in TOOLS:
        if tool in failed:
            result[tool] = {"failed": failed[tool]}
        else:
            result[tool] = {**summary(samples[tool]), "net_wall": median([s["net_wall"] for s in samples[tool]]),
                            "noop_wall": median([s["noop_wall"] for s in samples[tool]])}
    doc["compile"] = result


def bench_edit(args, doc):
    """The one-schema edit: regenerate from the edited document into the target (each tool writes only the files
    that change), rebuild incrementally; the original is restored (untimed) before the next run."""
    tools = [tool for tool in TOOLS if "failed" not in doc.get("compile", {}).get(tool, {})]
    quiet = wait_quiet(args, f"the one-schema edit of {doc['key']}")
    log(f"edit, {doc['key']}: {doc['schema']} gains `{ADDED_PROPERTY}`; {args.compile_runs} runs of each, alternating")
    samples = {tool: [] for tool in tools}
    for r, order in enumerate(alternating(args.compile_runs)):
        for tool in (t for t in order if t in tools):
            target, sources = target_name(tool, doc), sources_dir(tool, doc)
            build = build_command(tool, target)
            steps = regenerate(args, doc, tool, sources, edited=True)
            reached = any(ADDED_PATTERN.search(open(os.path.join(sources, name), "rb").read()) for name in os.listdir(sources))
            rebuilt = measure(build, cwd=package_dir(tool), capture=True, check=False)
            output = rebuilt.pop("output")
            if rebuilt.pop("returncode"):
                sys.exit(f"{target} does not compile after the edit: " + "; ".join(compile_errors({"output": output})["first_errors"][:3]))
            rebuilt["compiled"] = bench.compiled_files(output, target)
            steps.update(rebuild=rebuilt, regenerate=steps.pop("total"), reached_output=reached)
            steps["total"] = combined(steps["regenerate"], rebuilt)
            samples[tool].append(steps)
            log(f"  {target:24} run {r + 1}: regenerate {steps['regenerate']['wall']:.2f} s, rebuild {rebuilt['wall']:.1f} s wall, "
                f"{rebuilt['cpu']:.1f} s CPU, {rebuilt['rss_mb']:.0f} MB, {len(rebuilt['compiled'])} files compiled"
                + ("" if reached else f"; WARNING: `{ADDED_PROPERTY}` is not in the regenerated code"))
            if r < args.compile_runs - 1:  # the original back, for the next run
                regenerate(args, doc, tool, sources)
                measure(build, cwd=package_dir(tool))
    result = {"runs": args.compile_runs, "schema": doc["schema"], "property": ADDED_PROPERTY, **quiet}
    for tool in tools:
        runs = samples[tool]
        result[tool] = {step: summary([s[step] for s in runs]) for step in runs[0] if step not in ("reached_output",)}
        result[tool]["rebuild"]["compiled"] = max(len(s["rebuild"]["compiled"]) for s in runs)
        result[tool]["reached_output"] = all(s["reached_output"] for s in runs)
    doc["edit"] = result


# MARK: the table


def ratio(ours, theirs):
    return ours / theirs if theirs else float("nan")


def step_row(doc, label, ours, theirs, note=""):
    """One row of the main table: each tool's median wall, CPU and peak RSS, and crudegen ÷ peer of each."""
    def cells(v):
        if v is None:
            return "—", "", ""
        return fmt_s(v["wall"]), fmt_s(v["cpu"]), f"{v['rss_mb']:.0f} MB"
    left, right = cells(ours), cells(theirs) if not note else (note, "", "")
    if ours is not None and theirs is not None and not note:
        ratios = (f"**{ratio(ours['wall'], theirs['wall']):.2f}**", f"{ratio(ours['cpu'], theirs['cpu']):.2f}",
                  f"{ratio(ours['rss_mb'], theirs['rss_mb']):.2f}")
    else:
        ratios = ("", "", "")
    return f"| {doc['key']} | {label} | " + " | ".join(left + right + ratios) + " |"


def table(results):
    """The Markdown report: the documents, one table of every step with ratios, the lines generated, failures."""
    meta = results["meta"]
    out = [f"Measured {meta['date']} on {meta['machine']}.  ", f"Command: `{meta['command']}`  "]
    h = meta.get("harness_seconds", 0)
    out += [f"Harness wall time: {h:.0f} s." if h < 120 else f"Harness wall time: {h / 60:.1f} min.", ""]
    docs = results["documents"]
    out += ["### The documents", "", "| document | what | size | component schemas | what crudegen imported | the edit |",
            "|---|---|---:|---:|---|---|"]
    for doc in docs:
        found = re.search(r"\d+ operations read: .*?left out", " ".join(doc.get("import_summary", [])))
        imported = found.group(0) if found else "—"
        out.append(f"| {doc['key']} | {doc['title']} | {doc['bytes'] / 1024:,.0f} KB | {doc['schemas']:,} | {imported} | "
                   f"`{doc['schema']}` gains `{ADDED_PROPERTY}` (string, optional) |")
    out.append("")
    options = results["options"]
    def runs(count, what):
        return f"{what} of {count} run{'s' if count != 1 else ''}"
    counted = [runs(options["runs"], "generation")] + ([runs(options["compile_runs"], "builds")] if "compile" in options["steps"] else [])
    out += [f"### crudegen against {PEER} 1.14.3, step by step (medians: {', '.join(counted)}; "
            "ratios are crudegen ÷ peer of the medians, below 1 when crudegen takes less)", "",
            "Generation: release tools, an empty output folder; crudegen imports the document, then `CrudeGenBuildTool` "
            f"writes the build plugin's {results['options']['files_per_spec']} files; the peer runs `generate --mode types "
            "--mode client --access-modifier public`. Compiling: `swift build --target T` (debug) of each tool's code in a "
            "package of its own, the runtime already built, after deleting T's build products; *net* subtracts the same "
            "command with nothing to do. The edit: one component schema gains one optional property; regenerate (crudegen: "
            "import and generate), then rebuild incrementally.", "",
            f"| document | step | crudegen wall | CPU | peak RSS | {PEER} wall | CPU | peak RSS | wall ratio | CPU ratio | RSS ratio |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for doc in docs:
        if "generation" in doc:
            g = doc["generation"]
            c, o = g["crudegen"], g[PEER]
            out.append(step_row(doc, "import (crudegen only)", c["import"], None))
            out.append(step_row(doc, "generate", c["generate"], o["generate"]))
            out.append(step_row(doc, "import + generate", c["total"], o["generate"]))
        if "compile" in doc:
            k = doc["compile"]
            c, o = k["crudegen"], k[PEER]
            failure = {tool: "**does not compile**" for tool in TOOLS if "failed" in k[tool]}
            if "crudegen" in failure:
                out.append(f"| {doc['key']} | compile from scratch | {failure['crudegen']} | | | | | | | | |")
            else:
                out.append(step_row(doc, "compile from scratch", c, o, failure.get(PEER, "")))
                if PEER not in failure:
                    out.append(f"| {doc['key']} | compile from scratch, net | {fmt_s(c['net_wall'])} | | | {fmt_s(o['net_wall'])} | | | "
                               f"**{ratio(c['net_wall'], o['net_wall']):.2f}** | | |")
        if "edit" in doc:
            e = doc["edit"]
            c, o = e.get("crudegen"), e.get(PEER)
            note = "" if o else "not measured: does not compile"
            out.append(step_row(doc, "edit: regenerate", c and c["regenerate"], o and o["regenerate"], note))
            out.append(step_row(doc, "edit: rebuild", c and c["rebuild"], o and o["rebuild"], note))
            out.append(step_row(doc, "edit: regenerate + rebuild", c and c["total"], o and o["total"], note))
    out.append("")
    out += ["### Generated code", "", f"| document | crudegen lines | files | {PEER} lines | files | crudegen ÷ peer (lines) |",
            "|---|---:|---:|---:|---:|---:|"]
    for doc in docs:
        if "generation" in doc:
            c, o = doc["generation"]["crudegen"], doc["generation"][PEER]
            out.append(f"| {doc['key']} | {c['lines']:,} | {c['files']} | {o['lines']:,} | {o['files']} | **{ratio(c['lines'], o['lines']):.2f}** |")
    out.append("")
    edits = [doc for doc in docs if "edit" in doc]
    if edits:
        out += ["### Files the edit's rebuild compiled", "", f"| document | crudegen | {PEER} |", "|---|---:|---:|"]
        for doc in edits:
            cells = []
            for tool in TOOLS:
                v = doc["edit"].get(tool)
                cells.append("—" if v is None else f"{v['rebuild']['compiled']}" + ("" if v["reached_output"] else " (the edit did not reach the code)"))
            out.append(f"| {doc['key']} | " + " | ".join(cells) + " |")
        out.append("")
    for doc in docs:
        for tool in TOOLS:
            failure = doc.get("compile", {}).get(tool, {}).get("failed")
            if failure:
                out.append(f"{tool}'s code for {doc['key']} does not compile ({failure['error_lines']} distinct error lines); the first:")
                out.append("")
                out += [f"    {line}" for line in failure["first_errors"]]
                out.append("")
    return "\n".join(out) + "\n"


# MARK: main


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", help="comma-separated: chatgpt, fastapi, drf (default all; with --quick, fastapi,drf)")
    parser.add_argument("--n", type=int, help="resources of the FastAPI and DRF apps (default 300; with --quick, 3)")
    parser.add_argument("--runs", type=int, help="generation runs of each tool per document (default 3; with --quick, 1)")
    parser.add_argument("--compile-runs", type=int, default=1, help="builds from scratch, and edits, of each per document (default 1)")
    parser.add_argument("--steps", default="generation,compile,edit", help="comma-separated: generation, compile, edit (default all; edit needs compile)")
    parser.add_argument("--bin", default=bench.BIN, help="folder of the release tools (default Benchmarks/.build/release)")
    parser.add_argument("--files-per-spec", type=int, default=bench.FILES_PER_SPEC,
                        help=f"the build plugin's files per spec (default {bench.FILES_PER_SPEC}, the plugin's)")
    parser.add_argument("--python", help="the Python with FastAPI and DRF (default: what Scripts/python-env.sh prints)")
    parser.add_argument("--quiet-load", type=float, default=0.8, help="wait for a 1-minute load average below this (default 0.8)")
    parser.add_argument("--max-wait", type=float, help="seconds to wait for it at most, per phase (default 300; with --quick, 0)")
    parser.add_argument("--quick", action="store_true", help="smoke check: fastapi and drf at N = 3, one run, no waiting")
    parser.add_argument("--table-from", metavar="JSON", help="print the table of saved results, measuring nothing")
    parser.add_argument("--command", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.table_from:
        with open(args.table_from) as f:
            print(table(json.load(f)))
        return
    quick = args.quick
    args.docs = (args.docs or ("fastapi,drf" if quick else "chatgpt,fastapi,drf")).split(",")
    args.n = args.n if args.n is not None else 3 if quick else 300
    args.runs = args.runs if args.runs is not None else 1 if quick else 3
    args.max_wait = args.max_wait if args.max_wait is not None else 0 if quick else 300
    parts = [p for p in args.steps.split(",") if p]
    if set(parts) - {"generation", "compile", "edit"} or set(args.docs) - {"chatgpt", "fastapi", "drf"}:
        parser.error("unknown step or document")
    if "edit" in parts and "compile" not in parts:
        parser.error("the edit step needs the compile step")
    for tool, path in tool_paths(args).items():
        if not os.access(path, os.X_OK):
            sys.exit(f"no {path}: build the release tools first (Benchmarks/run.sh --parts realdocs does)")

    started = time.time()
    results = {"meta": {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": bench.machine(),
        "command": args.command or " ".join(["python3", "Benchmarks/real_docs.py"] + sys.argv[1:]),
        "load_at_start": open("/proc/loadavg").read().split()[:3],
    }, "options": {"n": args.n, "runs": args.runs, "compile_runs": args.compile_runs, "files_per_spec": args.files_per_spec,
                   "steps": parts, "quick": quick}}
    folder = os.path.join(bench.WORK, "results") if quick else RESULTS
    os.makedirs(folder, exist_ok=True)
    base = os.path.join(folder, "realdocs-" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S") + ("-quick" if quick else ""))

    docs = document_list(args)
    results["documents"] = docs

    def save():
        results["meta"]["harness_seconds"] = time.time() - started
        with open(base + ".json", "w") as f:
            json.dump(results, f, indent=2)

    for tool in TOOLS:  # untimed: the binaries into the page cache
        out = os.path.join(WORK, "gen", "warm-" + ("crude" if tool == "crudegen" else "openapi"))
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        regenerate(args, docs[0], tool, out)
    if "generation" in parts:
        for doc in docs:
            bench_generation(args, doc)
            save()
    if "compile" in parts:
        write_packages(args, docs)
        for doc in docs:
            bench_compile(args, doc)
            save()
            if "edit" in parts:
                bench_edit(args, doc)
                save()
    save()
    text = table(results)
    with open(base + ".md", "w") as f:
        f.write(text)
    print(text)
    log(f"results in {base}.md (and .json)")


if __name__ == "__main__":
    main()
