/**
 * The paper's model id as users will meet it, through a local hub mirror of the two repositories
 * (test/fixtures/hub/mirror.ts, 127.0.0.1 only) filled with a tiny model of DeBERTa-v3's kind:
 * `capqa score` loads cross-encoder/nli-deberta-v3-large in fp32, fp16 and q8 through
 * HF_ENDPOINT, caches the files under HF_HOME in huggingface_hub's layout, then scores again with
 * the server stopped and HF_HUB_OFFLINE=1. The token goes to the endpoint only.
 */
import { test } from "node:test";
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
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { DEFAULT_HUB_STALL_TIMEOUT_MS, PAPER_NLI_CONVERSION, PAPER_NLI_MODEL, PAPER_NLI_REVISION } from "../lib/constants.js";
import { toCsv } from "../lib/io/csv.js";
import { readRowTable } from "../lib/io/row-table.js";
import { HubCache, repoFolderName } from "../lib/runtime/hub-cache.js";
import { HubClient } from "../lib/runtime/hub-client.js";
import { hubSettings } from "../lib/runtime/hub-settings.js";
import { debertaOnnx, debertaTextFiles, referenceDebertaProbabilities } from "../scripts/fixtures/tiny-deberta.js";
import { releasedDataDir, runNode } from "./helpers.js";
import { gitBlobSha1, isLfs, sha256, startHubMirror, type MirrorRepo } from "./fixtures/hub/mirror.js";

const CLI = resolve("dist/cli/main.js");
const SECRET = "hf_MIRRORtestTOKEN0123456789abcdefXYZ";
const root = mkdtempSync(join(tmpdir(), "capqa-hub-"));
const commit = (name: string) => createHash("sha1").update(name).digest("hex");
const XENOVA_MAIN = commit("xenova-main");
const CE_MAIN = commit("cross-encoder-main");

const text = debertaTextFiles();
const onnx = { fp32: debertaOnnx("fp32"), fp16: debertaOnnx("fp16"), q8: debertaOnnx("q8") };
/** cross-encoder/nli-deberta-v3-large as sentence-transformers lays it out (ONNX names of its own). */
const crossEncoderFiles = (withOnnx: boolean): Record<string, string | Uint8Array> => ({
  "README.md": "---\nlicense: apache-2.0\n---\n# Cross-Encoder for Natural Language Inference\n",
  ...text,
  "spm.model": new Uint8Array([1, 2, 3, 4]),
  ...(withOnnx
    ? {
        "onnx/model.onnx": onnx.fp32,
        "onnx/model_O1.onnx": onnx.fp32,
        "onnx/model_O2.onnx": onnx.fp32,
        "onnx/model_O3.onnx": onnx.fp32,
        "onnx/model_O4.onnx": onnx.fp32,
        "onnx/model_qint8_avx512.onnx": onnx.q8,
        "onnx/model_qint8_avx512_vnni.onnx": onnx.q8,
        "onnx/model_qint8_arm64.onnx": onnx.q8,
        "onnx/model_quint8_avx2.onnx": onnx.q8,
      }
    : {}),
});
/** Xenova/nli-deberta-v3-large: the transformers.js conversion (its dtype names). */
const xenova: MirrorRepo = {
  repo: PAPER_NLI_CONVERSION,
  branches: { main: XENOVA_MAIN },
  revisions: [
    {
      commit: XENOVA_MAIN,
      files: {
        ...text,
        "quantize_config.json": JSON.stringify({ per_channel: true, reduce_range: true }),
        "onnx/model.onnx": onnx.fp32,
        "onnx/model_fp16.onnx": onnx.fp16,
        "onnx/model_quantized.onnx": onnx.q8,
        "onnx/model_int8.onnx": onnx.q8,
        "onnx/model_uint8.onnx": onnx.q8,
        "onnx/model_q4.onnx": onnx.q8,
        "onnx/model_bnb4.onnx": onnx.q8,
        "onnx/model_q4f16.onnx": onnx.fp16,
      },
    },
  ],
};
/** The pinned revision with an onnx/ folder. */
const crossEncoder: MirrorRepo = {
  repo: PAPER_NLI_MODEL,
  branches: { main: PAPER_NLI_REVISION },
  revisions: [{ commit: PAPER_NLI_REVISION, files: crossEncoderFiles(true) }],
};
/** The pinned revision before ONNX files were added to the repository (they came on main later). */
const crossEncoderOld: MirrorRepo = {
  repo: PAPER_NLI_MODEL,
  branches: { main: CE_MAIN },
  revisions: [
    { commit: PAPER_NLI_REVISION, files: crossEncoderFiles(false) },
    { commit: CE_MAIN, files: crossEncoderFiles(true) },
  ],
};

