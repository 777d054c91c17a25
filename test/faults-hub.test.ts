/**
 * The fault matrix's hub part (issue 22, items 1, 2, 6 and 12): a lying, moving, stalling or
 * corrupting hub mirror (test/fixtures/hub/mirror.ts on 127.0.0.1) and a tampered hub cache.
 * Each case failed before its fix: names from the server that leave the cache, links in the
 * cache that lead out, a branch whose move the NLI cache did not see, a body that stalls, a blob
 * whose bytes are not its name.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { PAPER_NLI_CONVERSION, PAPER_NLI_MODEL, PAPER_NLI_REVISION } from "../lib/constants.js";
import { toCsv } from "../lib/io/csv.js";
import { repoFolderName } from "../lib/runtime/hub-cache.js";
import { HubClient } from "../lib/runtime/hub-client.js";
import { fetchHubModel, onnxSources } from "../lib/runtime/hub-model.js";
import { hubSettings } from "../lib/runtime/hub-settings.js";
import { readRowTable } from "../lib/io/row-table.js";
import { modelKeyFor } from "../lib/score/score.js";
import { debertaOnnx, debertaTextFiles, referenceDebertaProbabilities } from "../scripts/fixtures/tiny-deberta.js";
import { runNode } from "./helpers.js";
import { sha256, startHubMirror, type MirrorRepo } from "./fixtures/hub/mirror.js";

const CLI = resolve("dist/cli/main.js");
const root = mkdtempSync(join(tmpdir(), "capqa-faults-hub-"));
after(() => rmSync(root, { recursive: true, force: true }));
const commitOf = (name: string) => createHash("sha1").update(name).digest("hex");
const REPO = "capqa-test/tiny-nli";
const A = commitOf("tiny-a");
const B = commitOf("tiny-b");
const text = debertaTextFiles();
const fp32 = debertaOnnx("fp32");
/** Commit B swaps two labels in config.json: the same weights give other probabilities. */
const PERMUTED = ["entailment", "contradiction", "neutral"];
const configB = JSON.stringify({
  ...JSON.parse(text["config.json"]),
  id2label: Object.fromEntries(PERMUTED.map((l, i) => [String(i), l])),
  label2id: Object.fromEntries(PERMUTED.map((l, i) => [l, i])),
});
const filesA: Record<string, string | Uint8Array> = { ...text, "onnx/model.onnx": fp32 };
const filesB: Record<string, string | Uint8Array> = { ...text, "config.json": configB, "onnx/model.onnx": fp32 };
/** A fresh repository whose main branch is at A (tests move it). */
const tinyRepo = (): MirrorRepo & { branches: Record<string, string> } => ({
  repo: REPO,
  branches: { main: A },
  revisions: [
    { commit: A, files: filesA },
    { commit: B, files: filesB },
  ],
});
const NEEDED = ["config.json", "tokenizer.json", "tokenizer_config.json"];
const bytesOf = (v: string | Uint8Array) => Buffer.from(typeof v === "string" ? Buffer.from(v, "utf8") : v);

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

/** A fresh folder for one case: `cache` inside `case`, so that a path out of the cache lands beside it. */
function caseDirs(name: string): { dir: string; cacheDir: string } {
  const dir = join(root, name);
  const cacheDir = join(dir, "home", "hub");
  mkdirSync(cacheDir, { recursive: true });
  return { dir, cacheDir };
}

function client(cacheDir: string, endpoint: string, env: Record<string, string> = {}, log?: (line: string) => void): HubClient {
  return new HubClient(hubSettings({ cacheDir, endpoint, offline: false, token: undefined }, env), { log });
}

