#!/usr/bin/env python3
"""Executes every notebook under notebooks/ headless with the tslab kernel and fails on any
cell error. Also fails when a committed notebook carries outputs (notebooks are committed clean).

Run with Debian's Python (/usr/bin/python3), which has nbclient, after `tslab install
--python=/usr/bin/python3`, with node_modules/.bin on PATH (npm run does that).

  scripts/run-notebooks.py [NAME …] [--executed DIR] [--strip] [--budget SECONDS] [--jobs N]
  scripts/run-notebooks.py --check-saved FILE …   (check notebooks executed and saved elsewhere)

NAME selects notebooks whose file name contains it (e.g. 03 or figures). --executed DIR writes
each executed notebook, outputs included, to DIR (to look at what a run showed; without it they
go to a temporary folder, removed at the end). --strip clears outputs and execution counts of the
committed notebooks in place and exits. --budget fails the run when all notebooks together take
longer (the acceptance budget is 300 s). --jobs N runs N notebooks at once, each in its own
kernel (default 2: a kernel mostly keeps one CPU busy, and the figures' Chromium starts while
another notebook computes); --jobs 1 runs them one after the other. Each notebook's line gives
its wall time and the CPU time of its kernel and Chromium, which the machine's load does not
change.

Figures. After the last cell, the first cell that showed a figure runs again in the same kernel
(what a reader does when re-running a figure cell), then the executed notebook is saved and read
back, and every figure output in the saved file is checked: an output holding
application/vnd.plotly.v1+json or an HTML that draws with plotly.js must also hold a static image
(image/png or image/svg+xml, for GitHub, untrusted notebooks and PDF export), and its HTML must
get plotly.js itself (inline, or by loading it), never from another cell's output. Each executed
notebook's size is printed, and one over MAX_EXECUTED_BYTES fails. Notebooks listed in
FIGURES_NOT_CONVERTED still show figures the old way: their problems are reported as
"not converted" and do not fail the run; take a notebook off the list when its figure cells call
`await displayFigure(spec)`.
"""
import argparse
import glob
import multiprocessing
import os
import re
import resource
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from nbclient.util import ensure_async, run_sync

# Notebooks whose figures are not displayed with displayFigure yet (file names without .ipynb).
FIGURES_NOT_CONVERTED: list = []
# An executed notebook (outputs included) must stay under this size: a notebook with figures carries
# plotly.js's cartesian bundle once (1.4 MB, prepareFigures' output); notebook 10's 12 figures at
# screen size with their PNGs bring it to 3.7 MB.
MAX_EXECUTED_BYTES = 5_000_000

PLOTLY_MIME = "application/vnd.plotly.v1+json"
IMAGE_MIMES = ("image/png", "image/svg+xml")

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser(description="Execute the notebooks headless with the tslab kernel.")
parser.add_argument("only", nargs="*", help="run only notebooks whose file name contains one of these")
parser.add_argument("--executed", metavar="DIR", help="write executed notebooks (with outputs) to DIR")
parser.add_argument("--strip", action="store_true", help="clear outputs of the committed notebooks in place, then exit")
parser.add_argument("--budget", type=float, default=None, metavar="SECONDS", help="fail when the whole run takes longer")
parser.add_argument("--timeout", type=int, default=600, metavar="SECONDS", help="per-cell time limit (default 600)")
parser.add_argument("--check-saved", nargs="+", metavar="FILE", help="check the figure outputs and size of notebooks executed and saved elsewhere (e.g. by the browser test), run nothing")
parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), metavar="N", help="notebooks run at once, each with its own kernel (default: 2, or 1 on one CPU)")
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


# ------------------------------------------------------------------ figure outputs

def text_of(value):
    return "".join(value) if isinstance(value, list) else (value if isinstance(value, str) else "")


def without_iframes(html):
    # A page shown in an iframe (notebook 08's explorer) is a page of its own, not a figure output.
    return re.sub(r"<iframe\b.*?</iframe>", "", html, flags=re.S | re.I)


