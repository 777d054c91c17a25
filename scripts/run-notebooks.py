#!/usr/bin/env python3
"""Executes every notebook under notebooks/ headless with the tslab kernel and fails on any
cell error. Also fails when a committed notebook carries outputs (notebooks are committed clean).

Run with Debian's Python (/usr/bin/python3), which has nbclient, after `tslab install
--python=/usr/bin/python3`, with node_modules/.bin on PATH (npm run does that).

  scripts/run-notebooks.py [NAME …] [--executed DIR] [--strip] [--budget SECONDS]

NAME selects notebooks whose file name contains it (e.g. 03 or figures). --executed DIR writes
each executed notebook, outputs included, to DIR (to look at what a run showed). --strip clears
outputs and execution counts of the committed notebooks in place and exits. --budget fails the
run when all notebooks together take longer (the acceptance budget is 300 s).
"""
import argparse
import glob
import os
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser(description="Execute the notebooks headless with the tslab kernel.")
parser.add_argument("only", nargs="*", help="run only notebooks whose file name contains one of these")
parser.add_argument("--executed", metavar="DIR", help="write executed notebooks (with outputs) to DIR")
parser.add_argument("--strip", action="store_true", help="clear outputs of the committed notebooks in place, then exit")
parser.add_argument("--budget", type=float, default=None, metavar="SECONDS", help="fail when the whole run takes longer")
parser.add_argument("--timeout", type=int, default=600, metavar="SECONDS", help="per-cell time limit (default 600)")
args = parser.parse_args()

paths = sorted(glob.glob(os.path.join(root, "notebooks", "*.ipynb")))
if args.only:
    paths = [p for p in paths if any(o in os.path.basename(p) for o in args.only)]
if not paths:
    sys.exit("no notebooks found")


def dirty_cells(nb):
    return [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and (c.get("outputs") or c.get("execution_count"))]


if args.strip:
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        if not dirty_cells(nb):
            continue
        for c in nb.cells:
            if c.cell_type == "code":
                c["outputs"] = []
                c["execution_count"] = None
        nbformat.write(nb, path)
        print(f"stripped {os.path.relpath(path, root)}")
    sys.exit(0)

if args.executed:
    os.makedirs(args.executed, exist_ok=True)

failed = 0
started = time.time()
times = []
for path in paths:
    name = os.path.relpath(path, root)
    nb = nbformat.read(path, as_version=4)
    dirty = dirty_cells(nb)
    if dirty:
        print(f"FAIL {name}: committed with outputs in cells {dirty}; clear them before committing (scripts/run-notebooks.py --strip)", flush=True)
        failed += 1
        continue
    t = time.time()
    client = NotebookClient(nb, kernel_name="tslab", timeout=args.timeout, resources={"metadata": {"path": os.path.dirname(path)}})
    error = None
    try:
        client.execute()
    except CellExecutionError as e:
        error = str(e)[:4000]
    finally:
        if args.executed:
            nbformat.write(nb, os.path.join(args.executed, os.path.basename(path)))
    seconds = time.time() - t
    times.append((name, seconds))
    if error is None:
        errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.get("output_type") == "error"]
        if errors:
            error = f"{errors[0].get('ename')}: {errors[0].get('evalue')}"
    if error is not None:
        print(f"FAIL {name} ({seconds:.1f} s): {error}", flush=True)
        failed += 1
        continue
    print(f"ok   {name} ({len(nb.cells)} cells, {seconds:.1f} s)", flush=True)

total = time.time() - started
slowest = max(times, key=lambda x: x[1]) if times else None
print(f"notebooks took {total:.1f} s in all" + (f"; slowest {slowest[0]} ({slowest[1]:.1f} s)" if slowest else ""))
if args.budget is not None and total > args.budget:
    print(f"FAIL the notebooks took {total:.1f} s, over the budget of {args.budget:.0f} s", flush=True)
    failed += 1
    paths.append("budget")
print(f"{len(paths) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