/** Fails instead of hanging: the stall cases hung forever before their fix. */
async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, no) => {
    timer = setTimeout(() => no(new Error(`${what}: no answer and no error after ${ms / 1000} s (hung)`)), ms);
  });
  try {
    return await Promise.race([p, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every file under `dir` that is neither the cache nor listed as already there. */
function outside(dir: string, cacheDir: string, before: readonly string[] = []): string[] {
  return walk(dir).filter((f) => !f.startsWith(`${cacheDir}/`) && !before.includes(f));
}

const leftovers = (cacheDir: string) => walk(cacheDir).filter((f) => f.endsWith(".incomplete") || f.includes(".tmp"));

// ---------------------------------------------------------------------------------------------
// Item 1: names from a server, and links in the cache, never lead out of the cache.

test("item 1: an X-Repo-Commit that is not 40 hex digits is refused, and nothing is written outside the cache", async () => {
  const bad = [
    "../../../../victim",
    "../../../../escape-commit",
    "/tmp/capqa-escape",
    "..",
    ".",
    "a/../../b",
    "..\\..\\x",
    "A".repeat(40),
    "a".repeat(39),
    "a".repeat(41),
    "%2e%2e%2fx",
    `${"a".repeat(40)}/..`,
    "",
  ];
  for (const [i, commit] of bad.entries()) {
    const { dir, cacheDir } = caseDirs(`commit-${i}`);
    // A user's model folder where ../../../../victim lands from snapshots/: it must stay as it is.
    const victim = join(dir, "victim");
    mkdirSync(join(victim, "onnx"), { recursive: true });
    for (const f of [...NEEDED, "onnx/model.onnx"]) writeFileSync(join(victim, f), `the user's own ${f}`);
    const before = walk(dir);
    const mirror = await startHubMirror([tinyRepo()], { hubHeaders: () => ({ "x-repo-commit": commit }) });
    try {
      const hub = client(cacheDir, mirror.endpoint);
      if (commit === "") {
        // An empty header is no commit at all: the snapshot is named by the revision, as for a mirror that sends none.
        await fetchHubModel(hub, onnxSources(REPO, "main", "fp32"));
      } else {
        await assert.rejects(fetchHubModel(hub, onnxSources(REPO, "main", "fp32")), (err: Error) => {
          assert.match(err.message, /not a commit/, `${JSON.stringify(commit)}: ${err.message}`);
          assert.ok(err.message.includes(REPO), err.message);
          return true;
        });
      }
    } finally {
      await mirror.close();
    }
    assert.deepEqual(outside(dir, cacheDir, before), [], `${JSON.stringify(commit)}: nothing new outside the cache`);
    for (const f of [...NEEDED, "onnx/model.onnx"]) {
      assert.equal(lstatSync(join(victim, f)).isSymbolicLink(), false, `${JSON.stringify(commit)}: ${f} is not replaced by a link`);
      assert.equal(readFileSync(join(victim, f), "utf8"), `the user's own ${f}`);
    }
  }
});

test("item 1: a mirror that answers another commit than the one asked for is refused", async () => {
  const { dir, cacheDir } = caseDirs("other-commit");
  const mirror = await startHubMirror([tinyRepo()], { hubHeaders: (r) => (r.revision === A ? { "x-repo-commit": B } : undefined) });
  try {
    await assert.rejects(
      client(cacheDir, mirror.endpoint).download(REPO, A, "config.json"),
      new RegExp(`asked for commit ${A}.*answered commit ${B}`),
    );
  } finally {
    await mirror.close();
  }
  assert.deepEqual(outside(dir, cacheDir), []);
  assert.equal(
    existsSync(join(cacheDir, repoFolderName(REPO), "snapshots", B)),
    false,
    "nothing linked under the commit the mirror claimed",
  );
});

test("item 1: etags that are not content hashes name no blob (the blob is named by the SHA-256 of its bytes)", async () => {
  for (const [i, etag] of ["..", ".", "../../x", 'W/"5f3a-1234"', "x".repeat(64), "abc def"].entries()) {
    const { dir, cacheDir } = caseDirs(`etag-${i}`);
    const mirror = await startHubMirror([tinyRepo()], { hubHeaders: () => ({ etag: `"${etag}"`, "x-linked-etag": `"${etag}"` }) });
    let path: string;
    try {
      path = await client(cacheDir, mirror.endpoint).download(REPO, A, "onnx/model.onnx");
    } catch (err) {
      assert.fail(`etag ${JSON.stringify(etag)}: ${(err as Error).message}`);
    } finally {
      await mirror.close();
    }
    const blob = realpathSync(path);
    assert.equal(
      relative(realpathSync(join(cacheDir, repoFolderName(REPO), "blobs")), blob),
      sha256(fp32),
      `etag ${JSON.stringify(etag)}: the blob is named by its SHA-256`,
    );
    assert.deepEqual(readFileSync(blob), Buffer.from(fp32));
    assert.deepEqual(outside(dir, cacheDir), []);
    assert.deepEqual(
      walk(cacheDir).map((f) => relative(cacheDir, f)),
      [`${repoFolderName(REPO)}/blobs/${sha256(fp32)}`, `${repoFolderName(REPO)}/snapshots/${A}/onnx/model.onnx`],
      `etag ${JSON.stringify(etag)}`,
    );
  }
});

test("item 1: links and folders in the cache that lead out are neither written through nor read", async () => {
  const mirror = await startHubMirror([tinyRepo()]);
  try {
    // snapshots/<commit>/onnx is a link to a user's folder: the model file must not land there.
    {
      const { dir, cacheDir } = caseDirs("link-snapshot-dir");
      const victim = join(dir, "victim-onnx");
      mkdirSync(victim, { recursive: true });
      const snap = join(cacheDir, repoFolderName(REPO), "snapshots", A);
      mkdirSync(snap, { recursive: true });
      symlinkSync(victim, join(snap, "onnx"));
      await assert.rejects(
        client(cacheDir, mirror.endpoint).download(REPO, A, "onnx/model.onnx"),
        /is a link out of the hub cache|is a link/,
      );
      assert.deepEqual(readdirSync(victim), [], "nothing written into the linked folder");
    }
    // blobs/ is a link to a user's folder.
    {
      const { dir, cacheDir } = caseDirs("link-blobs");
      const victim = join(dir, "victim-blobs");
      mkdirSync(victim, { recursive: true });
      mkdirSync(join(cacheDir, repoFolderName(REPO)), { recursive: true });
      symlinkSync(victim, join(cacheDir, repoFolderName(REPO), "blobs"));
      await assert.rejects(client(cacheDir, mirror.endpoint).download(REPO, A, "config.json"), /is a link/);
      assert.deepEqual(readdirSync(victim), [], "no blob written into the linked folder");
    }
    // refs/ is a link to a user's folder: the branch's commit is not written there.
    {
      const { dir, cacheDir } = caseDirs("link-refs");
      const victim = join(dir, "victim-refs");
      mkdirSync(victim, { recursive: true });
      mkdirSync(join(cacheDir, repoFolderName(REPO)), { recursive: true });
      symlinkSync(victim, join(cacheDir, repoFolderName(REPO), "refs"));
      await assert.rejects(client(cacheDir, mirror.endpoint).resolveCommit(REPO, "main"), /is a link/);
      assert.deepEqual(readdirSync(victim), [], "no ref written into the linked folder");
    }
  } finally {
    await mirror.close();
  }
  // refs/main is a link to a file outside: not read.
  {
    const { dir, cacheDir } = caseDirs("link-ref-file");
    writeFileSync(join(dir, "outside-ref"), A);
    mkdirSync(join(cacheDir, repoFolderName(REPO), "refs"), { recursive: true });
    symlinkSync(join(dir, "outside-ref"), join(cacheDir, repoFolderName(REPO), "refs", "main"));
    const offline = new HubClient(hubSettings({ cacheDir, offline: true, endpoint: "http://127.0.0.1:9" }, {}));
    await assert.rejects(offline.resolveCommit(REPO, "main"), /refs\/main is a link/);
  }
  // A snapshot file linked to a file outside the cache is not read, offline or online.
  {
    const { dir, cacheDir } = caseDirs("link-out-file");
    const secret = join(dir, "secret.json");
    writeFileSync(secret, '{"secret": true}');
    const snap = join(cacheDir, repoFolderName(REPO), "snapshots", A);
    mkdirSync(snap, { recursive: true });
    symlinkSync(relative(snap, secret), join(snap, "config.json"));
    const offline = new HubClient(hubSettings({ cacheDir, offline: true, endpoint: "http://127.0.0.1:9" }, {}));
    await assert.rejects(offline.download(REPO, A, "config.json"), /config\.json is a link out of the hub cache/);
    await assert.rejects(
      client(cacheDir, "http://127.0.0.1:9").download(REPO, A, "config.json"),
      /config\.json is a link out of the hub cache/,
    );
    assert.equal(readFileSync(secret, "utf8"), '{"secret": true}');
  }
});

test("item 1: a revision or file name that would leave the snapshot is refused, even where a plain mirror answers it", async () => {
  const hub = client(caseDirs("names").cacheDir, "http://127.0.0.1:9");
  for (const file of [
    "../config.json",
    "onnx/../../x",
    "/etc/passwd",
    "onnx\\..\\..\\x",
    "con\u0000fig.json",
    "onnx//model.onnx",
    "./config.json",
    "config.json\n",
  ]) {
    assert.throws(() => hub.fileUrl(REPO, "main", file), /is not a file path inside a repository/, JSON.stringify(file));
  }
  // A plain mirror (no commit, no etag) that answers every revision: the snapshot would be named by the revision.
  for (const [i, revision] of ["../../../escape", "..", "a/../../../b", "x\\..\\..\\y"].entries()) {
    const { dir, cacheDir } = caseDirs(`revision-${i}`);
    const before = walk(dir);
    const mirror = await startHubMirror([tinyRepo()], { plain: true });
    try {
      const anyRevision = new HubClient(hubSettings({ cacheDir, endpoint: mirror.endpoint, offline: false }, {}), {
        fetch: (url, init) => fetch(String(url).replace(`/resolve/${encodeURIComponent(revision)}/`, "/resolve/main/"), init),
      });
      await assert.rejects(
        fetchHubModel(anyRevision, onnxSources(REPO, revision, "fp32")),
        /is not a (file path inside a repository|revision)/,
        revision,
      );
    } finally {
      await mirror.close();
    }
    assert.deepEqual(outside(dir, cacheDir, before), [], revision);
  }
});

test("item 1: a mirror whose commit moves between requests gives one snapshot whose files are all of one commit", async () => {
  const { cacheDir } = caseDirs("moving-per-request");
  let n = 0;
  // Asked by branch, the mirror names A and B in turn (bytes of A); asked by commit, it is truthful.
  const mirror = await startHubMirror([tinyRepo()], {
    hubHeaders: (r) => (r.revision === "main" ? { "x-repo-commit": n++ % 2 === 0 ? A : B } : undefined),
  });
  try {
    const fetched = await fetchHubModel(client(cacheDir, mirror.endpoint), onnxSources(REPO, "main", "fp32"));
    assert.ok([A, B].includes(fetched.commit));
    const want = fetched.commit === A ? filesA : filesB;
    for (const f of [...NEEDED, "onnx/model.onnx"]) {
      assert.ok(existsSync(join(fetched.dir, f)), `${f} is in the snapshot of ${fetched.commit}`);
      assert.deepEqual(readFileSync(join(fetched.dir, f)), bytesOf(want[f]), `${f} holds the bytes of ${fetched.commit}`);
    }
  } finally {
    await mirror.close();
  }
});

// ---------------------------------------------------------------------------------------------
// Item 2: a branch's model is keyed by the commit it resolved to.

const PAIRS = [
  ["The sun is hot.", "The sun travels through the cloud."],
  ["Water boils at 100 degrees!", "Cows eat plants?"],
  ["A neuron communicate with other cells.", "The plant eats light"],
];

test("item 2: the NLI cache key of a hub model on a branch holds the commit it resolves to; offline, the commit the cache holds, said aloud", async () => {
  const { cacheDir } = caseDirs("key-moving");
  const repo = tinyRepo();
  const mirror = await startHubMirror([repo]);
  const hub = { cacheDir, endpoint: mirror.endpoint, offline: false, token: undefined };
  try {
    const atA = await modelKeyFor({ model: REPO, revision: "main", hub });
    assert.ok(atA.includes(A), `${atA} names commit ${A}`);
    repo.branches.main = B;
    const atB = await modelKeyFor({ model: REPO, revision: "main", hub });
    assert.ok(atB.includes(B), `${atB} names commit ${B}`);
    // A pinned commit is its own key, with no request to the hub.
    const asked = mirror.requests.length;
    assert.equal(await modelKeyFor({ model: REPO, revision: A, hub }), `${REPO}@${A}`);
    assert.equal(await modelKeyFor({ model: PAPER_NLI_MODEL, hub }), `${PAPER_NLI_MODEL}@${PAPER_NLI_REVISION}`);
    assert.equal(mirror.requests.length, asked, "no request for a pinned commit");
  } finally {
    await mirror.close();
  }
  const lines: string[] = [];
  const offline = await modelKeyFor({ model: REPO, revision: "main", hub: { ...hub, offline: true }, log: (l) => lines.push(l) });
  assert.ok(offline.includes(B), `${offline}: the commit refs/main holds`);
  assert.match(lines.join("\n"), new RegExp(`${REPO}@main.*${B}`), "the commit used offline is printed");
  // No network (the mirror is gone) without HF_HUB_OFFLINE: the same commit, and a warning that says so.
  const unreachable: string[] = [];
  assert.ok((await modelKeyFor({ model: REPO, revision: "main", hub, log: (l) => unreachable.push(l) })).includes(B));
  assert.match(unreachable.join("\n"), new RegExp(`cannot reach .*using ${REPO}@main as the hub cache holds it: commit ${B}`));
});

/** CAP columns of a scored file against the tiny model's reference with `labels` as config.json's id2label. */
function assertReference(out: string, labels: readonly string[]): void {
  const rows = readRowTable(out).rows as Record<string, string>[];
  assert.equal(rows.length, PAIRS.length);
  rows.forEach((r, i) => {
    const [a, b] = PAIRS[i];
    const by = (p: number[]) => Object.fromEntries(labels.map((l, k) => [l, p[k]]));
    const f = by(referenceDebertaProbabilities(a, b, "fp32"));
    const back = by(referenceDebertaProbabilities(b, a, "fp32"));
    const want = [f.entailment, f.neutral, f.contradiction, back.entailment, back.neutral, back.contradiction];
    const got = ["pe_f", "pn_f", "pc_f", "pe_r", "pn_r", "pc_r"].map((c) => Number(r[c]));
    got.forEach((g, k) => assert.ok(Math.abs(g - want[k]) < 1e-6, `row ${i} col ${k}: ${g}, expected ${want[k]}`));
  });
}

test("item 2: after main moves, capqa score answers with the new commit's numbers, not the NLI cache's old ones; offline it names the commit", async () => {
  const { dir } = caseDirs("score-moving");
  const input = join(dir, "pairs.csv");
  writeFileSync(
    input,
    toCsv(
      ["id", "premise", "hypothesis"],
      PAIRS.map(([premise, hypothesis], id) => ({ id, premise, hypothesis })),
    ),
  );
  const repo = tinyRepo();
  const mirror = await startHubMirror([repo]);
  const env = {
    HF_HOME: join(dir, "home"),
    HF_HUB_CACHE: "",
    HF_ENDPOINT: mirror.endpoint,
    HF_HUB_OFFLINE: "",
    HF_TOKEN: "",
    CAPQA_CACHE_DIR: join(dir, "nli-cache"),
  };
  const score = (out: string, extra: Record<string, string> = {}) =>
    runNode(CLI, ["score", "--in", input, "--out", out, "--model", REPO, "--revision", "main"], { ...env, ...extra });
  try {
    const first = await score(join(dir, "a.csv"));
    assert.equal(first.code, 0, first.stderr);
    assertReference(join(dir, "a.csv"), ["contradiction", "entailment", "neutral"]);
    repo.branches.main = B;
    const second = await score(join(dir, "b.csv"));
    assert.equal(second.code, 0, second.stderr);
    assertReference(join(dir, "b.csv"), PERMUTED);
  } finally {
    await mirror.close();
  }
  const third = await score(join(dir, "b-offline.csv"), { HF_HUB_OFFLINE: "1" });
  assert.equal(third.code, 0, third.stderr);
  assert.match(third.stderr, new RegExp(`${REPO}@main.*${B.slice(0, 12)}`), "offline names the commit the cache holds");
  assert.equal(readFileSync(join(dir, "b-offline.csv"), "utf8"), readFileSync(join(dir, "b.csv"), "utf8"));
});

// ---------------------------------------------------------------------------------------------
// Item 6: a stalled body times out, is resumed with Range, or cleaned up.

const STALL = { HF_HUB_DOWNLOAD_TIMEOUT: "0.3" };
const half = Math.floor(fp32.length / 2);

test("item 6: a body that stalls halfway is resumed with a Range request from where it stopped", async () => {
  const { cacheDir } = caseDirs("stall-resume");
  const mirror = await startHubMirror([tinyRepo()], {
    fault: (r) => (r.origin === "storage" && r.attempt === 0 ? { stallAfter: half } : undefined),
  });
  try {
    const path = await within(client(cacheDir, mirror.endpoint, STALL).download(REPO, A, "onnx/model.onnx"), 20_000, "a stalled download");
    assert.deepEqual(readFileSync(path), Buffer.from(fp32));
    const gets = mirror.requests.filter((q) => q.origin === "storage" && q.method === "GET");
    assert.deepEqual(
      gets.map((q) => q.range),
      [undefined, `bytes=${half}-`],
      "the second request asks for the rest only",
    );
  } finally {
    await mirror.close();
  }
  assert.deepEqual(leftovers(cacheDir), []);
});

test("item 6: a body that always stalls fails naming the file and what to do, and leaves no .incomplete file", async () => {
  for (const file of ["onnx/model.onnx", "config.json"]) {
    const { cacheDir } = caseDirs(`stall-always-${file.replace("/", "-")}`);
    const mirror = await startHubMirror([tinyRepo()], { fault: () => ({ stallAfter: 10 }) });
    try {
      await assert.rejects(
        within(client(cacheDir, mirror.endpoint, STALL).download(REPO, A, file), 20_000, "a stalled download"),
        (err: Error) => {
          assert.match(err.message, new RegExp(`${REPO}@${A}: ${file.replace(".", "\\.")}: no bytes for 0\\.3 s`), err.message);
          assert.match(err.message, /HF_HUB_DOWNLOAD_TIMEOUT/);
          return true;
        },
      );
    } finally {
      await mirror.close();
    }
    assert.deepEqual(leftovers(cacheDir), [], file);
    assert.deepEqual(
      walk(cacheDir).filter((f) => f.includes("/blobs/") || f.includes("/snapshots/")),
      [],
      `${file}: nothing that looks finished`,
    );
  }
});

test("item 6: a server without range support restarts the file from the first byte", async () => {
  const { cacheDir } = caseDirs("stall-no-range");
  const mirror = await startHubMirror([tinyRepo()], {
    fault: (r) => (r.origin === "storage" ? (r.attempt === 0 ? { stallAfter: half } : { ignoreRange: true }) : undefined),
  });
  try {
    const path = await within(client(cacheDir, mirror.endpoint, STALL).download(REPO, A, "onnx/model.onnx"), 20_000, "a stalled download");
    assert.deepEqual(readFileSync(path), Buffer.from(fp32));
  } finally {
    await mirror.close();
  }
  assert.deepEqual(leftovers(cacheDir), []);
});

test("item 6: a resumed tail of other bytes fails the hash check, and nothing is kept", async () => {
  const { cacheDir } = caseDirs("stall-wrong-tail");
  const other = Buffer.from(fp32);
  other[fp32.length - 1] ^= 0xff;
  const mirror = await startHubMirror([tinyRepo()], {
    fault: (r) => (r.origin === "storage" ? (r.attempt === 0 ? { stallAfter: half } : { body: other }) : undefined),
  });
  try {
    await assert.rejects(
      within(client(cacheDir, mirror.endpoint, STALL).download(REPO, A, "onnx/model.onnx"), 20_000, "a stalled download"),
      /do not match/,
    );
  } finally {
    await mirror.close();
  }
  assert.deepEqual(leftovers(cacheDir), []);
  assert.deepEqual(
    walk(cacheDir).filter((f) => f.includes("/blobs/") || f.includes("/snapshots/")),
    [],
  );
});

test("item 6: a .incomplete file a killed run left is resumed (right bytes) or discarded (wrong bytes), never left behind", async () => {
  for (const [name, prefix] of [
    ["right", Buffer.from(fp32).subarray(0, half)],
    ["wrong", Buffer.alloc(half, 7)],
  ] as const) {
    const { cacheDir } = caseDirs(`stale-incomplete-${name}`);
    const blobs = join(cacheDir, repoFolderName(REPO), "blobs");
    mkdirSync(blobs, { recursive: true });
    // pid 2^22 + 1 is above Linux's pid_max: that process cannot be alive.
    const stale = join(blobs, `${sha256(fp32)}.4194305.1700000000000.incomplete`);
    writeFileSync(stale, prefix);
    utimesSync(stale, new Date(1_700_000_000_000), new Date(1_700_000_000_000));
    const mirror = await startHubMirror([tinyRepo()]);
    try {
      const path = await within(client(cacheDir, mirror.endpoint, STALL).download(REPO, A, "onnx/model.onnx"), 20_000, "a download");
      assert.deepEqual(readFileSync(path), Buffer.from(fp32), name);
      const ranges = mirror.requests.filter((q) => q.origin === "storage" && q.method === "GET").map((q) => q.range);
      if (name === "right") assert.deepEqual(ranges, [`bytes=${half}-`], "the stale bytes are kept and the rest fetched");
    } finally {
      await mirror.close();
    }
    assert.deepEqual(leftovers(cacheDir), [], name);
  }
});

// ---------------------------------------------------------------------------------------------
// Item 12: a blob is checked against its name before it is used; the manifest records what was measured.

/** The blob a snapshot file links to. */
const blobOf = (link: string) => resolve(dirname(link), readlinkSync(link));

test("item 12: offline, a corrupted blob is refused, naming it and what to do", async () => {
  for (const file of ["config.json", "onnx/model.onnx"]) {
    const { cacheDir } = caseDirs(`corrupt-offline-${file.replace("/", "-")}`);
    const mirror = await startHubMirror([tinyRepo()]);
    try {
      await fetchHubModel(client(cacheDir, mirror.endpoint), onnxSources(REPO, "main", "fp32"));
    } finally {
      await mirror.close();
    }
    const blob = blobOf(join(cacheDir, repoFolderName(REPO), "snapshots", A, file));
    const bytes = readFileSync(blob);
    bytes[bytes.length - 2] ^= 0x01; // same size, one bit
    writeFileSync(blob, bytes);
    const offline = new HubClient(hubSettings({ cacheDir, offline: true, endpoint: "http://127.0.0.1:9" }, {}));
    await assert.rejects(fetchHubModel(offline, onnxSources(REPO, "main", "fp32")), (err: Error) => {
      assert.ok(err.message.includes(blob), `${file}: names the blob: ${err.message}`);
      assert.match(err.message, /does not match its name/);
      assert.match(err.message, /delete it and run once with network access/);
      return true;
    });
  }
});

test("item 12: online, a corrupted blob is fetched again (pinned commit and branch), with a warning", async () => {
  for (const revision of [A, "main"]) {
    const { cacheDir } = caseDirs(`corrupt-online-${revision.length}`);
    const mirror = await startHubMirror([tinyRepo()]);
    const lines: string[] = [];
    try {
      await fetchHubModel(client(cacheDir, mirror.endpoint), onnxSources(REPO, revision, "fp32"));
      const link = join(cacheDir, repoFolderName(REPO), "snapshots", A, "onnx/model.onnx");
      const blob = blobOf(link);
      const bytes = readFileSync(blob);
      bytes[half] ^= 0x01;
      writeFileSync(blob, bytes);
      const again = await fetchHubModel(
        client(cacheDir, mirror.endpoint, {}, (l) => lines.push(l)),
        onnxSources(REPO, revision, "fp32"),
      );
      assert.deepEqual(readFileSync(join(again.dir, again.onnxFile)), Buffer.from(fp32), `${revision}: the right bytes`);
      assert.equal(again.sha256, sha256(fp32));
    } finally {
      await mirror.close();
    }
    assert.match(lines.join("\n"), /does not match its name.*fetching it again/, revision);
  }
});

test("item 12: the manifest's SHA-256 is the one measured of the bytes the run used", async () => {
  const { dir } = caseDirs("manifest-measured");
  const input = join(dir, "pairs.csv");
  writeFileSync(
    input,
    toCsv(
      ["id", "premise", "hypothesis"],
      PAIRS.map(([premise, hypothesis], id) => ({ id, premise, hypothesis })),
    ),
  );
  const cacheDir = join(dir, "home", "hub");
  // The paper's pinned repository, cached by an earlier run; then its ONNX blob is overwritten with other bytes.
  const repo: MirrorRepo = {
    repo: PAPER_NLI_MODEL,
    branches: { main: PAPER_NLI_REVISION },
    revisions: [{ commit: PAPER_NLI_REVISION, files: filesA }],
  };
  const xenova: MirrorRepo = { repo: PAPER_NLI_CONVERSION, branches: { main: A }, revisions: [{ commit: A, files: filesA }] };
  const mirror = await startHubMirror([repo, xenova]);
  try {
    await fetchHubModel(client(cacheDir, mirror.endpoint), onnxSources(PAPER_NLI_MODEL, PAPER_NLI_REVISION, "fp32"));
    const link = join(cacheDir, repoFolderName(PAPER_NLI_MODEL), "snapshots", PAPER_NLI_REVISION, "onnx/model.onnx");
    writeFileSync(blobOf(link), debertaOnnx("q8"));
    const out = join(dir, "out.csv");
    const r = await runNode(CLI, ["score", "--in", input, "--out", out, "--model", PAPER_NLI_MODEL, "--no-cache"], {
      HF_HOME: join(dir, "home"),
      HF_HUB_CACHE: "",
      HF_ENDPOINT: mirror.endpoint,
      HF_HUB_OFFLINE: "",
      HF_TOKEN: "",
    });
    assert.equal(r.code, 0, r.stderr);
    const manifest = JSON.parse(readFileSync(`${out}.manifest.json`, "utf8"));
    assert.equal(manifest.model.sha256, sha256(readFileSync(link)), "the manifest's SHA-256 is the file's");
    assert.equal(manifest.model.sha256, sha256(fp32), "and the file is the one the hub names");
    assertReference(out, ["contradiction", "entailment", "neutral"]);
  } finally {
    await mirror.close();
  }
});
