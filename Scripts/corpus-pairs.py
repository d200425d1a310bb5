#!/usr/bin/env python3
"""Which collection/item path pairs of ../shared/openapi-corpus a crudegen binary does not import as
resources, and whether a warning names each of them (`/path` and its item path are not imported as a
resource: …), as issue 40 asks. Pairs are found as ../shared/openapi-corpus/measure.py finds them.

    Scripts/corpus-pairs.py CRUDEGEN_BINARY

Reads ../shared (outside the repository), so it is a campaign for a closing note, not a test. Exit status
0 only when every pair that is not a resource is named by a warning.
"""
import os
import subprocess
import sys
import tempfile

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "openapi-corpus")
sys.path.insert(0, CORPUS)
import measure  # noqa: E402

if len(sys.argv) != 2:
    sys.exit(__doc__)
unnamed_total = left_total = 0
for name, entry in measure.documents(set()):
    pairs = measure.pairs(measure.load(entry), entry)
    spec = os.path.join(tempfile.mkdtemp(prefix="corpus-pairs-"), "spec.crude.yaml")
    run = subprocess.run([sys.argv[1], "import", entry, "-o", spec], capture_output=True, text=True, timeout=600)
    resources = measure.resource_paths(measure.load(spec)) if run.returncode == 0 else set()
    left = [pair for pair in pairs if pair.strip("/") not in resources]
    unnamed = [pair for pair in left if f"`{pair}` and its item path are not imported as a resource" not in run.stderr]
    left_total += len(left)
    unnamed_total += len(unnamed)
    print(f"{name}: {len(left)} pairs not resources, {len(left) - len(unnamed)} named by a warning" + (f"; unnamed: {unnamed}" if unnamed else ""))
print(f"corpus: {left_total} pairs not resources, {left_total - unnamed_total} named by a warning")
sys.exit(0 if unnamed_total == 0 else 1)
