/**
 * A chat client that survives a real API: a concurrency limit, a token-bucket rate limit
 * (requests and, optionally, input tokens per minute), retries with exponential backoff and
 * jitter on 408/409/429/5xx/529, timeouts, dropped connections and garbled replies, honouring
 * Retry-After (retry-after-ms, retry-after in seconds or as an HTTP date) for every request
 * (a 429 pauses the whole client), the SDKs' x-should-retry header, replies validated by the
 * caller (an invalid reply is asked again, up to contentRetries times), a response cache keyed
 * by the hash of the full request, and one request for identical calls in flight. Every fault
 * is counted in `stats`.
 */
import type { ResponseCache } from "./cache.js";
import { requestKey } from "./cache.js";
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
  /** Longest Retry-After honoured (default 120 s); longer waits are cut to this. */
  readonly maxRetryAfterMs?: number;
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
  /** Faults by kind: http_429, http_500, http_529, timeout, network, truncated_response, bad_json, content_<kind>. */
  faults: Record<string, number>;
  rateLimitWaitMs: number;
}

export function emptyStats(): ClientStats {
  return { calls: 0, httpRequests: 0, succeeded: 0, cacheHits: 0, coalesced: 0, retries: 0, failed: 0, inputTokens: 0, outputTokens: 0, faults: {}, rateLimitWaitMs: 0 };
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

/** Milliseconds a reply asks to wait: retry-after-ms, then retry-after (seconds or an HTTP date). */
export function parseRetryAfter(headers: { get(name: string): string | null }, now = Date.now()): number | undefined {
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const ra = headers.get("retry-after");
  if (ra === null || ra.trim() === "") return undefined;
  const secs = Number(ra);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const date = Date.parse(ra);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const RETRYABLE_STATUS = (s: number) => s === 408 || s === 409 || s === 429 || s >= 500;
const FATAL_STATUS = (s: number) => s === 401 || s === 403 || s === 404;

type Attempt = { ok: true; reply: ChatReply } | { ok: false; kind: string; message: string; retryable: boolean; fatal?: boolean; status?: number; waitMs?: number };

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

  constructor(provider: Provider, options: ClientOptions = {}) {
    this.provider = provider;
    this.o = {
      concurrency: Math.max(1, options.concurrency ?? 4),
      requestsPerMinute: options.requestsPerMinute ?? 50,
      timeoutMs: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 6,
      contentRetries: options.contentRetries ?? 2,
      backoffBaseMs: options.backoffBaseMs ?? 500,
      backoffMaxMs: options.backoffMaxMs ?? 30_000,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 120_000,
    };
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

  /** Sends a request (or answers it from the cache) until the validator accepts the reply. */
  async call<T>(req: ChatRequest, options: CallOptions<T>): Promise<CallResult<T>> {
    this.stats.calls++;
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
    const cached = this.cache?.get(key);
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
      if (attempt > 0) this.stats.retries++;
      const res = await this.attempt(http.url, http.headers, bodyText, tokens);
      if (res.ok) {
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
        if (contentFailures > this.o.contentRetries) {
          this.stats.failed++;
          throw new ContentError(`the reply was rejected ${contentFailures} times; last: ${v.reason}`, `content_${v.kind}`);
        }
        this.log(`reply rejected (${v.reason}); asking again`);
        continue;
      }
      this.fault(res.kind);
      if (res.fatal) {
        this.stats.failed++;
        throw new CallError(res.message, res.kind, true, res.status);
      }
      if (!res.retryable || transportFailures >= this.o.maxRetries) {
        this.stats.failed++;
        throw new CallError(transportFailures >= this.o.maxRetries && res.retryable ? `${res.message} (gave up after ${transportFailures + 1} attempts)` : res.message, res.kind, false, res.status);
      }
      const backoff = Math.min(this.o.backoffMaxMs, this.o.backoffBaseMs * 2 ** transportFailures) * (1 - 0.25 * Math.random());
      transportFailures++;
      let wait = backoff;
      if (res.waitMs !== undefined) {
        wait = Math.min(res.waitMs, this.o.maxRetryAfterMs);
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
        res = await this.fetchFn(url, { method: "POST", headers, body, signal: ctl.signal });
      } catch (err) {
        if (this.signal?.aborted) throw new AbortedError();
        if (timedOut) return { ok: false, kind: "timeout", message: `${name}: no reply within ${this.o.timeoutMs} ms`, retryable: true };
        return { ok: false, kind: "network", message: `${name}: connection failed (${this.provider.redact(describeError(err))})`, retryable: true };
      }
      let text: string;
      try {
        text = await res.text();
      } catch (err) {
        if (this.signal?.aborted) throw new AbortedError();
        if (timedOut) return { ok: false, kind: "timeout", message: `${name}: reply body not received within ${this.o.timeoutMs} ms`, retryable: true };
        return { ok: false, kind: "truncated_response", message: `${name}: the connection closed mid-reply (${this.provider.redact(describeError(err))})`, retryable: true };
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