def is_figure(output):
    data = output.get("data") or {}
    if PLOTLY_MIME in data:
        return True
    html = without_iframes(text_of(data.get("text/html")))
    return re.search(r"Plotly\.(newPlot|react)\s*\(", html) is not None


def gets_plotly_itself(html):
    """The HTML has plotly.js inline (the bundle's header) or loads it with a script of its own."""
    if re.search(r"plotly\.js v\d+\.\d+\.\d+", html):
        return True
    loads = re.search(r"createElement\(\s*[\"']script[\"']\s*\)", html) is not None
    url = re.search(r"[\"'][^\"']*plotly[^\"']*\.js[\"']", html) is not None
    return loads and url


def figure_problems(output):
    data = output.get("data") or {}
    problems = []
    if not any(m in data for m in IMAGE_MIMES):
        problems.append("no static image (image/png or image/svg+xml)")
    html = text_of(data.get("text/html"))
    if not html:
        problems.append("no text/html")
    else:
        if not gets_plotly_itself(html):
            problems.append("its HTML relies on plotly.js from another output")
        if not re.search(r"<img\b[^>]*\bsrc=\"data:image/", html):
            problems.append("its HTML shows no static image where scripts do not run")
        if re.search(r"\bzoom\s*:", html):
            problems.append("its HTML scales the figure with CSS zoom")
    if PLOTLY_MIME not in data:
        problems.append(f"no {PLOTLY_MIME}")
    return problems


def figure_outputs(nb):
    return [(i, o) for i, c in enumerate(nb.cells) if c.cell_type == "code" for o in c.get("outputs", []) if is_figure(o)]


def first_figure_cell(nb):
    found = figure_outputs(nb)
    return found[0][0] if found else None


def saved_problems(path):
    """What is wrong with a saved, executed notebook as a reader (or GitHub) gets it: its figure outputs and its size."""
    executed = nbformat.read(path, as_version=4)
    problems = [f"cell {index}: {p}" for index, output in figure_outputs(executed) for p in figure_problems(output)]
    size = os.path.getsize(path)
    if size > MAX_EXECUTED_BYTES:
        problems.append(f"executed notebook is {size / 1e6:.2f} MB, over {MAX_EXECUTED_BYTES / 1e6:.2f} MB")
    return problems, size, len(figure_outputs(executed))


if args.check_saved:
    bad = 0
    for path in args.check_saved:
        problems, size, figures = saved_problems(path)
        bad += 1 if problems else 0
        print(("FAIL " if problems else "ok   ") + f"{path} ({size / 1e6:.2f} MB, {figures} figures)" + (": " + "; ".join(problems[:12]) if problems else ""))
    sys.exit(1 if bad else 0)


# ------------------------------------------------------------------ execution

async def execute(client, nb):
    """nbclient's execute, then the first figure cell once more in the same kernel; returns its index."""
    client.reset_execution_trackers()
    async with client.async_setup_kernel():
        msg_id = await ensure_async(client.kc.kernel_info())
        info = await client.async_wait_for_reply(msg_id)
        if info is not None and "language_info" in info["content"]:
            nb.metadata["language_info"] = info["content"]["language_info"]
        for index, cell in enumerate(nb.cells):
            await client.async_execute_cell(cell, index, execution_count=client.code_cells_executed + 1)
        again = first_figure_cell(nb)
        if again is not None:
            await client.async_execute_cell(nb.cells[again], again, execution_count=client.code_cells_executed + 1)
        return again


def size_text(n):
    return f"{n / 1e6:.2f} MB" if n >= 1e6 else f"{n / 1e3:.0f} KB"


