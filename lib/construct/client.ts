/**
 * A chat client that survives a real API: a concurrency limit, a token-bucket rate limit
 * (requests and, optionally, input tokens per minute), retries with exponential backoff and
 * jitter on 408/409/429/5xx/529, timeouts, dropped connections and garbled replies, honouring
 * Retry-After (retry-after-ms, retry-after in seconds or as an HTTP date) for every request
 * (a 429 pauses the whole client), the SDKs' x-should-retry header, replies validated by the
 * caller (an invalid reply is asked again, up to contentRetries times), a response cache keyed
 * by the hash of the full request, and one request for identical calls in flight. Every fault
 * is counted in `stats`.
 *
 * What a server cannot make it do (lib/construct/guards.ts): follow a redirect (a 3xx stops the
 * run: following would hand the prompt, and with x-api-key the key, to another host), read a
 * body past maxResponseBytes, wait longer than maxRetryAfterMs (a longer Retry-After stops the
 * run), or keep sending requests that all get the same client error (maxRepeatedErrors in a row
 * stop the run). A fatal fault stops the client: every later call fails at once with it, so
 * requests already queued are not sent. Secrets are scrubbed from replies before the caller, the
 * cache or a log sees them.
 */
import {
  DEFAULT_LLM_BACKOFF_BASE_MS,
  DEFAULT_LLM_BACKOFF_MAX_MS,
  DEFAULT_LLM_CONCURRENCY,
  DEFAULT_LLM_CONTENT_RETRIES,
  DEFAULT_LLM_MAX_RESPONSE_BYTES,
  DEFAULT_LLM_MAX_RETRIES,
  DEFAULT_LLM_MAX_RETRY_AFTER_MS,
  DEFAULT_LLM_REPEATED_ERROR_LIMIT,
  DEFAULT_LLM_REQUESTS_PER_MINUTE,
  DEFAULT_LLM_TIMEOUT_MS,
} from "../constants.js";
import type { ResponseCache } from "./cache.js";
import { requestKey } from "./cache.js";
import { isRedirect, parseRetryAfter, readCapped, redirectTarget, backoffDelay } from "../io/http.js";
import { errorSignature, RepeatedErrors } from "./guards.js";
import { BadResponseError, type ChatReply, type ChatRequest, type Provider } from "./providers.js";

export interface ClientOptions {
  /** Requests in flight at once (default 4). */
  readonly concurrency?: number;
  /** Token bucket on requests (default 50 per minute; 0 = no limit). */
  readonly requestsPerMinute?: number;
  /** Token bucket on estimated input tokens (default none). */
  readonly inputTokensPerMinute?: number;
  /** Per HTTP attempt, headers and body together (default 60 s). */
  readonly timeoutMs?: number;
  /** Retries after transport faults (default 6). */
  readonly maxRetries?: number;
  /** Retries after replies the caller rejects (default 2). */
  readonly contentRetries?: number;
  readonly backoffBaseMs?: number;
  readonly backoffMaxMs?: number;
  /** Longest Retry-After waited for (default 120 s); a reply asking for longer stops the run (fatal). */
  readonly maxRetryAfterMs?: number;
  /** Largest reply body read, in bytes (default 4 MiB); a larger one stops the run (fatal). */
  readonly maxResponseBytes?: number;
  /** This many equal 4xx replies in a row stop the run (fatal; default 5; 0 = never). */
  readonly maxRepeatedErrors?: number;
  readonly cache?: ResponseCache | null;
  readonly log?: (line: string) => void;
  readonly fetch?: typeof fetch;
  readonly signal?: AbortSignal;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; kind: string; reason: string };

export interface CallOptions<T> {
  /** Accepts the reply text, or names what is wrong with it (kind: a short fault name). */
  readonly validate: (reply: ChatReply) => Validation<T>;
  /** Sample index: part of the request identity for sampled generation (not sent). */
  readonly sample?: number;
}

export interface CallResult<T> {
  readonly value: T;
  readonly reply: ChatReply;
  readonly key: string;
  readonly fromCache: boolean;
}