const PAIRS = [
  ["The sun is hot.", "The sun travels through the cloud."],
  ["Water boils at 100 degrees!", "Cows eat plants?"],
  ["A neuron communicate with other cells.", "The plant eats light"],
];
const input = join(root, "pairs.csv");
writeFileSync(
  input,
  toCsv(
    ["id", "premise", "hypothesis"],
    PAIRS.map(([premise, hypothesis], id) => ({ id, premise, hypothesis })),
  ),
);

/** The CLI in a child process, awaited (the mirror answers from this process's event loop). */
async function cli(args: string[], env: Record<string, string>) {
  const r = await runNode(CLI, args, { HF_TOKEN: SECRET, HF_HUB_OFFLINE: "", HF_HUB_CACHE: "", HF_ENDPOINT: "", ...env });
  return { status: r.code, stdout: r.stdout, stderr: r.stderr };
}

function score(dtype: string, env: Record<string, string>, out: string, extra: string[] = []) {
  return cli(["score", "--in", input, "--out", out, "--model", PAPER_NLI_MODEL, "--dtype", dtype, "--no-cache", ...extra], env);
}

/** The output's probabilities against the fixture's independent computation. */
function assertMatchesReference(out: string, dtype: "fp32" | "fp16" | "q8") {
  const rows = readRowTable(out).rows as Record<string, string>[];
  assert.equal(rows.length, PAIRS.length);
  rows.forEach((r, i) => {
    const [a, b] = PAIRS[i];
    const f = referenceDebertaProbabilities(a, b, dtype); // contradiction, entailment, neutral
    const back = referenceDebertaProbabilities(b, a, dtype);
    const got = ["pe_f", "pn_f", "pc_f", "pe_r", "pn_r", "pc_r"].map((c) => Number(r[c]));
    const want = [f[1], f[2], f[0], back[1], back[2], back[0]];
    got.forEach((g, k) => assert.ok(Math.abs(g - want[k]) < 1e-6, `${dtype} row ${i} col ${k}: ${g} vs ${want[k]}`));
    assert.equal(r.status, "ok");
  });
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

test("online then offline: the paper's model id loads in fp32, fp16 and q8 from a mirror, cached in huggingface_hub's layout; the token never leaves the endpoint", async () => {
  const home = join(root, "hf-home");
  const mirror = await startHubMirror([crossEncoder, xenova]);
  const expectSource = {
    fp32: new RegExp(`model files: ${PAPER_NLI_MODEL}@${PAPER_NLI_REVISION} onnx/model\\.onnx`),
    fp16: new RegExp(
      `model files: ${PAPER_NLI_CONVERSION}@main \\(commit ${XENOVA_MAIN.slice(0, 12)}\\) onnx/model_fp16\\.onnx.*transformers\\.js conversion of the same weights`,
    ),
    q8: new RegExp(`model files: ${PAPER_NLI_CONVERSION}@main \\(commit ${XENOVA_MAIN.slice(0, 12)}\\) onnx/model_quantized\\.onnx`),
  };
  const outputs: Record<string, string> = {};
  try {
    for (const dtype of ["fp32", "fp16", "q8"] as const) {
      const out = join(root, `online-${dtype}.csv`);
      const r = await score(dtype, { HF_ENDPOINT: mirror.endpoint, HF_HOME: home }, out);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stderr, expectSource[dtype]);
      assertMatchesReference(out, dtype);
      outputs[dtype] = readFileSync(out, "utf8");
      for (const s of [r.stdout, r.stderr, outputs[dtype]]) assert.ok(!s.includes(SECRET), "the token is in no output");
    }
  } finally {
    await mirror.close();
  }
  // The token went with every request to the endpoint and with none to the storage a redirect named.
  const hub = mirror.requests.filter((q) => q.origin === "hub");
  const storage = mirror.requests.filter((q) => q.origin === "storage");
  assert.ok(hub.length > 0 && storage.length > 0);
  assert.ok(hub.every((q) => q.authorization === `Bearer ${SECRET}`));
  assert.ok(
    storage.every((q) => q.authorization === undefined),
    "no token to another origin",
  );
  // Nothing downloaded twice: the second dtype's config and tokenizer come from the cache.
  const gets = mirror.requests.filter((q) => q.method === "GET" && q.origin === "storage").map((q) => q.path.split("?")[0]);
  assert.equal(new Set(gets).size, gets.length, "no blob fetched twice");

  // huggingface_hub's layout: blobs by etag, relative links in snapshots, refs for branches.
  const cacheDir = join(home, "hub");
  for (const [repo, commitId, files] of [
    [PAPER_NLI_MODEL, PAPER_NLI_REVISION, ["config.json", "tokenizer.json", "tokenizer_config.json", "onnx/model.onnx"]],
    [
      PAPER_NLI_CONVERSION,
      XENOVA_MAIN,
      ["config.json", "tokenizer.json", "tokenizer_config.json", "onnx/model_fp16.onnx", "onnx/model_quantized.onnx"],
    ],
  ] as const) {
    const repoDir = join(cacheDir, repoFolderName(repo));
    for (const f of files) {
      const link = join(repoDir, "snapshots", commitId, f);
      assert.ok(lstatSync(link).isSymbolicLink(), `${link} is a link`);
      const target = readlinkSync(link);
      assert.ok(!target.startsWith("/"), "relative link");
      const blob = resolve(dirname(link), target);
      assert.equal(relative(join(repoDir, "blobs"), blob).includes("/"), false);
      const bytes = readFileSync(blob);
      assert.equal(blob.split("/").pop(), isLfs(f) ? sha256(bytes) : gitBlobSha1(bytes), `${f}: blob named by the hub's etag`);
    }
  }
  assert.equal(readFileSync(join(cacheDir, repoFolderName(PAPER_NLI_CONVERSION), "refs", "main"), "utf8"), XENOVA_MAIN);
  assert.equal(existsSync(join(cacheDir, repoFolderName(PAPER_NLI_MODEL), "refs", PAPER_NLI_REVISION)), false, "no ref for a commit hash");
  assert.deepEqual(
    walk(cacheDir).filter((f) => f.endsWith(".incomplete") || f.includes(".tmp")),
    [],
  );
  for (const f of walk(home)) assert.ok(!readFileSync(f).includes(SECRET), `${f} holds no token`);

  // With the server gone and HF_HUB_OFFLINE=1, the same scores from the cache, byte for byte.
  for (const dtype of ["fp32", "fp16", "q8"] as const) {
    const out = join(root, `offline-${dtype}.csv`);
    const r = await score(dtype, { HF_ENDPOINT: mirror.endpoint, HF_HOME: home, HF_HUB_OFFLINE: "1" }, out);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /from the hub cache \(offline\)/);
    assert.equal(readFileSync(out, "utf8"), outputs[dtype], `${dtype} offline = online`);
  }
});

