import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PINNED_FILES, fetchData, pinnedUrl, sha256, verifyData } from "../lib/data/fetch.js";
import { releasedDataDir } from "./helpers.js";

test("pinned URLs name the upstream repository, commit and path", () => {
  assert.equal(PINNED_FILES.length, 4);
  assert.equal(
    pinnedUrl(PINNED_FILES[0]),
    "https://raw.githubusercontent.com/ElitsaY/Correctness_eval/4491248acba112183356df05c1f74fc0d7ece826/data/CAP-Correctness.csv",
  );
  for (const f of PINNED_FILES) assert.match(f.sha256 ?? "", /^[0-9a-f]{64}$/);
});

const source = releasedDataDir();

test("fetch saves files whose checksum matches the pin and skips them next time", {
  skip: source === undefined && "released data not found",
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), "capqa-fetch-"));
  const served: string[] = [];
  const fake = (async (url: string | URL | Request) => {
    const file = PINNED_FILES.find((f) => pinnedUrl(f) === String(url))!;
    served.push(file.name);
    return new Response(readFileSync(join(source!, file.name)));
  }) as typeof fetch;
  const first = await fetchData({ dir, fetchImpl: fake });
  assert.deepEqual(
    first.map((r) => r.status),
    ["downloaded", "downloaded", "downloaded", "downloaded"],
  );
  assert.ok(verifyData(dir).every((r) => r.ok));
  const second = await fetchData({ dir, fetchImpl: fake });
  assert.deepEqual(
    second.map((r) => r.status),
    ["present", "present", "present", "present"],
  );
  assert.equal(served.length, 4);
});

test("a download with the wrong checksum is not saved; an offline machine gets a clear message", async () => {
  const dir = mkdtempSync(join(tmpdir(), "capqa-fetch-"));
  const wrong = (async () => new Response("not the data")) as typeof fetch;
  await assert.rejects(
    fetchData({ dir, fetchImpl: wrong }),
    /CAP-Correctness\.csv: downloaded 12 bytes with SHA-256 [0-9a-f]+, expected 6da2c3/,
  );
  assert.equal(existsSync(join(dir, "CAP-Correctness.csv")), false);
  const offline = (async () => {
    throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ENOTFOUND" } });
  }) as typeof fetch;
  await assert.rejects(
    fetchData({ dir, fetchImpl: offline }),
    /cannot download CAP-Correctness\.csv from https:\/\/raw\.githubusercontent\.com\/.*: fetch failed \(ENOTFOUND\)\. This machine may be offline/,
  );
  writeFileSync(join(dir, "scores.json"), "{}");
  const report = verifyData(dir);
  assert.equal(report.find((r) => r.name === "scores.json")!.ok, false);
  assert.equal(report.find((r) => r.name === "CAP-Correctness.csv")!.detail, "missing");
  assert.equal(sha256(new TextEncoder().encode("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
});
