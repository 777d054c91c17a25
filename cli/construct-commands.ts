/** capqa construct prepare | candidates | statements | answers. */
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { writeFileAtomic } from "../lib/io/format.js";
import { writeRowTable, readRowTable } from "../lib/io/row-table.js";
import { checkOutputFile } from "../lib/io/output-file.js";
import { checkOutputFolder } from "../lib/io/folder.js";
import { parseClass } from "../lib/taxonomy/index.js";
import {
  ANSWER_MAX_TOKENS,
  ANSWER_TEMPERATURE,
  CallError,
  DEFAULT_CANDIDATE_SETTINGS,
  DEFAULT_STATEMENT_SETTINGS,
  DROPPED_COLUMNS,
  KEY_ENV,
  PAPER_CANDIDATE_MODEL,
  PAPER_STATEMENTS_MODEL,
  PROVIDERS,
  STATEMENT_COLUMNS,
  answerRequest,
  candidateRequest,
  cleanSources,
  describeStats,
  droppedTableRows,
  estimateTokens,
  loadConfig,
  makeClient,
  mergeConfig,
  planCandidates,
  planCells,
  readSources,
  runAnswers,
  runCandidates,
  runStatements,
  sampling,
  statementRequest,
  type AnswerSettings,
  type CandidateSettings,
  type ChatRequest,
  type ConstructConfig,
  type LlmClient,
  type ProviderName,
  type RunReport,
  type SourceRow,
  type StatementSettings,
} from "../lib/construct/index.js";
import {
  DEFAULT_LLM_CONCURRENCY,
  DEFAULT_LLM_MAX_RETRIES,
  DEFAULT_LLM_REQUESTS_PER_MINUTE,
  DEFAULT_LLM_TIMEOUT_MS,
} from "../lib/constants.js";
import { COMMON_OPTIONS, UsageError, choiceFlag, defineOptions, intFlag, optionsHelp, parseOptions } from "./args.js";
import { progressPrinter, out, err } from "./output.js";

/** Exit status of a run whose output lacks some rows (they are listed; a new run retries them). */
export const EXIT_INCOMPLETE = 3;

/** capqa construct prepare | candidates | statements | answers take the same flags (and the same configuration keys). */
export const CONSTRUCT_OPTIONS = defineOptions({
  config: {
    type: "string",
    value: "FILE",
    help: "JSON configuration (keys: provider, model, in, out, checkpoint, cacheDir, concurrency, requestsPerMinute, inputTokensPerMinute, timeoutMs, maxRetries, contentRetries, backoffBaseMs, backoffMaxMs, maxRetryAfterMs, maxResponseBytes, maxRepeatedErrors, maxTokens, temperature, topP, maxTokensField, batchSize, seed, promptRole, classes, columns, dataset, dropped, total, subjects, generalShare, jaccard, split, maxAttemptsFactor; relative paths are relative to the file).",
  },
  provider: { type: "string", value: "P", help: "anthropic (default for candidates, statements) or openai." },
  model: { type: "string", value: "NAME", help: "Model id." },
  "base-url": { type: "string", value: "URL", help: "API base URL (overrides the environment)." },
  in: {
    type: "string",
    multiple: true,
    value: "FILE",
    help: "prepare, candidates: a question source (CSV/JSONL: question, gold_answer, dataset), repeated for several; answers: the rows whose questions are sent.",
  },
  out: { type: "string", value: "FILE", help: "The output file (statements: the output folder DIR)." },
  dropped: {
    type: "string",
    value: "FILE",
    help: "prepare, candidates: the dropped source rows with their reasons (default OUT.dropped.csv).",
  },
  dataset: {
    type: "string",
    value: "NAME",
    help: "prepare, candidates: the source name of every row (default: the dataset or source column, else the file name).",
  },
  checkpoint: {
    type: "string",
    value: "FILE",
    help: "JSONL checkpoint (default OUT.checkpoint.jsonl, statements DIR/checkpoint.jsonl); a killed run started again resumes from it and sends no finished request again.",
  },
  report: { type: "string", value: "FILE", help: "The run's report (default OUT.report.json, statements DIR/report.json)." },
  "cache-dir": { type: "string", value: "DIR", help: "Response cache (default $CAPQA_CACHE_DIR or ~/.cache/capqa, under llm/)." },
  "no-cache": { type: "boolean", help: "No response cache." },
  restart: { type: "boolean", help: "Discard the checkpoint and start over (the response cache still answers)." },
  "dry-run": { type: "boolean", help: "Print the prompts and an estimate of calls and tokens; send nothing." },
  quiet: COMMON_OPTIONS.quiet,
  concurrency: { type: "string", value: "N", help: `Requests in flight (default ${DEFAULT_LLM_CONCURRENCY}).` },
  rpm: {
    type: "string",
    value: "N",
    help: `Requests per minute, token bucket (default ${DEFAULT_LLM_REQUESTS_PER_MINUTE}; 0 = no limit).`,
  },
  "timeout-ms": { type: "string", value: "N", help: `Per request (default ${DEFAULT_LLM_TIMEOUT_MS}).` },
  "max-retries": {
    type: "string",
    value: "N",
    help: `Retries after 429/5xx/timeouts (default ${DEFAULT_LLM_MAX_RETRIES}), with backoff, honouring Retry-After.`,
  },
  "batch-size": { type: "string", value: "N", help: `candidates: items per request (default ${DEFAULT_CANDIDATE_SETTINGS.batchSize}).` },
  seed: {
    type: "string",
    value: "S",
    help: `candidates: class assignment; statements: split (default ${DEFAULT_CANDIDATE_SETTINGS.seed}).`,
  },
  total: { type: "string", value: "N", help: `statements: triples wanted (default ${DEFAULT_STATEMENT_SETTINGS.total}).` },
  "max-tokens": { type: "string", value: "N", help: `Output cap (answers: ${ANSWER_MAX_TOKENS}).` },
});