test("a plain mirror (GET only, no commit, no etag, no storage redirect) works too: snapshots named by the revision, blobs by their SHA-256, offline after", async () => {
  const home = join(root, "hf-plain");
  const mirror = await startHubMirror([crossEncoder, xenova], { plain: true });
  let online: string;
  try {
    const out = join(root, "plain-fp16.csv");
    const r = await score("fp16", { HF_ENDPOINT: mirror.endpoint, HF_HOME: home }, out);
    assert.equal(r.status, 0, r.stderr);
    assertMatchesReference(out, "fp16");
    online = readFileSync(out, "utf8");
  } finally {
    await mirror.close();
  }
  const repoDir = join(home, "hub", repoFolderName(PAPER_NLI_CONVERSION));
  const link = join(repoDir, "snapshots", "main", "onnx", "model_fp16.onnx");
  assert.ok(lstatSync(link).isSymbolicLink());
  const blob = resolve(dirname(link), readlinkSync(link));
  assert.equal(blob.split("/").pop(), sha256(readFileSync(blob)));
  assert.equal(existsSync(join(repoDir, "refs", "main")), false, "no ref without a commit");
  const again = join(root, "plain-fp16-offline.csv");
  const r = await score("fp16", { HF_ENDPOINT: mirror.endpoint, HF_HOME: home, HF_HUB_OFFLINE: "1" }, again);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(readFileSync(again, "utf8"), online);
});

