/**
 * Secrets must not reach another host or a file: a redirect is refused rather than followed (fetch
 * keeps x-api-key across origins and would send the prompt and the key to whatever Location
 * names), and a reply that echoes the key is scrubbed before the output, the checkpoint, the
 * cache or the report is written. Local servers on 127.0.0.1 only.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CallError, LlmClient, type ClientOptions } from "../lib/construct/client.js";
import { Provider, type ProviderName } from "../lib/construct/providers.js";
import { runAnswers } from "../lib/construct/answers.js";
import { toCsv } from "../lib/io/csv.js";
import { replyFor } from "./fixtures/construct/fault-server.js";
import { runNode } from "./helpers.js";

const KEY = "sk-ant-api03-LEAKtestSECRET-Zq81vN4mP7xR2wL9";
const RUNNER = resolve("dist/test/fixtures/construct/run-cli.js");
const FAST: ClientOptions = { backoffBaseMs: 5, backoffMaxMs: 20, timeoutMs: 2000, requestsPerMinute: 0 };
const root = mkdtempSync(join(tmpdir(), "capqa-construct-leaks-"));
const req = {
  system: "Answer the question in the style of a person responding on an exam.",
  user: "What is water?",
  maxTokens: 256,
  temperature: 0,
};
const accept = { validate: (r: { text: string }) => ({ ok: true as const, value: r.text }) };

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

/** A server on 127.0.0.1 that logs every request and answers with `handle`. */
async function serve(handle: (r: Seen, res: ServerResponse, n: number) => void) {
  const log: Seen[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const seen = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
    log.push(seen);
    handle(seen, res, log.length);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return { url, log, close };
}

/** Whether any header of a request holds the key (whole or a run of 12 of its characters). */
function carriesKey(r: Seen): boolean {
  const text = JSON.stringify(r.headers) + r.body;
  return text.includes(KEY) || text.includes(KEY.slice(13, 25));
}

const run = (args: string[], env: Record<string, string>) => runNode(RUNNER, args, { ANTHROPIC_API_KEY: KEY, OPENAI_API_KEY: KEY, ...env });

function walk(d: string): string[] {
  return readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
}

test("redirects are refused, not followed: the host a 3xx names receives nothing, not the key; the call fails at once", async () => {
  const other = await serve((_, res) => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
  let status = 307;
  const redirector = await serve((r, res) =>
    res.writeHead(status, { location: `${other.url}${r.url}`, "content-type": "text/plain" }).end("moved"),
  );
  try {
    for (const provider of ["anthropic", "openai"] as ProviderName[]) {
      for (const s of [307, 308, 301, 302, 303]) {
        status = s;
        const before = redirector.log.length;
        const c = new LlmClient(
          new Provider({ provider, model: "m", baseUrl: provider === "anthropic" ? redirector.url : `${redirector.url}/v1`, apiKey: KEY }),
          FAST,
        );
        const e = await c.call(req, accept).then(
          () => undefined,
          (err: unknown) => err,
        );
        assert.equal(
          other.log.length,
          0,
          `${provider} ${s}: the other host received ${other.log.length} request(s)${other.log.some(carriesKey) ? ", with the key" : ""}`,
        );
        assert.ok(e instanceof CallError, `${provider} ${s}: ${String(e)}`);
        assert.equal(e.kind, "redirect");
        assert.equal(e.fatal, true);
        assert.equal(e.status, s);
        assert.match(
          e.message,
          new RegExp(`${provider}: HTTP ${s} to ${other.url.replace(/\./g, "\\.")} refused: redirects are not followed`),
        );
        assert.match(e.message, /baseUrl/);
        assert.ok(!e.message.includes(KEY));
        assert.equal(redirector.log.length, before + 1, `${provider} ${s}: sent once, not retried`);
        // The client is stopped: a later call sends nothing.
        await assert.rejects(c.call({ ...req, user: "Another?" }, accept), (e: unknown) => e instanceof CallError && e.kind === "redirect");
        assert.equal(redirector.log.length, before + 1);
      }
    }
    assert.equal(
      other.log.length,
      0,
      `the other host received ${other.log.length} request(s)${other.log.some(carriesKey) ? ", with the key" : ""}`,
    );

    // A run stops at the first redirect instead of meeting it once per row.
    status = 307;
    const before = redirector.log.length;
    const c = new LlmClient(new Provider({ provider: "anthropic", model: "m", baseUrl: redirector.url, apiKey: KEY }), {
      ...FAST,
      concurrency: 1,
    });
    const rows = Array.from({ length: 8 }, (_, i) => ({ question: `Q${i}?` }));
    await assert.rejects(
      runAnswers({
        client: c,
        columns: ["question"],
        rows,
        settings: { maxTokens: 256, temperature: 0 },
        checkpoint: join(root, "redirect.checkpoint.jsonl"),
        concurrency: 1,
      }),
      (e: unknown) => e instanceof CallError && e.kind === "redirect",
    );
    assert.equal(redirector.log.length, before + 1);

    // From the command line: a clear message, exit status 1, a report that says why; nothing reached the other host.
    const dir = join(root, "cli-redirect");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "in.csv"),
      toCsv(
        ["question", "gold_answer"],
        rows.map((r) => ({ ...r, gold_answer: "g" })),
      ),
    );
    const out = await run(
      [
        "answers",
        "--provider",
        "openai",
        "--model",
        "gpt-x",
        "--in",
        join(dir, "in.csv"),
        "--out",
        join(dir, "out.csv"),
        "--rpm",
        "0",
        "--concurrency",
        "2",
        "--cache-dir",
        join(dir, "cache"),
        "--quiet",
      ],
      {
        OPENAI_BASE_URL: `${redirector.url}/v1`,
      },
    );
    assert.equal(out.code, 1, out.stderr);
    assert.match(out.stderr, /capqa: openai: HTTP 307 to http:\/\/127\.0\.0\.1:\d+ refused: redirects are not followed/);
    const report = JSON.parse(readFileSync(join(dir, "out.report.json"), "utf8"));
    assert.equal(report.stopped.kind, "redirect");
    assert.equal(report.stopped.status, 307);
    assert.ok(!out.stderr.includes(KEY) && !out.stdout.includes(KEY));
    assert.ok(!existsSync(join(dir, "out.csv")));
    assert.equal(other.log.length, 0);
  } finally {
    await redirector.close();
    await other.close();
  }
});

