#!/usr/bin/env python3
"""Build plugins' edit loop on a large real API: crudegen's in one target and a target per tag, and the peer's.

Every edit of a spec makes the compiler emit the interface of the spec's module again, a job over every
declaration of that module (Benchmarks/README.md): in one target it grows with the whole API, split by
`crudegen import --tag` it grows with one tag's part. This measures these layouts of a document (by default
the ChatGPT document of swift-openapi-generator's examples, 889 KB), each a consumer package whose targets
apply a build plugin:

  one            `crudegen import openapi.yaml`, the whole document in one spec and one target;
  used           `crudegen import openapi.yaml --used-types-only`: one target, every operation, but only the
                 types some operation uses, as each part of the split below holds;
  tags           `crudegen import openapi.yaml --tag T --api-name TAPI` for each operation tag T, a spec and
                 a target each;
  parts          `crudegen import openapi.yaml --path-prefix /a --path-prefix /b …` for --parts groups of the
                 paths' first segments, consecutive in document order: for documents without tags;
  split          `crudegen import openapi.yaml --split tags`: a target per operation tag, and one of the types
                 several tags reach, which the others use (`uses: [Shared]`): the layout in one command;
  split-paths    `crudegen import openapi.yaml --split paths --parts N`: the same, the first path segments cut into
                 --parts groups of consecutive ones, a target each;
  peer           swift-openapi-generator 1.14.3's build plugin on the document, in one target (types and
                 client, public), its edit made to `Model` in the document itself.

For each layout: a cold build (dependencies, the plugin's tool, the generated code), a build with nothing to
do, then --runs edits of each of --models (by default `Model`, which one small tag of ChatGPT's document uses,
and `AssistantObject`, of its largest tag): one optional property added to the first spec declaring it, then
removed, each saved in place, with the build after each. Wall time, CPU time and peak RSS come from bench.measure (wait4).

  python3 Benchmarks/split_layout.py [--bin Benchmarks/.build/release] [--runs 3] [--max-wait 300]
  python3 Benchmarks/split_layout.py --document DOC --layouts one,parts --parts 4 --models Gadget100

The `crudegen` of --bin imports the document (untimed); `run.sh --parts split` builds it first.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

import bench
import real_docs

WORK = os.path.join(bench.WORK, "split")
# The schema real_docs.py edits in ChatGPT's document, which one tag's operations use, and one of the largest tag's.
DEFAULT_MODELS = "Model,AssistantObject"
ADDED_FIELD = "      benchAdded: String?\n"

def operation_tags(document):
    """The document's operation tags, in the order they first appear."""
    tags = []
    for match in re.finditer(r"(?m)^ {6}tags:\n((?: {8}- .*\n)+)", open(document).read()):
        for line in match.group(1).splitlines():
            tag = line.strip()[2:].strip().strip("'\"")
            if tag not in tags:
                tags.append(tag)
    return tags