test("--onnx-file reads a sentence-transformers file of the paper's repository (its bytes decide its arithmetic); a path outside is a usage error", async () => {
  const mirror = await startHubMirror([crossEncoder, xenova]);
  try {
    const out = join(root, "avx512.csv");
    const r = await score("fp32", { HF_ENDPOINT: mirror.endpoint, HF_HOME: join(root, "hf-file") }, out, [
      "--onnx-file",
      "onnx/model_qint8_avx512.onnx",
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`model files: ${PAPER_NLI_MODEL}@${PAPER_NLI_REVISION} onnx/model_qint8_avx512\\.onnx`));
    assertMatchesReference(out, "q8");
    const manifest = JSON.parse(readFileSync(`${out}.manifest.json`, "utf8"));
    assert.equal(manifest.model.file, "onnx/model_qint8_avx512.onnx");
    assert.equal(manifest.model.sha256, sha256(onnx.q8));
    assert.match(manifest.model.key, /:file:onnx\/model_qint8_avx512\.onnx/);
  } finally {
    await mirror.close();
  }
  for (const bad of ["../model.onnx", "/etc/model.onnx", "onnx/model.bin"]) {
    const r = await score("fp32", { HF_HUB_OFFLINE: "1" }, join(root, "bad.csv"), ["--onnx-file", bad]);
    assert.equal(r.status, 2, bad);
    assert.match(r.stderr, /--onnx-file must be a path inside the model folder/);
  }
});

test("one cache identity for the weights: the paper's id and its transformers.js conversion both verify as the key the released probabilities are imported under", {
  skip: releasedDataDir() ? false : "no released data",
}, async () => {
  const mirror = await startHubMirror([crossEncoder, xenova]);
  try {
    for (const id of [PAPER_NLI_MODEL, PAPER_NLI_CONVERSION]) {
      const r = await cli(["verify-model", "--model", id, "--sample", "2", "--quiet", "--data-dir", releasedDataDir()!], {
        HF_ENDPOINT: mirror.endpoint,
        HF_HOME: join(root, "hf-verify"),
      });
      assert.equal(r.status, 0, r.stderr);
      assert.match(
        r.stdout,
        new RegExp(`cache identity: ${PAPER_NLI_MODEL}@${PAPER_NLI_REVISION} — the identity the released probabilities are imported under`),
        id,
      );
    }
  } finally {
    await mirror.close();
  }
});

test("offline with nothing cached: one error naming the cache and every missing file, before any row is scored", async () => {
  const r = await score("fp32", { HF_HOME: join(root, "empty-home"), HF_HUB_OFFLINE: "1" }, join(root, "none.csv"));
  assert.equal(r.status, 1);
  assert.match(
    r.stderr,
    /HF_HUB_OFFLINE is set and the hub cache .*empty-home\/hub lacks cross-encoder\/nli-deberta-v3-large@c7f4f0356d88c434863529a8a2a0fb80de8fa918: onnx\/model\.onnx and Xenova\/nli-deberta-v3-large@main: onnx\/model\.onnx/,
  );
  assert.equal(existsSync(join(root, "none.csv")), false);
});