/** Both APIs, answering the construction prompts (as the fault server does) but echoing the key given in every field of the reply. */
async function echoServer() {
  const delivered = new Map<string, number>();
  return serve((r, res) => {
    const body = JSON.parse(r.body) as { model: string; system?: string; messages: { role: string; content: string }[] };
    const anthropic = r.url === "/v1/messages";
    const given = anthropic ? String(r.headers["x-api-key"]) : String(r.headers.authorization ?? "").replace(/^Bearer /, "");
    const system = anthropic ? String(body.system ?? "") : String(body.messages.find((m) => m.role === "system")?.content ?? "");
    const user = body.messages[body.messages.length - 1].content;
    const id = createHash("sha256")
      .update(system + "\u0000" + user)
      .digest("hex");
    const k = delivered.get(id) ?? 0;
    delivered.set(id, k + 1);
    let content = replyFor(system, user, k);
    const echo = ` (key ${given}, again ${given.slice(4, 20)}…)`;
    if (content.startsWith("[")) content = JSON.stringify((JSON.parse(content) as string[]).map((s) => s + echo));
    else if (content.startsWith("{")) {
      const t = JSON.parse(content) as Record<string, string>;
      content = JSON.stringify({ ...t, answer: t.answer + echo, statement: t.statement.replace(/\.$/, "") + echo + "." });
    } else content += echo;
    const model = `${body.model}-${given}`;
    const payload = anthropic
      ? {
          id: "msg",
          type: "message",
          role: "assistant",
          model,
          content: [{ type: "text", text: content }],
          stop_reason: `end_turn ${given}`,
          usage: { input_tokens: 10, output_tokens: 10 },
        }
      : {
          id: "chatcmpl",
          object: "chat.completion",
          model,
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: `stop ${given}` }],
          usage: { prompt_tokens: 10, completion_tokens: 10 },
        };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(payload));
  });
}