export interface ClientStats {
  /** Logical calls made. */
  calls: number;
  /** HTTP requests sent. */
  httpRequests: number;
  /** Calls answered with an accepted reply (from the API or the cache). */
  succeeded: number;
  cacheHits: number;
  /** Calls that shared an identical call already in flight. */
  coalesced: number;
  /** Requests sent again after a fault. */
  retries: number;
  /** Calls that failed for good. */
  failed: number;
  inputTokens: number;
  outputTokens: number;
  /**
   * Faults by kind: http_429, http_500, http_529, timeout, network, truncated_response, bad_json, redirect, response_too_large,
   * content_<kind>.
   */
  faults: Record<string, number>;
  rateLimitWaitMs: number;
}

export function emptyStats(): ClientStats {
  return {
    calls: 0,
    httpRequests: 0,
    succeeded: 0,
    cacheHits: 0,
    coalesced: 0,
    retries: 0,
    failed: 0,
    inputTokens: 0,
    outputTokens: 0,
    faults: {},
    rateLimitWaitMs: 0,
  };
}

/** A call failed for good; `fatal` ones (bad key, unknown model) should stop the run. */
export class CallError extends Error {
  override name = "CallError";
  constructor(
    message: string,
    readonly kind: string,
    readonly fatal = false,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The caller's validator kept rejecting the reply. */
export class ContentError extends CallError {
  override name = "ContentError";
}

export class AbortedError extends Error {
  override name = "AbortedError";
  constructor() {
    super("aborted");
  }
}

/** A rough token count (4 characters a token), for estimates and the token bucket. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError());
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new AbortedError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** A token bucket: `ratePerMinute` tokens a minute, at most `capacity` saved up; FIFO waits. */
export class TokenBucket {
  private tokens: number;
  private last = Date.now();
  private queue: Promise<void> = Promise.resolve();
  constructor(
    readonly ratePerMinute: number,
    readonly capacity: number,
  ) {
    this.tokens = capacity;
  }

  private refill(): void {
    const now = Date.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) * this.ratePerMinute) / 60000);
    this.last = now;
  }

  /** Waits until n tokens are there and takes them; returns the time waited. */
  take(n = 1, signal?: AbortSignal): Promise<number> {
    const need = Math.min(n, this.capacity);
    const started = Date.now();
    const p = this.queue.then(async () => {
      for (;;) {
        this.refill();
        if (this.tokens >= need) {
          this.tokens -= need;
          return;
        }
        await sleep(Math.ceil(((need - this.tokens) * 60000) / this.ratePerMinute), signal);
      }
    });
    this.queue = p.catch(() => undefined);
    return p.then(() => Date.now() - started);
  }
}

/** A counting semaphore. */
class Semaphore {
  private waiting: (() => void)[] = [];
  private free: number;
  constructor(n: number) {
    this.free = n;
  }
  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((r) => this.waiting.push(r));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

const RETRYABLE_STATUS = (s: number) => s === 408 || s === 409 || s === 429 || s >= 500;
const FATAL_STATUS = (s: number) => s === 401 || s === 403 || s === 404;

type Attempt =
  | { ok: true; reply: ChatReply }
  | { ok: false; kind: string; message: string; retryable: boolean; fatal?: boolean; status?: number; waitMs?: number; signature?: string };

export class LlmClient {
  readonly provider: Provider;
  readonly stats: ClientStats = emptyStats();
  private readonly o: Required<Omit<ClientOptions, "cache" | "log" | "fetch" | "signal" | "inputTokensPerMinute">>;
  private readonly cache: ResponseCache | null;
  private readonly log: (line: string) => void;
  private readonly fetchFn: typeof fetch;
  private readonly signal?: AbortSignal;
  private readonly slots: Semaphore;
  private readonly requests: TokenBucket | null;
  private readonly inputTokens: TokenBucket | null;
  private readonly inflight = new Map<string, Promise<CallResult<unknown>>>();
  private pausedUntil = 0;
  private readonly repeated: RepeatedErrors;
  /** The fatal fault that stopped this client; every later call fails with it. */
  private stoppedBy: CallError | null = null;

