#!/usr/bin/env python3
"""Executes every notebook under notebooks/ headless with the tslab kernel and fails on any
cell error. Also fails when a committed notebook carries outputs (notebooks are committed clean).

Run with Debian's Python (/usr/bin/python3), which has nbclient, after `tslab install
--python=/usr/bin/python3`, with node_modules/.bin on PATH (npm run does that).
"""
import glob
import os
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
paths = sorted(glob.glob(os.path.join(root, "notebooks", "*.ipynb")))
only = sys.argv[1:]
if only:
    paths = [p for p in paths if any(o in os.path.basename(p) for o in only)]
if not paths:
    sys.exit("no notebooks found")

failed = 0
started = time.time()
for path in paths:
    name = os.path.relpath(path, root)
    nb = nbformat.read(path, as_version=4)
    dirty = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and (c.get("outputs") or c.get("execution_count"))]
    if dirty:
        print(f"FAIL {name}: committed with outputs in cells {dirty}; clear them before committing", flush=True)
        failed += 1
        continue
    t = time.time()
    client = NotebookClient(nb, kernel_name="tslab", timeout=600, resources={"metadata": {"path": os.path.dirname(path)}})
    try:
        client.execute()
    except CellExecutionError as e:
        print(f"FAIL {name}: {str(e)[:4000]}", flush=True)
        failed += 1
        continue
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.get("output_type") == "error"]
    if errors:
        print(f"FAIL {name}: {errors[0].get('ename')}: {errors[0].get('evalue')}", flush=True)
        failed += 1
        continue
    print(f"ok   {name} ({len(nb.cells)} cells, {time.time() - t:.1f} s)", flush=True)

print(f"{len(paths) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