test("a reply echoing the key in its text, model and stop reason: scrubbed before the output, checkpoint, cache or report is written", async () => {
  const s = await echoServer();
  try {
    const dir = join(root, "echo");
    mkdirSync(dir, { recursive: true });
    const env = { ANTHROPIC_BASE_URL: s.url, OPENAI_BASE_URL: `${s.url}/v1`, CAPQA_CACHE_DIR: join(dir, "default-cache") };
    writeFileSync(join(dir, "fast.json"), JSON.stringify({ backoffBaseMs: 5, backoffMaxMs: 20, requestsPerMinute: 0 }));
    const common = ["--config", join(dir, "fast.json"), "--quiet"];
    const questions = Array.from({ length: 6 }, (_, i) => ({ question: `What is item ${i}?`, gold_answer: `gold ${i}`, dataset: "mmlu" }));
    writeFileSync(join(dir, "in.csv"), toCsv(["question", "gold_answer", "dataset"], questions));

    const runs = [
      [
        "answers",
        "--provider",
        "openai",
        "--model",
        "gpt-x",
        "--in",
        join(dir, "in.csv"),
        "--out",
        join(dir, "answers", "out.csv"),
        "--cache-dir",
        join(dir, "answers", "cache"),
      ],
      [
        "answers",
        "--provider",
        "anthropic",
        "--model",
        "claude-x",
        "--in",
        join(dir, "in.csv"),
        "--out",
        join(dir, "answers-a", "out.csv"),
        "--cache-dir",
        join(dir, "answers-a", "cache"),
      ],
      [
        "candidates",
        "--in",
        join(dir, "in.csv"),
        "--out",
        join(dir, "cands", "out.csv"),
        "--batch-size",
        "3",
        "--cache-dir",
        join(dir, "cands", "cache"),
      ],
      ["statements", "--out", join(dir, "st"), "--total", "6", "--cache-dir", join(dir, "st", "cache")],
    ];
    const printed: string[] = [];
    for (const args of runs) {
      const r = await run([...args, ...common], env);
      assert.equal(r.code, 0, `${args[0]}: ${r.stderr}`);
      printed.push(r.stdout, r.stderr);
    }
    assert.ok(s.log.length >= 6 + 6 + 6 + 6, `${s.log.length} requests`);
    assert.ok(
      s.log.every((r) => JSON.stringify(r.headers).includes(KEY)),
      "the key went to the API, in a header",
    );

    // The replies came through, with the key replaced by the marker.
    const answers = readFileSync(join(dir, "answers", "out.csv"), "utf8");
    assert.match(answers, /Answer to: What is item 0\? \(key \[REDACTED\], again \[REDACTED\]…\)/);
    const cp = readFileSync(join(dir, "answers-a", "out.checkpoint.jsonl"), "utf8");
    assert.match(cp, /"model":"claude-x-\[REDACTED\]"/);
    assert.match(cp, /"stop_reason":"end_turn \[REDACTED\]"/);

    const files = walk(dir);
    for (const want of [".checkpoint.jsonl", ".report.json", "CAP-Statements.csv", "llm"])
      assert.ok(
        files.some((f) => f.includes(want)),
        `${want} among the files written`,
      );
    const key = Buffer.from(KEY);
    const fragment = Buffer.from(KEY.slice(4, 20));
    for (const f of files) {
      const bytes = readFileSync(f);
      assert.ok(bytes.indexOf(key) < 0 && bytes.indexOf(fragment) < 0, `the key is in ${f}`);
    }
    for (const p of printed) assert.ok(!p.includes(KEY) && !p.includes(KEY.slice(4, 20)));
  } finally {
    await s.close();
  }
});

test("every configured secret is scrubbed from replies, not only the provider's own key", () => {
  const other = "sk-proj-OTHERprovider-key-5551234";
  const extra = "hunter2-extra-secret";
  const p = new Provider({ provider: "anthropic", model: "m", apiKey: KEY, env: { OPENAI_API_KEY: other }, secrets: [extra] });
  const raw = JSON.stringify({
    model: `m ${KEY}`,
    content: [{ type: "text", text: `a ${KEY} b ${other} c ${extra} d ${KEY.slice(0, 9)}` }],
    stop_reason: `end ${other}`,
    usage: {},
  });
  const reply = p.parse(raw);
  assert.equal(reply.text, "a [REDACTED] b [REDACTED] c [REDACTED] d [REDACTED]");
  assert.equal(reply.model, "m [REDACTED]");
  assert.equal(reply.stopReason, "end [REDACTED]");
  assert.equal(p.redact("nothing secret here, sk-ant-"), "nothing secret here, sk-ant-"); // 7 characters of a key are not an echo
});