  constructor(provider: Provider, options: ClientOptions = {}) {
    this.provider = provider;
    this.o = {
      concurrency: Math.max(1, options.concurrency ?? DEFAULT_LLM_CONCURRENCY),
      requestsPerMinute: options.requestsPerMinute ?? DEFAULT_LLM_REQUESTS_PER_MINUTE,
      timeoutMs: options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS,
      maxRetries: options.maxRetries ?? DEFAULT_LLM_MAX_RETRIES,
      contentRetries: options.contentRetries ?? DEFAULT_LLM_CONTENT_RETRIES,
      backoffBaseMs: options.backoffBaseMs ?? DEFAULT_LLM_BACKOFF_BASE_MS,
      backoffMaxMs: options.backoffMaxMs ?? DEFAULT_LLM_BACKOFF_MAX_MS,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_LLM_MAX_RETRY_AFTER_MS,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_LLM_MAX_RESPONSE_BYTES,
      maxRepeatedErrors: options.maxRepeatedErrors ?? DEFAULT_LLM_REPEATED_ERROR_LIMIT,
    };
    for (const k of ["maxRetryAfterMs", "maxResponseBytes", "maxRepeatedErrors"] as const) {
      if (!(Number.isFinite(this.o[k]) && this.o[k] >= 0)) throw new RangeError(`${k} must be a number ≥ 0, got ${this.o[k]}`);
    }
    this.repeated = new RepeatedErrors(this.o.maxRepeatedErrors);
    this.cache = options.cache ?? null;
    this.log = options.log ?? (() => {});
    this.fetchFn = options.fetch ?? fetch;
    this.signal = options.signal;
    this.slots = new Semaphore(this.o.concurrency);
    const rpm = this.o.requestsPerMinute;
    this.requests = rpm > 0 ? new TokenBucket(rpm, Math.max(1, Math.min(this.o.concurrency, Math.ceil(rpm / 60)))) : null;
    const tpm = options.inputTokensPerMinute ?? 0;
    this.inputTokens = tpm > 0 ? new TokenBucket(tpm, tpm) : null;
  }

  /** The request's identity (the cache key). */
  key(req: ChatRequest, sample?: number): string {
    return requestKey(this.provider.name, this.provider.body(req), sample);
  }

  private fault(kind: string): void {
    this.stats.faults[kind] = (this.stats.faults[kind] ?? 0) + 1;
  }

  /** The fatal fault that stopped this client, if any. */
  get stopped(): CallError | null {
    return this.stoppedBy;
  }

  /** Fails a call for good; a fatal error also stops the client. */
  private fail(err: CallError): never {
    this.stats.failed++;
    if (err.fatal && this.stoppedBy === null) this.stoppedBy = err;
    throw err;
  }

  /** Fails a call at once when the client was stopped (nothing more is sent after a fatal fault). */
  private checkStopped(): void {
    const s = this.stoppedBy;
    if (s !== null) this.fail(new CallError(s.message, s.kind, true, s.status));
  }

  /** Sends a request (or answers it from the cache) until the validator accepts the reply. */
  async call<T>(req: ChatRequest, options: CallOptions<T>): Promise<CallResult<T>> {
    this.stats.calls++;
    this.checkStopped();
    const key = this.key(req, options.sample);
    const shared = this.inflight.get(key);
    if (shared) {
      this.stats.coalesced++;
      return (await shared) as CallResult<T>;
    }
    const p = this.run(req, key, options);
    this.inflight.set(key, p as Promise<CallResult<unknown>>);
    try {
      return await p;
    } finally {
      this.inflight.delete(key);
    }
  }