test("a pinned revision without an onnx/ folder reads fp32 from the transformers.js conversion of the same weights, and says so", async () => {
  const mirror = await startHubMirror([crossEncoderOld, xenova]);
  try {
    const out = join(root, "old-fp32.csv");
    const r = await score("fp32", { HF_ENDPOINT: mirror.endpoint, HF_HOME: join(root, "hf-old") }, out);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stderr,
      /model files: Xenova\/nli-deberta-v3-large@main .*onnx\/model\.onnx.*cross-encoder\/nli-deberta-v3-large@c7f4f0356d88c434863529a8a2a0fb80de8fa918 has no onnx\/model\.onnx/,
    );
    assertMatchesReference(out, "fp32");
    // The main branch does have it: naming the revision reads the repository's own file.
    const own = await score("fp32", { HF_ENDPOINT: mirror.endpoint, HF_HOME: join(root, "hf-old") }, join(root, "old-main.csv"), [
      "--revision",
      "main",
    ]);
    assert.equal(own.status, 0, own.stderr);
    assert.match(own.stderr, new RegExp(`model files: ${PAPER_NLI_MODEL}@main \\(commit ${CE_MAIN.slice(0, 12)}\\) onnx/model\\.onnx`));
  } finally {
    await mirror.close();
  }
});

test("files Python's huggingface_hub put in the cache are used offline", async () => {
  // A cache laid out by hand exactly as huggingface_hub writes it, with no server at all.
  const home = join(root, "hf-python");
  const cache = new HubCache(join(home, "hub"));
  const repoDir = cache.repoDir(PAPER_NLI_CONVERSION);
  const files: Record<string, string | Uint8Array> = { ...text, "onnx/model_fp16.onnx": onnx.fp16 };
  for (const [f, v] of Object.entries(files)) {
    const bytes = typeof v === "string" ? Buffer.from(v) : Buffer.from(v);
    const etag = isLfs(f) ? sha256(bytes) : gitBlobSha1(bytes);
    mkdirSync(join(repoDir, "blobs"), { recursive: true });
    writeFileSync(join(repoDir, "blobs", etag), bytes);
    const link = join(repoDir, "snapshots", XENOVA_MAIN, f);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(relative(dirname(link), join(repoDir, "blobs", etag)), link);
  }
  mkdirSync(join(repoDir, "refs"), { recursive: true });
  writeFileSync(join(repoDir, "refs", "main"), XENOVA_MAIN);
  const out = join(root, "python-fp16.csv");
  const r = await score("fp16", { HF_HOME: home, HF_HUB_OFFLINE: "1" }, out);
  assert.equal(r.status, 0, r.stderr);
  assertMatchesReference(out, "fp16");
});

test("unknown repositories and revisions, and a hub that cannot be reached, are one clear error each", async () => {
  const mirror = await startHubMirror([crossEncoder, xenova]);
  try {
    const env = { HF_ENDPOINT: mirror.endpoint, HF_HOME: join(root, "hf-errors") };
    const run = (extra: string[]) => cli(["score", "--in", input, "--out", join(root, "err.csv"), "--no-cache", ...extra], env);
    const noRepo = await run(["--model", "nobody/nothing"]);
    assert.equal(noRepo.status, 1);
    assert.match(noRepo.stderr, /nobody\/nothing: no such repository on http:\/\/127\.0\.0\.1:\d+/);
    const noRev = await run(["--model", PAPER_NLI_MODEL, "--revision", "0".repeat(40)]);
    assert.equal(noRev.status, 1);
    assert.match(noRev.stderr, /no revision "0{40}"/);
    for (const r of [noRepo, noRev]) assert.ok(!r.stderr.includes(SECRET));
  } finally {
    await mirror.close();
  }
  const down = await cli(["score", "--in", input, "--out", join(root, "err.csv"), "--no-cache", "--model", "someone/model"], {
    HF_ENDPOINT: mirror.endpoint,
    HF_HOME: join(root, "hf-down"),
  });
  assert.equal(down.status, 1);
  assert.match(down.stderr, /cannot reach http:\/\/127\.0\.0\.1:\d+ .*set HF_HUB_OFFLINE=1/);
});