export const CONSTRUCT_HELP = `capqa construct prepare    --in FILE [--in FILE …] --out FILE [--dropped FILE]
capqa construct candidates --in FILE [--in FILE …] --out FILE.csv [options]
capqa construct statements --out DIR [--total N] [options]
capqa construct answers    --provider anthropic|openai --model NAME --in FILE.csv --out FILE.csv [options]
capqa construct <command>  --config FILE [flags that override it]

Builds the paper's datasets with an LLM (Sec. 5, App. B.3–B.5) and collects LLM answers (Sec. 7.4):
  prepare     read question sources (CSV/JSONL: question, gold_answer, dataset) and apply the
              cleaning rules of Sec. 5; every dropped row is written with its reason.
  candidates  prepare, then one candidate per row from the B.4 prompt of a target class (Table 7
              definition + Table 18 instruction), classes balanced, items sent in batches.
              Output: CAP-Correctness columns (question, dataset, gold_answer, answer,
              label_semantic, label_semantic_manual) + source_row. Default model ${PAPER_CANDIDATE_MODEL}.
  statements  CAP-Statements synthesis with the B.5 prompt, one call per triple per (subject,
              question type) cell, temperature 1.0, top_p 0.95; 56.2 % general knowledge;
              duplicates (normalised Jaccard ≥ 0.9 on the question) removed; seeded 80/10/10 split.
              Output DIR/CAP-Statements.csv and CAP-Statements.{train,validation,test}.csv.
              Default model ${PAPER_STATEMENTS_MODEL}, total 11000.
  answers     each row's question with the exam-style system prompt of App. C.2, temperature 0,
              256 output tokens; output = input columns + answer, model, stop_reason (an input
              answer/hypothesis/label_semantic* column is kept as original_*), ready for capqa score.

Keys come from ANTHROPIC_API_KEY / OPENAI_API_KEY and base URLs from ANTHROPIC_BASE_URL /
OPENAI_BASE_URL (default the public endpoints; OPENAI_BASE_URL ends in /v1). Keys are never
logged or written.

Options:
${optionsHelp(CONSTRUCT_OPTIONS)}

Every run writes a report (OUT.report.json, statements DIR/report.json) with the faults met
(HTTP 429/5xx, timeouts, truncated replies, rejected replies), retries and cache hits; a run
stopped by a fatal fault (a wrong key, a redirect, a reply past maxResponseBytes, a Retry-After
past maxRetryAfterMs, the same client error maxRepeatedErrors times in a row) writes it too.
Exit status: 0 complete, ${EXIT_INCOMPLETE} when some rows failed (listed; run again to retry them),
1 on an error, 2 on a usage error.`;