  private async run<T>(req: ChatRequest, key: string, options: CallOptions<T>): Promise<CallResult<T>> {
    const stored = this.cache?.get(key);
    // Entries written before replies were scrubbed may hold a secret: scrub them as well.
    const cached = stored === undefined ? undefined : this.provider.redactReply(stored);
    if (cached !== undefined) {
      const v = options.validate(cached);
      if (v.ok) {
        this.stats.cacheHits++;
        this.stats.succeeded++;
        return { value: v.value, reply: cached, key, fromCache: true };
      }
      this.cache!.delete(key); // an entry the validator now rejects is not kept
    }
    const http = this.provider.http(req);
    const bodyText = JSON.stringify(http.body);
    const tokens = estimateTokens((req.system ?? "") + req.user);
    let transportFailures = 0;
    let contentFailures = 0;
    for (let attempt = 0; ; attempt++) {
      if (this.signal?.aborted) throw new AbortedError();
      this.checkStopped();
      if (attempt > 0) this.stats.retries++;
      const res = await this.attempt(http.url, http.headers, bodyText, tokens);
      if (res.ok) {
        this.repeated.reset();
        const v = options.validate(res.reply);
        if (v.ok) {
          this.stats.succeeded++;
          if (res.reply.inputTokens !== null) this.stats.inputTokens += res.reply.inputTokens;
          if (res.reply.outputTokens !== null) this.stats.outputTokens += res.reply.outputTokens;
          this.cache?.put(key, this.provider.name, res.reply);
          return { value: v.value, reply: res.reply, key, fromCache: false };
        }
        this.fault(`content_${v.kind}`);
        contentFailures++;
        if (contentFailures > this.o.contentRetries)
          this.fail(new ContentError(`the reply was rejected ${contentFailures} times; last: ${v.reason}`, `content_${v.kind}`));
        this.log(`reply rejected (${v.reason}); asking again`);
        continue;
      }
      this.fault(res.kind);
      if (res.fatal) this.fail(new CallError(res.message, res.kind, true, res.status));
      if (res.signature !== undefined && !res.retryable && this.repeated.record(res.signature)) {
        this.fail(
          new CallError(
            `${res.message} — the same reply to ${this.repeated.run} requests in a row (maxRepeatedErrors ${this.o.maxRepeatedErrors}); stopping, as every request is likely to be refused the same way: check the model and request settings`,
            `repeated_${res.kind}`,
            true,
            res.status,
          ),
        );
      }
      if (res.retryable && res.waitMs !== undefined && res.waitMs > this.o.maxRetryAfterMs) {
        this.fail(
          new CallError(
            `${res.message} — the server asks to wait ${(res.waitMs / 1000).toFixed(1)} s (Retry-After), longer than maxRetryAfterMs (${this.o.maxRetryAfterMs} ms); stopping instead of waiting: run again later (finished requests are kept), or raise maxRetryAfterMs`,
            `retry_after_too_long`,
            true,
            res.status,
          ),
        );
      }
      if (!res.retryable || transportFailures >= this.o.maxRetries) {
        this.fail(
          new CallError(
            transportFailures >= this.o.maxRetries && res.retryable
              ? `${res.message} (gave up after ${transportFailures + 1} attempts)`
              : res.message,
            res.kind,
            false,
            res.status,
          ),
        );
      }
      const backoff = backoffDelay(transportFailures, this.o.backoffBaseMs, this.o.backoffMaxMs, 0.25);
      transportFailures++;
      let wait = backoff;
      if (res.waitMs !== undefined) {
        wait = res.waitMs;
        if (res.status === 429) this.pausedUntil = Math.max(this.pausedUntil, Date.now() + wait);
      }
      this.log(`${res.message}; retrying in ${(wait / 1000).toFixed(2)} s`);
      await sleep(wait, this.signal);
    }
  }

  private async attempt(url: string, headers: Record<string, string>, body: string, tokens: number): Promise<Attempt> {
    await this.slots.acquire();
    try {
      const pause = this.pausedUntil - Date.now();
      if (pause > 0) await sleep(pause, this.signal);
      if (this.requests) this.stats.rateLimitWaitMs += await this.requests.take(1, this.signal);
      if (this.inputTokens) this.stats.rateLimitWaitMs += await this.inputTokens.take(tokens, this.signal);
      this.stats.httpRequests++;
      return await this.send(url, headers, body);
    } finally {
      this.slots.release();
    }
  }