def run_one(path, out_dir):
    """Runs one notebook; returns its report line, whether it failed, its wall and CPU seconds and its executed size."""
    name = os.path.relpath(path, root)
    stem = os.path.splitext(os.path.basename(path))[0]
    exempt = stem in FIGURES_NOT_CONVERTED
    nb = nbformat.read(path, as_version=4)
    dirty = dirty_cells(nb)
    if dirty:
        return f"FAIL {name}: committed with outputs in cells {dirty}; clear them before committing (scripts/run-notebooks.py --strip)", True, 0.0, 0.0, None
    t = time.time()
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    client = NotebookClient(nb, kernel_name="tslab", timeout=args.timeout, resources={"metadata": {"path": os.path.dirname(path)}})
    error = None
    rerun = None
    saved = os.path.join(out_dir, os.path.basename(path))
    try:
        rerun = run_sync(execute)(client, nb)
    except CellExecutionError as e:
        error = str(e)[:4000]
    finally:
        nbformat.write(nb, saved)
    seconds = time.time() - t
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    # CPU of the kernel and its children (Chromium), once they have ended: the machine's load does not change it.
    cpu_seconds = (now.ru_utime - cpu.ru_utime) + (now.ru_stime - cpu.ru_stime)
    if error is None:
        errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.get("output_type") == "error"]
        if errors:
            error = f"{errors[0].get('ename')}: {errors[0].get('evalue')}"
    if error is not None:
        return f"FAIL {name} ({seconds:.1f} s): {error}", True, seconds, cpu_seconds, None

    # The saved file, as a reader (or GitHub) gets it.
    problems, size, figures = saved_problems(saved)
    detail = f"{len(nb.cells)} cells, {seconds:.1f} s ({cpu_seconds:.1f} s CPU), {size_text(size)} executed, {figures} figures" + (f", cell {rerun} run twice" if rerun is not None else "")
    if problems and exempt:
        shown = "; ".join(sorted(set(p.split(": ", 1)[-1] for p in problems)))
        return f"ok   {name} ({detail}); figures not converted: {shown}", False, seconds, cpu_seconds, size
    if problems:
        return f"FAIL {name} ({detail}): " + "; ".join(problems[:12]) + (f"; … {len(problems) - 12} more" if len(problems) > 12 else ""), True, seconds, cpu_seconds, size
    return f"ok   {name} ({detail})", False, seconds, cpu_seconds, size


out_dir = args.executed or tempfile.mkdtemp(prefix="capqa-notebooks-")
os.makedirs(out_dir, exist_ok=True)

failed = 0
started = time.time()
cpu_total = 0.0
times = []
sizes = []


def report(path, result):
    global failed, cpu_total
    line, bad, seconds, cpu_seconds, size = result
    print(line, flush=True)
    name = os.path.relpath(path, root)
    failed += 1 if bad else 0
    cpu_total += cpu_seconds
    times.append((name, seconds))
    if size is not None:
        sizes.append((name, size))


jobs = max(1, min(args.jobs, len(paths)))
if jobs == 1:
    for path in paths:
        report(path, run_one(path, out_dir))
else:
    # Each notebook in a process of its own (its kernel, its Chromium), `jobs` at a time; lines come as they finish.
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        futures = {pool.submit(run_one, path, out_dir): path for path in paths}
        for future in as_completed(futures):
            report(futures[future], future.result())

if not args.executed:
    shutil.rmtree(out_dir, ignore_errors=True)

total = time.time() - started
slowest = max(times, key=lambda x: x[1]) if times else None
print(f"notebooks took {total:.1f} s in all ({cpu_total:.1f} s CPU)" + (f"; slowest {slowest[0]} ({slowest[1]:.1f} s)" if slowest else ""))
if sizes:
    largest = max(sizes, key=lambda x: x[1])
    print(f"executed sizes: {size_text(sum(s for _, s in sizes))} in all; largest {largest[0]} ({size_text(largest[1])}); limit {size_text(MAX_EXECUTED_BYTES)} each")
if args.budget is not None and total > args.budget:
    print(f"FAIL the notebooks took {total:.1f} s, over the budget of {args.budget:.0f} s", flush=True)
    failed += 1
    paths.append("budget")
print(f"{len(paths) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