type Values = ReturnType<typeof parse>["values"];

function parse(argv: string[]) {
  return parseArgs({ args: argv, options: parseOptions(CONSTRUCT_OPTIONS), strict: true, allowPositionals: false });
}

/** The config file (if any) with the command line on top. */
function configOf(values: Values): ConstructConfig {
  const file = values.config ? loadConfig(values.config) : {};
  const int = (v: string | undefined, name: string, min = 0) => (v === undefined ? undefined : intFlag(v, name, 0, min));
  const provider = values.provider === undefined ? undefined : choiceFlag(values.provider, "provider", PROVIDERS, "anthropic");
  return mergeConfig(file, {
    provider,
    model: values.model,
    baseUrl: values["base-url"],
    in: values.in === undefined ? undefined : values.in.map((f) => resolve(f)),
    out: values.out === undefined ? undefined : resolve(values.out),
    dropped: values.dropped === undefined ? undefined : resolve(values.dropped),
    dataset: values.dataset,
    checkpoint: values.checkpoint === undefined ? undefined : resolve(values.checkpoint),
    report: values.report === undefined ? undefined : resolve(values.report),
    cacheDir: values["cache-dir"],
    noCache: values["no-cache"] ? true : undefined,
    concurrency: int(values.concurrency, "concurrency", 1),
    requestsPerMinute: int(values.rpm, "rpm", 0),
    timeoutMs: int(values["timeout-ms"], "timeout-ms", 1),
    maxRetries: int(values["max-retries"], "max-retries", 0),
    batchSize: int(values["batch-size"], "batch-size", 1),
    seed: int(values.seed, "seed", 0),
    total: int(values.total, "total", 1),
    maxTokens: int(values["max-tokens"], "max-tokens", 1),
  });
}

function inputs(c: ConstructConfig): string[] {
  const list = c.in === undefined ? [] : Array.isArray(c.in) ? c.in : [c.in];
  if (list.length === 0) throw new UsageError('give --in FILE (or "in" in the configuration)');
  return list;
}

function outFile(c: ConstructConfig): string {
  if (!c.out) throw new UsageError('give --out FILE (or "out" in the configuration)');
  checkOutputFile(c.out, c.in === undefined ? [] : Array.isArray(c.in) ? c.in : [c.in], { createFolders: true });
  return c.out;
}

function sources(c: ConstructConfig): {
  kept: SourceRow[];
  dropped: ReturnType<typeof cleanSources>["dropped"];
  counts: Record<string, number>;
  read: number;
} {
  const specs = inputs(c).map((file) => ({ file, dataset: c.dataset }));
  const rows = readSources(specs, { question: c.columns?.question, goldAnswer: c.columns?.gold_answer, dataset: c.columns?.dataset });
  const res = cleanSources(rows);
  return { ...res, read: rows.length };
}

function describeDrops(read: number, kept: number, counts: Record<string, number>): string {
  const parts = Object.entries(counts).map(([k, v]) => `${k} ${v}`);
  return `read ${read} source row(s), kept ${kept}, dropped ${read - kept}${parts.length ? ` (${parts.join(", ")})` : ""}`;
}

function writeDropped(file: string, dropped: ReturnType<typeof cleanSources>["dropped"]): void {
  mkdirSync(dirname(file), { recursive: true });
  writeRowTable(file, DROPPED_COLUMNS, droppedTableRows(dropped));
}

function sidecar(file: string, suffix: string): string {
  return file.replace(/\.(csv|jsonl|ndjson)$/i, "") + suffix;
}