  private async send(url: string, headers: Record<string, string>, body: string): Promise<Attempt> {
    const ctl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctl.abort();
    }, this.o.timeoutMs);
    const onAbort = () => ctl.abort();
    this.signal?.addEventListener("abort", onAbort, { once: true });
    const name = this.provider.name;
    try {
      let res: Response;
      try {
        // Never follow a redirect: the key and the prompt would go to the host it names.
        res = await this.fetchFn(url, { method: "POST", headers, body, signal: ctl.signal, redirect: "manual" });
      } catch (err) {
        if (this.signal?.aborted) throw new AbortedError();
        if (timedOut) return { ok: false, kind: "timeout", message: `${name}: no reply within ${this.o.timeoutMs} ms`, retryable: true };
        return {
          ok: false,
          kind: "network",
          message: `${name}: connection failed (${this.provider.redact(describeError(err))})`,
          retryable: true,
        };
      }
      if (isRedirect(res.status) || res.redirected) {
        ctl.abort(); // the body of a redirect is not read
        const to = redirectTarget(res.headers.get("location"), url);
        const status = res.redirected ? "a redirect (followed by the fetch given)" : `HTTP ${res.status}`;
        return {
          ok: false,
          kind: "redirect",
          status: res.status,
          message: this.provider.redact(
            `${name}: ${status}${to ? ` to ${to}` : ""} refused: redirects are not followed (they would send the request and the API key to another address); set baseUrl to the API's own endpoint`,
          ),
          retryable: false,
          fatal: true,
        };
      }
      let text: string;
      try {
        const body = await readCapped(res, this.o.maxResponseBytes);
        if (!body.ok) {
          ctl.abort();
          return {
            ok: false,
            kind: "response_too_large",
            status: res.status,
            message: `${name}: HTTP ${res.status} reply ${body.declared ? `of ${body.bytes} bytes (Content-Length)` : `past ${body.bytes} bytes and still coming`} is larger than maxResponseBytes (${this.o.maxResponseBytes}); refused without reading the rest. Raise maxResponseBytes if replies this large are expected`,
            retryable: false,
            fatal: true,
          };
        }
        text = body.text;
      } catch (err) {
        if (this.signal?.aborted) throw new AbortedError();
        if (timedOut)
          return { ok: false, kind: "timeout", message: `${name}: reply body not received within ${this.o.timeoutMs} ms`, retryable: true };
        return {
          ok: false,
          kind: "truncated_response",
          message: `${name}: the connection closed mid-reply (${this.provider.redact(describeError(err))})`,
          retryable: true,
        };
      }
      if (!res.ok) {
        const should = res.headers.get("x-should-retry");
        const retryable = should === "true" ? true : should === "false" ? false : RETRYABLE_STATUS(res.status);
        const snippet = this.provider.redact(text.slice(0, 300).replace(/\s+/g, " "));
        return {
          ok: false,
          kind: `http_${res.status}`,
          status: res.status,
          message: `${name}: HTTP ${res.status}${snippet ? `: ${snippet}` : ""}`,
          retryable,
          fatal: FATAL_STATUS(res.status),
          waitMs: parseRetryAfter(res.headers),
          signature: res.status >= 400 && res.status < 500 ? errorSignature(res.status, this.provider.redact(text)) : undefined,
        };
      }
      try {
        return { ok: true, reply: this.provider.parse(text) };
      } catch (err) {
        if (err instanceof BadResponseError) return { ok: false, kind: "bad_json", message: `${name}: ${err.message}`, retryable: true };
        throw err;
      }
    } finally {
      clearTimeout(timer);
      this.signal?.removeEventListener("abort", onAbort);
    }
  }
}

function describeError(err: unknown): string {
  const e = err as { message?: string; cause?: { code?: string; message?: string } };
  const cause = e?.cause?.code ?? e?.cause?.message;
  return `${e?.message ?? String(err)}${cause ? `: ${cause}` : ""}`;
}