test("hub settings follow huggingface_hub: HF_HOME, HF_HUB_CACHE, HF_ENDPOINT, HF_HUB_OFFLINE, HF_TOKEN and the token file", () => {
  assert.deepEqual(hubSettings({}, { HOME: "/h", HF_HOME: "/hf" }), {
    endpoint: "https://huggingface.co",
    cacheDir: "/hf/hub",
    offline: false,
    token: undefined,
    stallTimeoutMs: DEFAULT_HUB_STALL_TIMEOUT_MS,
  });
  assert.equal(hubSettings({}, { HF_HOME: "/hf", HF_HUB_DOWNLOAD_TIMEOUT: "2.5" }).stallTimeoutMs, 2500);
  assert.equal(hubSettings({ stallTimeoutMs: 100 }, { HF_HOME: "/hf", HF_HUB_DOWNLOAD_TIMEOUT: "2.5" }).stallTimeoutMs, 100);
  for (const v of ["0", "-1", "soon", "Infinity"])
    assert.throws(
      () => hubSettings({}, { HF_HOME: "/hf", HF_HUB_DOWNLOAD_TIMEOUT: v }),
      /HF_HUB_DOWNLOAD_TIMEOUT must be a positive number of seconds/,
      v,
    );
  assert.equal(hubSettings({}, { HF_HOME: "/hf", HF_HUB_CACHE: "/elsewhere" }).cacheDir, "/elsewhere");
  assert.equal(hubSettings({}, { XDG_CACHE_HOME: "/xdg" }).cacheDir, "/xdg/huggingface/hub");
  assert.equal(hubSettings({}, { HF_ENDPOINT: "http://mirror.local:8080/" }).endpoint, "http://mirror.local:8080");
  for (const v of ["1", "ON", "yes", "True"]) assert.equal(hubSettings({}, { HF_HUB_OFFLINE: v }).offline, true, v);
  for (const v of ["0", "", "off"]) assert.equal(hubSettings({}, { HF_HUB_OFFLINE: v }).offline, false, v);
  const home = join(root, "token-home");
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, "token"), "hf_fromfile\n");
  assert.equal(hubSettings({}, { HF_HOME: home }).token, "hf_fromfile");
  assert.equal(hubSettings({}, { HF_HOME: home, HF_TOKEN: "hf_env" }).token, "hf_env");
  assert.equal(hubSettings({ offline: true, cacheDir: "/c" }, { HF_HOME: home }).cacheDir, "/c");
});

test("the hub client refuses paths that would leave the cache, and checks bytes against the hub's etag", async () => {
  const client = new HubClient(hubSettings({ cacheDir: join(root, "hf-paths", "hub"), offline: false, endpoint: "http://127.0.0.1:9" }));
  assert.throws(() => client.fileUrl("../etc", "main", "config.json"), /not a hub repository id/);
  assert.throws(() => client.fileUrl(PAPER_NLI_MODEL, "main", "../../x"), /not a file path inside a repository/);
  // A mirror whose bytes do not match the etag it announces: the download is refused and nothing is cached.
  const bad: MirrorRepo = {
    repo: "someone/bad",
    branches: { main: commit("bad") },
    revisions: [{ commit: commit("bad"), files: { "config.json": "{}" } }],
  };
  const mirror = await startHubMirror([bad]);
  try {
    const lying = new HubClient(hubSettings({ cacheDir: join(root, "hf-bad", "hub"), endpoint: mirror.endpoint, offline: false }), {
      fetch: async (url, init) => {
        const res = await fetch(url, init);
        const headers = new Headers(res.headers);
        headers.set("etag", `"${"a".repeat(40)}"`);
        return new Response(res.body, { status: res.status, headers });
      },
    });
    await assert.rejects(lying.download("someone/bad", "main", "config.json"), /do not match the etag a{40}/);
    assert.deepEqual(
      walk(join(root, "hf-bad", "hub")).filter((f) => f.includes("/blobs/") || f.includes("/snapshots/")),
      [],
    );
  } finally {
    await mirror.close();
  }
  assert.ok(statSync(root).isDirectory());
});