def path_groups(document, count):
    """The first segments of the document's paths, in document order, cut into `count` consecutive groups."""
    text = open(document).read()
    paths = list(json.loads(text)["paths"]) if text.lstrip().startswith("{") else re.findall(r"(?m)^  (/\S*?):\s*$", text)
    segments = list(dict.fromkeys("/" + path.strip("/").split("/")[0] for path in paths))
    size = -(-len(segments) // count)
    return [segments[index:index + size] for index in range(0, len(segments), size)]


def swift_name(tag):
    """`Vector stores` → `VectorStores`, `Fine-tuning` → `FineTuning`."""
    return "".join(word[:1].upper() + word[1:] for word in re.split(r"[^A-Za-z0-9]+", tag) if word)


def peer_document_name(document):
    """The name the peer's plugin finds a document by: `openapi.yaml`, `openapi.yml` or `openapi.json`."""
    return "openapi" + os.path.splitext(document)[1]


def write_package(args, layout, document):
    """A consumer package for `layout` ("one", "used" or "tags"), its specs imported from `document`; returns its
    folder, its targets and, for each edited model, the first target whose spec declares it."""
    package = os.path.join(WORK, layout)
    shutil.rmtree(package, ignore_errors=True)
    if layout == "peer":
        bench.write_consumer_manifest(package, bench.PEER, ["API"])
        shutil.copyfile(document, os.path.join(package, "Sources", "API", peer_document_name(document)))
        return package, ["API"], {args.peer_model or args.models[0]: "API"}
    if layout in ("split", "split-paths"):
        sources = os.path.join(package, "Sources")
        os.makedirs(sources, exist_ok=True)
        criterion = ["--split", "tags"] if layout == "split" else ["--split", "paths", "--parts", str(args.parts)]
        output = subprocess.run([os.path.join(args.bin, "crudegen"), "import", document, *criterion, "-o", sources],
                                check=True, capture_output=True, text=True).stdout
        names = re.findall(r"(?m)^\S*/Sources/(\w+)/\1\.crude\.yaml: imported", output)
        bench.write_consumer_manifest(package, "crudegen", names, {name: ["Shared"] for name in names if name != "Shared" and "Shared" in names})
        edited_targets = {}
        for model in args.models:
            for name in names:
                if re.search(rf"(?m)^  {model}:\n", open(os.path.join(sources, name, f"{name}.crude.yaml")).read()):
                    edited_targets[model] = name
                    break
        return package, names, edited_targets
    tags = operation_tags(document)
    imports = {
        "one": [("API", [])],
        "used": [("API", ["--used-types-only"])],
        "tags": [(swift_name(tag), ["--tag", tag]) for tag in tags],
        "parts": [(f"Part{index + 1}", [argument for segment in group for argument in ("--path-prefix", segment)])
                  for index, group in enumerate(path_groups(document, args.parts))],
    }[layout]
    bench.write_consumer_manifest(package, "crudegen", [name for name, _ in imports])
    edited_targets = {}
    for name, selection in imports:
        spec = os.path.join(package, "Sources", name, f"{name}.crude.yaml")
        api = ["--api-name", f"{name}API"] if layout in ("tags", "parts") else []
        subprocess.run([os.path.join(args.bin, "crudegen"), "import", document, "-o", spec, *selection, *api],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for model in args.models:
            if model not in edited_targets and re.search(rf"(?m)^  {model}:\n", open(spec).read()):
                edited_targets[model] = name
    return package, [name for name, _ in imports], edited_targets


def toggle_property(document, original, model):
    """The peer's edit: `model` in the OpenAPI document gains real_docs.py's optional property, or loses it; in
    place."""
    text = open(document).read()
    with open(document, "r+") as f:
        f.write(original if text != original else real_docs.add_property(original, model))
        f.truncate()


def toggle_field(spec, model):
    """Adds the field to `model`'s `fields`, or removes it when it is there; saved in place, as an
    editor saves, so that SwiftPM does not plan the build again (docs/plugin.md)."""
    text = open(spec).read()
    if ADDED_FIELD in text:
        text = text.replace(ADDED_FIELD, "", 1)
    else:
        fields = re.search(rf"(?m)^  {model}:\n(?:    .*\n|\n)*?    fields:\n", text)
        text = text[:fields.end()] + ADDED_FIELD + text[fields.end():]
    with open(spec, "r+") as f:
        f.write(text)
        f.truncate()


def bench_layout(args, layout, document):
    package, targets, edited = write_package(args, layout, document)
    build = ["swift", "build", "--scratch-path", os.path.join(package, ".build")]
    bench.run(["swift", "package", "--scratch-path", os.path.join(package, ".build"), "resolve"], cwd=package)
    bench.wait_quiet(args, f"the cold build of {layout}")
    bench.log(f"{layout}: {len(targets)} target(s); cold build")
    row = {"layout": layout, "targets": len(targets), "cold": bench.measure(build, cwd=package)}
    row["lines"] = bench.swift_lines(os.path.join(package, ".build", "plugins", "outputs"))[0]
    bench.measure(build, cwd=package)  # SwiftPM's second planning pass (docs/plugin.md)
    row["noop"] = bench.measure(build, cwd=package)
    row["edits"] = {}
    for model, target in edited.items():
        spec = os.path.join(package, "Sources", target, peer_document_name(document) if layout == "peer" else f"{target}.crude.yaml")
        original = open(spec).read()
        samples = []
        for run in range(args.runs * 2):
            if run % 2 == 0:
                bench.wait_quiet(args, f"edit {run // 2 + 1} of {model} in {layout}")
            if layout == "peer":
                toggle_property(spec, original, model)
            else:
                toggle_field(spec, model)
            sample = bench.measure(build, cwd=package, capture=True)
            output = sample.pop("output")
            sample["compiled"] = [file for name in targets for file in bench.compiled_files(output, name)]
            samples.append(sample)
            bench.log(f"  {model} in {target}: {sample['wall']:.2f} s wall, {sample['cpu']:.2f} s CPU, {sample['rss_mb']:.0f} MB, "
                      f"{len(sample['compiled'])} files compiled")
        row["edits"][model] = {"target": target, "samples": samples}
    return row


LAYOUT_NAMES = {"one": "one target, every schema", "used": "one target, the types operations use", "tags": "a target per tag",
                "split": "`--split tags`: a target per tag, shared types once", "split-paths": "`--split paths --parts N`: a target per group of paths, shared types once",
                "parts": "a target per group of paths", "peer": "swift-openapi-generator, one target"}


def table(rows, models):
    """One line per layout and edited model; the last column divides the peer's median `Model` edit by this one."""
    peer = next((statistics.median(sample["wall"] for sample in next(iter(row["edits"].values()))["samples"])
                 for row in rows if row["layout"] == "peer"), None)
    lines = ["| layout | targets | generated lines | cold | nothing to do | edited model (its target) | one-property edit: median (range) "
             "| CPU | peak RSS | files compiled | peer ÷ this |",
             "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|"]
    for row in rows:
        for model, edit in row["edits"].items():
            samples = edit["samples"]
            walls = [sample["wall"] for sample in samples]
            ratio = f"{peer / statistics.median(walls):.1f}×" if peer and model == models[0] and row["layout"] != "peer" else ""
            lines.append(
                f"| {LAYOUT_NAMES[row['layout']]} | {row['targets']} | {row['lines']:,} | {row['cold']['wall']:.1f} s "
                f"(CPU {row['cold']['cpu']:.0f} s, {row['cold']['rss_mb']:.0f} MB) | {row['noop']['wall']:.2f} s | `{model}` ({edit['target']}) "
                f"| {statistics.median(walls):.2f} s ({min(walls):.2f}–{max(walls):.2f}) "
                f"| {statistics.median(sample['cpu'] for sample in samples):.2f} s | {max(sample['rss_mb'] for sample in samples):.0f} MB "
                f"| {max(len(sample['compiled']) for sample in samples)} | {ratio} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.path.join(bench.HERE, ".build", "release"),
                        help="where the release crudegen is (default Benchmarks/.build/release, where run.sh builds it)")
    parser.add_argument("--document", help="the OpenAPI document (default: ChatGPT's, from the peer's checkout beside --bin)")
    parser.add_argument("--runs", type=int, default=3, help="edits per layout, each followed by its undo (default 3)")
    parser.add_argument("--layouts", default="one,used,tags,split,peer",
                        help="which of one, used, tags, parts, split, split-paths and peer (default one,used,tags,split,peer)")
    parser.add_argument("--parts", type=int, default=4, help="targets of the parts and split-paths layouts (default 4)")
    parser.add_argument("--models", default=DEFAULT_MODELS, help=f"the models to edit, the first also in the peer's document (default {DEFAULT_MODELS})")
    parser.add_argument("--peer-model", help="the schema the peer's edit changes, when the first of --models is named otherwise in the "
                                             "document (FastAPI's resource Gadget100 is its schema Gadget100Public)")
    parser.add_argument("--quiet-load", type=float, default=0.8, help="wait for the 1-minute load to drop below this")
    parser.add_argument("--max-wait", type=float, default=300, help="wait at most this many seconds for it")
    args = parser.parse_args()
    args.models = args.models.split(",")
    os.makedirs(WORK, exist_ok=True)
    document = os.path.join(WORK, os.path.basename(args.document) if args.document else "openapi.yaml")
    if args.document:
        shutil.copyfile(args.document, document)
    else:
        real_docs.chatgpt_document(args, document)
    started = time.time()
    rows = [bench_layout(args, layout, document) for layout in args.layouts.split(",")]
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(started))
    os.makedirs(real_docs.RESULTS, exist_ok=True)
    with open(os.path.join(real_docs.RESULTS, f"split-{stamp}.json"), "w") as f:
        json.dump({"machine": bench.machine(), "rows": rows}, f, indent=1)
    print(table(rows, args.models))
    print(f"\nresults in Benchmarks/results/split-{stamp}.json; {(time.time() - started) / 60:.1f} min")


if __name__ == "__main__":
    sys.exit(main())
