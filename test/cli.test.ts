import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { releasedDataDir } from "./helpers.js";

const CLI = resolve("dist/cli/main.js");
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", env: { ...process.env, ...env } });

test("help and usage errors", () => {
  const help = run(["help"]);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /reproduce/);
  assert.match(run(["help", "evaluate"]).stdout, /--labels/);
  const bad = run(["evaluate", "--split", "train"]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--split must be one of test, validation, all, got "train"/);
  assert.equal(run(["frobnicate"]).status, 2);
  assert.equal(run(["evaluate", "--nope"]).status, 2);
});

test("a missing data folder says how to get the data", () => {
  const r = run(["evaluate", "--data-dir", "/nonexistent/capqa"]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /lacks CAP-Correctness\.csv, CAP-Correctness-splits\.csv, scores\.json\. Run "capqa data fetch"/);
  assert.match(
    run(["data", "fetch", "--list"]).stdout,
    /scores\.json\thttps:\/\/raw\.githubusercontent\.com\/ElitsaY\/Correctness_eval\/fef4a58/,
  );
});

const data = releasedDataDir();

test("capqa evaluate writes every table as CSV and JSON with the authors' column names", {
  skip: data === undefined && "released data not found",
}, () => {
  const out = mkdtempSync(join(tmpdir(), "capqa-eval-"));
  const r = run(["evaluate", "--split", "validation", "--metrics", "cap,bleu", "--bootstrap", "200", "--out", out, "--quiet"], {
    CAPQA_DATA_DIR: data!,
  });
  assert.equal(r.status, 0, r.stderr);
  for (const t of ["correlations", "descriptives", "class_pairs", "hard_pairs", "monotonicity", "paired_differences"]) {
    assert.ok(existsSync(join(out, `${t}.csv`)) && existsSync(join(out, `${t}.json`)), t);
  }
  const corr = JSON.parse(readFileSync(join(out, "correlations.json"), "utf8"));
  assert.deepEqual(
    corr.map((x: { metric: string }) => x.metric),
    ["cap", "bleu"],
  );
  for (const key of ["metric", "n", "spearman", "spearman_ci_low", "kendall", "pairwise_accuracy", "pair_wins", "pair_ties", "pair_losses"])
    assert.ok(key in corr[0], key);
  assert.equal(corr[0].n, 1000);
  const pairs = JSON.parse(readFileSync(join(out, "class_pairs.json"), "utf8"));
  assert.equal(pairs.length, 50);
  for (const key of ["better", "worse", "wins", "ties", "losses", "accuracy", "auc", "hard_pair"]) assert.ok(key in pairs[0], key);
  assert.match(readFileSync(join(out, "class_pairs.csv"), "utf8"), /^metric,better,worse,hard_pair,/);
  assert.match(readFileSync(join(out, "summary.md"), "utf8"), /Paired bootstrap differences/);
  // CAP recomputed with the paper's weights: the released column is rounded to 8 decimals, which
  // breaks or makes a few rank ties, so ρ agrees to about 1e-6, not exactly.
  const again = run(
    [
      "evaluate",
      "--split",
      "validation",
      "--metrics",
      "cap",
      "--bootstrap",
      "0",
      "--alpha",
      "0.85",
      "--lambda",
      "0.3",
      "--out",
      out,
      "--quiet",
    ],
    { CAPQA_DATA_DIR: data! },
  );
  assert.equal(again.status, 0, again.stderr);
  const corr2 = JSON.parse(readFileSync(join(out, "correlations.json"), "utf8"));
  assert.ok(Math.abs(corr2[0].spearman - corr[0].spearman) < 1e-5);
  assert.equal(corr2[0].spearman_ci_low, null);
});

test("capqa evaluate --labels human uses the 1,638 human-labelled rows", { skip: data === undefined && "released data not found" }, () => {
  const out = mkdtempSync(join(tmpdir(), "capqa-eval-"));
  const r = run(["evaluate", "--split", "all", "--labels", "human", "--metrics", "cap", "--bootstrap", "0", "--out", out, "--quiet"], {
    CAPQA_DATA_DIR: data!,
  });
  assert.equal(r.status, 0, r.stderr);
  const corr = JSON.parse(readFileSync(join(out, "correlations.json"), "utf8"));
  assert.equal(corr[0].n, 1638);
  assert.equal((100 * corr[0].spearman).toFixed(2), "69.88");
});