function printDryRun(
  requests: { req: ChatRequest; count: number; label: string }[],
  client: LlmClient | { name: string; model: string },
): void {
  let calls = 0;
  let inTokens = 0;
  let outTokens = 0;
  requests.forEach(({ req, count, label }, k) => {
    out(`--- request ${k + 1}/${requests.length}: ${label}${count > 1 ? ` (sent ${count} times)` : ""} ---`);
    if (req.system !== undefined) out(`SYSTEM:\n${req.system}\n`);
    out(`USER:\n${req.user}\n`);
    calls += count;
    inTokens += count * estimateTokens((req.system ?? "") + req.user);
    outTokens += count * req.maxTokens;
  });
  const who = "provider" in client ? `${client.provider.name} ${client.provider.model}` : `${client.name} ${client.model}`;
  out(`--- estimate (${who}) ---`);
  out(`calls: ${calls} (before retries)`);
  out(`input tokens: ≈${inTokens} (4 characters a token)`);
  out(`output tokens: at most ${outTokens} (the output cap × calls)`);
}

/**
 * Runs a construction run; when a fatal fault stops it, the report file still says why and what
 * the client met up to then (the checkpoint keeps what was done), and the error goes on.
 */
async function reportingStops<T>(
  client: LlmClient,
  kind: string,
  reportFile: string,
  checkpoint: string,
  run: () => Promise<T>,
): Promise<T> {
  const started = Date.now();
  try {
    return await run();
  } catch (e) {
    if (e instanceof CallError && e.fatal) {
      const report = {
        kind,
        provider: client.provider.name,
        model: client.provider.model,
        checkpoint,
        stopped: { kind: e.kind, status: e.status ?? null, message: e.message },
        stats: client.stats,
        summary: describeStats(client.stats),
        seconds: (Date.now() - started) / 1000,
      };
      mkdirSync(dirname(reportFile), { recursive: true });
      writeFileAtomic(reportFile, JSON.stringify(report, null, 2) + "\n");
      err(`stopped: ${describeStats(client.stats)} (report ${reportFile}; a new run resumes from ${checkpoint})`);
    }
    throw e;
  }
}

function finish(report: RunReport, reportFile: string, incomplete: string[], quiet: boolean): number {
  mkdirSync(dirname(reportFile), { recursive: true });
  writeFileAtomic(reportFile, JSON.stringify(report, null, 2) + "\n");
  if (!quiet) err(String(report.summary));
  if (incomplete.length > 0) {
    for (const line of incomplete.slice(0, 20)) err(`  ${line}`);
    if (incomplete.length > 20) err(`  … and ${incomplete.length - 20} more`);
    err(`output incomplete (report ${reportFile}): run the same command again to retry; exit status ${EXIT_INCOMPLETE}`);
    return EXIT_INCOMPLETE;
  }
  return 0;
}

async function cmdPrepare(argv: string[]): Promise<number> {
  const { values } = parse(argv);
  const c = configOf(values);
  const file = outFile(c);
  const s = sources(c);
  mkdirSync(dirname(file), { recursive: true });
  writeRowTable(
    file,
    ["question", "gold_answer", "dataset", "source_row"],
    s.kept.map((r) => ({ question: r.question, gold_answer: r.goldAnswer, dataset: r.dataset, source_row: r.sourceRow })),
  );
  const droppedFile = c.dropped ?? sidecar(file, ".dropped.csv");
  writeDropped(droppedFile, s.dropped);
  err(describeDrops(s.read, s.kept.length, s.counts));
  err(`wrote ${file} and ${droppedFile}`);
  return 0;
}

function candidateSettings(c: ConstructConfig): CandidateSettings {
  return {
    seed: c.seed ?? DEFAULT_CANDIDATE_SETTINGS.seed,
    batchSize: c.batchSize ?? DEFAULT_CANDIDATE_SETTINGS.batchSize,
    promptRole: c.promptRole ?? DEFAULT_CANDIDATE_SETTINGS.promptRole,
    maxTokens: c.maxTokens ?? DEFAULT_CANDIDATE_SETTINGS.maxTokens,
    temperature: sampling(c.temperature, undefined),
    topP: sampling(c.topP, undefined),
    classes: c.classes?.map(parseClass),
  };
}

