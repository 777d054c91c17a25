/**
 * The configuration of a construction run: a JSON file (`--config FILE`) whose keys the command
 * line can override. Relative paths in the file are relative to the file. Unknown keys are an
 * error (a typo must not silently fall back to a default). No key is ever read from the file:
 * API keys come from the environment only.
 */
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { CACHE_DIR_ENV } from "../constants.js";
import { ResponseCache } from "./cache.js";
import { LlmClient, type ClientOptions } from "./client.js";
import { PROVIDERS, Provider, type ProviderName } from "./providers.js";

export interface ConstructConfig {
  provider?: ProviderName;
  model?: string;
  /** Overrides $ANTHROPIC_BASE_URL / $OPENAI_BASE_URL. */
  baseUrl?: string;
  in?: string | string[];
  out?: string;
  checkpoint?: string;
  report?: string;
  cacheDir?: string;
  noCache?: boolean;
  concurrency?: number;
  requestsPerMinute?: number;
  inputTokensPerMinute?: number;
  timeoutMs?: number;
  maxRetries?: number;
  contentRetries?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  maxRetryAfterMs?: number;
  maxResponseBytes?: number;
  maxRepeatedErrors?: number;
  maxTokens?: number;
  /** null leaves the parameter out of the request (the API's default). */
  temperature?: number | null;
  topP?: number | null;
  maxTokensField?: "max_tokens" | "max_completion_tokens";
  // sources and candidates
  columns?: { question?: string; gold_answer?: string; dataset?: string };
  dataset?: string;
  dropped?: string;
  batchSize?: number;
  seed?: number;
  promptRole?: "user" | "system";
  classes?: string[];
  // statements
  total?: number;
  subjects?: string[];
  generalShare?: number;
  jaccard?: number;
  split?: [number, number, number];
  maxAttemptsFactor?: number;
}

const KEYS: Record<keyof ConstructConfig, string> = {
  provider: "string",
  model: "string",
  baseUrl: "string",
  in: "string|array",
  out: "string",
  checkpoint: "string",
  report: "string",
  cacheDir: "string",
  noCache: "boolean",
  concurrency: "number",
  requestsPerMinute: "number",
  inputTokensPerMinute: "number",
  timeoutMs: "number",
  maxRetries: "number",
  contentRetries: "number",
  backoffBaseMs: "number",
  backoffMaxMs: "number",
  maxRetryAfterMs: "number",
  maxResponseBytes: "number",
  maxRepeatedErrors: "number",
  maxTokens: "number",
  temperature: "number|null",
  topP: "number|null",
  maxTokensField: "string",
  columns: "object",
  dataset: "string",
  dropped: "string",
  batchSize: "number",
  seed: "number",
  promptRole: "string",
  classes: "array",
  total: "number",
  subjects: "array",
  generalShare: "number",
  jaccard: "number",
  split: "array",
  maxAttemptsFactor: "number",
};

const PATH_KEYS = ["out", "checkpoint", "report", "cacheDir", "dropped"] as const;

function typeOf(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

/** Checks a parsed config object: known keys, right types. */
export function checkConfig(value: unknown, where: string): ConstructConfig {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error(`${where}: the configuration must be a JSON object`);
  for (const [k, v] of Object.entries(value)) {
    if (k.startsWith("$") || k.startsWith("//")) continue; // comments
    const want = KEYS[k as keyof ConstructConfig];
    if (want === undefined && /key|secret|token$|password|auth/i.test(k))
      throw new Error(`${where}: "${k}": API keys are read from the environment only (ANTHROPIC_API_KEY, OPENAI_API_KEY)`);
    if (want === undefined) throw new Error(`${where}: unknown key "${k}"; known keys: ${Object.keys(KEYS).join(", ")}`);
    if (!want.split("|").includes(typeOf(v))) throw new Error(`${where}: "${k}" must be ${want.replace("|", " or ")}, got ${typeOf(v)}`);
  }
  const c = value as ConstructConfig;
  if (c.provider !== undefined && !PROVIDERS.includes(c.provider))
    throw new Error(`${where}: provider must be one of ${PROVIDERS.join(", ")}`);
  return c;
}

/** Reads a config file; relative paths become absolute against its folder. */
export function loadConfig(file: string): ConstructConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`);
  }
  const c = { ...checkConfig(parsed, file) };
  const base = dirname(resolve(file));
  const abs = (p: string) => (isAbsolute(p) ? p : join(base, p));
  for (const k of PATH_KEYS) if (typeof c[k] === "string") (c as Record<string, unknown>)[k] = abs(c[k] as string);
  if (c.in !== undefined) c.in = Array.isArray(c.in) ? c.in.map(abs) : abs(c.in);
  return c;
}

/** The config with the defined values of `over` on top. */
export function mergeConfig(base: ConstructConfig, over: Partial<ConstructConfig>): ConstructConfig {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) if (v !== undefined) out[k] = v;
  return out as ConstructConfig;
}

/** The cache folder as capqa's NLI cache finds it: the flag, $CAPQA_CACHE_DIR, ~/.cache/capqa (responses go under llm/). */
export function resolveLlmCacheDir(flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (flag) return resolve(flag);
  if (env[CACHE_DIR_ENV]) return resolve(env[CACHE_DIR_ENV]!);
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "capqa");
}

/** The client options of a config. */
export function clientOptions(c: ConstructConfig, extra: Partial<ClientOptions> = {}): ClientOptions {
  const cache = c.noCache ? null : new ResponseCache(resolveLlmCacheDir(c.cacheDir));
  return {
    concurrency: c.concurrency,
    requestsPerMinute: c.requestsPerMinute,
    inputTokensPerMinute: c.inputTokensPerMinute,
    timeoutMs: c.timeoutMs,
    maxRetries: c.maxRetries,
    contentRetries: c.contentRetries,
    backoffBaseMs: c.backoffBaseMs,
    backoffMaxMs: c.backoffMaxMs,
    maxRetryAfterMs: c.maxRetryAfterMs,
    maxResponseBytes: c.maxResponseBytes,
    maxRepeatedErrors: c.maxRepeatedErrors,
    cache,
    ...extra,
  };
}

/** Provider and client of a config (the key from the environment). */
export function makeClient(
  c: ConstructConfig,
  defaults: { provider: ProviderName; model?: string },
  extra: Partial<ClientOptions> = {},
  env: NodeJS.ProcessEnv = process.env,
): LlmClient {
  const provider = c.provider ?? defaults.provider;
  const model = c.model ?? defaults.model;
  if (!model) throw new Error('no model: set the `model` option (or "model" in the configuration)');
  const p = new Provider({ provider, model, baseUrl: c.baseUrl, maxTokensField: c.maxTokensField, env });
  return new LlmClient(p, clientOptions(c, extra));
}

/** A sampling parameter: the config's (null = leave out), else the default. */
export function sampling(value: number | null | undefined, fallback: number | undefined): number | undefined {
  return value === null ? undefined : (value ?? fallback);
}
