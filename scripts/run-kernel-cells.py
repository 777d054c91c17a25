#!/usr/bin/env python3
"""Runs code cells in fresh Jupyter kernels the way a notebook user does, one cell after another,
and reports what each cell showed. Used by scripts/check-install.mjs (the tslab kernel a user's
`capqa setup kernel` registered, started from a plain shell) and test/docs-examples.test.ts (the
README's blocks and the API's @examples in tslab).

  run-kernel-cells.py JOB.json

JOB.json: {"kernel": "tslab", "jobs": 2, "timeout": 300, "startTimeout": 100,
           "runs": [{"id": "...", "cwd": "/abs/dir", "cells": ["code", ...]}, ...]}
Each run gets a kernel of its own, started in its cwd with this process's environment (so the
kernelspec is found as Jupyter finds it: JUPYTER_DATA_DIR, JUPYTER_PATH); a kernel that has not
answered in startTimeout seconds (by default a third of timeout, at least 60) is replaced by a
fresh one, at most twice. Its cells run in order and the run stops at the first cell that fails.
One JSON line per run on standard output, as runs finish: {"id", "seconds", "cells": [{"status":
"ok"|"error", "output": "...", "error": "..."}], "startError": "...", "startAttempts": N (only when
a kernel had to be started again)}. Needs jupyter_client (Debian: python3-jupyter-client).
"""
import json
import re
import sys
import time
import traceback
from concurrent.futures import ThreadPoolExecutor

from jupyter_client.manager import KernelManager

START_ATTEMPTS = 3


def first_error_line(text):
    """tslab reports a failed cell on stderr only: the thrown error's line, or the compiler's "1:7 - …"."""
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for l in lines:
        if re.match(r"^(\w*Error\b|\d+:\d+ - )", l):
            return l
    return lines[0] if lines else ""


def start_ready_kernel(kernel, cwd, wait):
    """A started kernel that answered kernel_info, and how many starts it took. Rarely a kernel
    started beside another never answers (its kernel_info goes unanswered until the timeout; seen
    once in CI among thousands of starts), so a kernel silent for `wait` seconds is shut down and
    a fresh one started, up to START_ATTEMPTS times; a kernel whose command fails is not retried."""
    last = None
    for attempt in range(1, START_ATTEMPTS + 1):
        km = KernelManager(kernel_name=kernel)
        km.start_kernel(cwd=cwd)
        kc = km.client()
        kc.start_channels()
        try:
            kc.wait_for_ready(timeout=wait)
            return km, kc, attempt
        except RuntimeError as e:
            last = e
            kc.stop_channels()
            km.shutdown_kernel(now=True)
    raise RuntimeError(f"{last} (each of {START_ATTEMPTS} fresh kernels)")


def run_cells(run, kernel, timeout, wait):
    started = time.time()
    result = {"id": run["id"], "cells": []}
    try:
        km, kc, attempts = start_ready_kernel(kernel, run["cwd"], wait)
    except RuntimeError as e:  # no kernel answered
        result["cells"].append({"status": "error", "output": "", "error": f"{type(e).__name__}: {e}"})
        result["seconds"] = round(time.time() - started, 2)
        return result
    except Exception as e:  # the kernel's command did not start (e.g. FileNotFoundError: 'tslab')
        result["startError"] = f"{type(e).__name__}: {e}"
        result["seconds"] = round(time.time() - started, 2)
        return result
    if attempts > 1:
        result["startAttempts"] = attempts
    try:
        for code in run["cells"]:
            texts = []
            stderr = []
            errors = []

            def hook(msg):
                t = msg["msg_type"]
                c = msg["content"]
                if t == "stream":
                    texts.append(c["text"])
                    if c.get("name") == "stderr":
                        stderr.append(c["text"])
                elif t in ("execute_result", "display_data"):
                    texts.append(c["data"].get("text/plain", "") + "\n")
                elif t == "error":
                    errors.append(f"{c['ename']}: {c['evalue']}")

            reply = kc.execute_interactive(code, timeout=timeout, output_hook=hook, allow_stdin=False)
            content = reply["content"]
            ok = content["status"] == "ok" and not errors
            if not ok and not errors:
                errors.append(first_error_line("".join(stderr)) or f"{content.get('ename', 'error')}: {content.get('evalue', '')}")
            result["cells"].append({"status": "ok" if ok else "error", "output": "".join(texts), **({} if ok else {"error": "; ".join(errors)})})
            if not ok:
                break
    except Exception as e:
        result["cells"].append({"status": "error", "output": "", "error": f"{type(e).__name__}: {e}"})
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    result["seconds"] = round(time.time() - started, 2)
    return result


def main():
    with open(sys.argv[1], encoding="utf8") as f:
        job = json.load(f)
    kernel = job.get("kernel", "tslab")
    timeout = job.get("timeout", 300)
    # A loaded machine can take a minute to start Node and load TypeScript: each start may take a third of a cell's time.
    wait = job.get("startTimeout", max(60, timeout / START_ATTEMPTS))

    def one(run):
        try:
            return run_cells(run, kernel, timeout, wait)
        except Exception:
            return {"id": run["id"], "cells": [], "startError": traceback.format_exc(limit=3)}

    with ThreadPoolExecutor(max_workers=max(1, job.get("jobs", 1))) as pool:
        for result in pool.map(one, job["runs"]):
            print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