async function cmdCandidates(argv: string[]): Promise<number> {
  const { values } = parse(argv);
  const c = configOf(values);
  const file = outFile(c);
  const settings = candidateSettings(c);
  const s = sources(c);
  const droppedFile = c.dropped ?? sidecar(file, ".dropped.csv");
  err(describeDrops(s.read, s.kept.length, s.counts));
  const client = makeClient(c, { provider: "anthropic", model: PAPER_CANDIDATE_MODEL }, { log: values.quiet ? undefined : err });
  if (values["dry-run"]) {
    const plan = planCandidates(s.kept, settings);
    printDryRun(
      plan.batches.map((b) => ({
        req: candidateRequest(s.kept, b.cls, b.rows, settings),
        count: 1,
        label: `${b.cls}, ${b.rows.length} item(s)`,
      })),
      client,
    );
    return 0;
  }
  client.provider.requireKey();
  writeDropped(droppedFile, s.dropped);
  const control = runControl(c, values, "candidates", file);
  const reportFile = c.report ?? sidecar(file, ".report.json");
  const res = await reportingStops(client, "candidates", reportFile, control.checkpoint, () =>
    runCandidates({ client, rows: s.kept, settings, ...control }),
  );
  mkdirSync(dirname(file), { recursive: true });
  writeRowTable(file, res.columns, res.rows);
  err(`wrote ${file} (${res.rows.length} rows; dropped rows in ${droppedFile})`);
  return finish(
    { ...res.report, dropped: s.dropped.length, droppedByRule: s.counts },
    reportFile,
    res.failed.map((f) => `source row ${f.sourceRow}: ${f.reason}`),
    Boolean(values.quiet),
  );
}

function statementSettings(c: ConstructConfig): StatementSettings {
  const d = DEFAULT_STATEMENT_SETTINGS;
  return {
    total: c.total ?? d.total,
    subjects: c.subjects ?? d.subjects,
    generalShare: c.generalShare ?? d.generalShare,
    jaccard: c.jaccard ?? d.jaccard,
    split: c.split ?? d.split,
    seed: c.seed ?? d.seed,
    maxAttemptsFactor: c.maxAttemptsFactor ?? d.maxAttemptsFactor,
    maxTokens: c.maxTokens ?? d.maxTokens,
    temperature: sampling(c.temperature, d.temperature),
    topP: sampling(c.topP, d.topP),
  };
}

async function cmdConstructStatements(argv: string[]): Promise<number> {
  const { values } = parse(argv);
  const c = configOf(values);
  if (!c.out) throw new UsageError('give --out DIR (or "out" in the configuration)');
  const dir = c.out;
  checkOutputFolder(dir);
  const settings = statementSettings(c);
  const client = makeClient(c, { provider: "anthropic", model: PAPER_STATEMENTS_MODEL }, { log: values.quiet ? undefined : err });
  if (values["dry-run"]) {
    printDryRun(
      planCells(settings)
        .filter((cell) => cell.target > 0)
        .map((cell) => ({
          req: statementRequest(cell, settings),
          count: cell.target,
          label: `cell ${cell.index}: ${cell.subject}, ${cell.type}, target ${cell.target} (up to ${cell.maxAttempts} calls with duplicates)`,
        })),
      client,
    );
    return 0;
  }
  client.provider.requireKey();
  mkdirSync(dir, { recursive: true });
  const checkpoint = c.checkpoint ?? join(dir, "checkpoint.jsonl");
  const reportFile = c.report ?? join(dir, "report.json");
  const res = await reportingStops(client, "statements", reportFile, checkpoint, () =>
    runStatements({
      client,
      settings,
      checkpoint,
      restart: values.restart,
      concurrency: c.concurrency,
      onProgress: values.quiet ? undefined : progressPrinter("statements"),
      log: values.quiet ? undefined : err,
    }),
  );
  const problems: string[] = [];
  if (res.complete) {
    writeRowTable(join(dir, "CAP-Statements.csv"), STATEMENT_COLUMNS, res.rows as unknown as Record<string, unknown>[]);
    for (const split of ["train", "validation", "test"] as const) {
      writeRowTable(
        join(dir, `CAP-Statements.${split}.csv`),
        STATEMENT_COLUMNS.filter((k) => k !== "split"),
        res.rows.filter((r) => r.split === split) as unknown as Record<string, unknown>[],
      );
    }
    writeRowTable(
      join(dir, "dropped.csv"),
      ["cell", "attempt", "subject", "label_question_type", "question", "reason"],
      res.dropped as unknown as Record<string, unknown>[],
    );
    err(
      `wrote ${res.rows.length} triples to ${dir} (${Object.entries(res.report.splitCounts as Record<string, number>)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}); ${res.dropped.length} dropped (dropped.csv)`,
    );
    for (const s of res.shortfall)
      problems.push(`cell ${s.cell} (${s.subject}, ${s.type}): ${s.kept} of ${s.target} after the attempt limit`);
  } else {
    for (const f of res.report.failedAttempts as { attempt: string; reason: string }[]) problems.push(`attempt ${f.attempt}: ${f.reason}`);
  }
  return finish(res.report, reportFile, problems, Boolean(values.quiet));
}

function answerSettings(c: ConstructConfig): AnswerSettings {
  return {
    maxTokens: c.maxTokens ?? ANSWER_MAX_TOKENS,
    temperature: sampling(c.temperature, ANSWER_TEMPERATURE),
    topP: sampling(c.topP, undefined),
  };
}

async function cmdAnswers(argv: string[]): Promise<number> {
  const { values } = parse(argv);
  const c = configOf(values);
  const files = inputs(c);
  if (files.length !== 1) throw new UsageError("answers takes one --in FILE");
  const file = outFile(c);
  if (!c.provider) throw new UsageError(`give --provider ${PROVIDERS.join("|")}`);
  if (!c.model) throw new UsageError("give --model NAME");
  const table = readRowTable(files[0]);
  const settings = answerSettings(c);
  const client = makeClient(c, { provider: c.provider as ProviderName, model: c.model }, { log: values.quiet ? undefined : err });
  if (values["dry-run"]) {
    printDryRun(
      table.rows.map((r, i) => ({ req: answerRequest(String(r.question ?? ""), settings), count: 1, label: `row ${i}` })),
      client,
    );
    return 0;
  }
  if (!client.provider.hasKey) throw new UsageError(`no API key: set ${KEY_ENV[client.provider.name]}`);
  const control = runControl(c, values, "answers", file);
  const reportFile = c.report ?? sidecar(file, ".report.json");
  const res = await reportingStops(client, "answers", reportFile, control.checkpoint, () =>
    runAnswers({ client, columns: table.columns, rows: table.rows, settings, ...control }),
  );
  mkdirSync(dirname(file), { recursive: true });
  writeRowTable(file, res.columns, res.rows);
  const renamed = Object.entries(res.report.renamedColumns as Record<string, string>);
  if (renamed.length > 0) err(`input column(s) kept under new names: ${renamed.map(([a, b]) => `${a} → ${b}`).join(", ")}`);
  err(`wrote ${file} (${res.rows.length} rows)`);
  return finish(
    res.report,
    reportFile,
    res.failed.map((f) => `row ${f.row}: ${f.reason}`),
    Boolean(values.quiet),
  );
}

export async function cmdConstruct(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === "help" || sub === "--help" || sub === "-h" || rest.includes("--help") || rest.includes("-h")) {
    out(CONSTRUCT_HELP);
    return 0;
  }
  switch (sub) {
    case "prepare":
      return cmdPrepare(rest);
    case "candidates":
      return cmdCandidates(rest);
    case "statements":
      return cmdConstructStatements(rest);
    case "answers":
      return cmdAnswers(rest);
    default:
      throw new UsageError(`unknown construct command "${sub}"; expected prepare, candidates, statements or answers`);
  }
}

/** Checkpoint, restart, concurrency, progress and log of a run, from its config and flags. */
function runControl(
  c: { checkpoint?: string; concurrency?: number },
  values: { restart?: boolean; quiet?: boolean },
  label: string,
  file: string,
) {
  return {
    checkpoint: c.checkpoint ?? sidecar(file, ".checkpoint.jsonl"),
    restart: values.restart,
    concurrency: c.concurrency,
    onProgress: values.quiet ? undefined : progressPrinter(label),
    log: values.quiet ? undefined : err,
  };
}
