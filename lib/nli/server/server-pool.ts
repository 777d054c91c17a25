/**
 * JSON requests to one or more inference servers (replicas of one model): at most
 * `concurrency` requests in flight per server, each request sent to the server with the fewest
 * in flight, timeouts, and retries with exponential backoff and full jitter on 408/429/5xx,
 * timeouts and dropped connections (honouring Retry-After; a retry prefers another server).
 * A 4xx fails at once with the server's own message: 401, 403 and 404 as an NliFatalError
 * that stops the run (no other request would fare better), others for the request's pairs alone
 * (a server out of memory is the engine's to split, never a reason to stop). Once every replica
 * has failed every request for `giveUpMs`, the run stops with what was answered. Redirects are
 * refused (they would carry the credentials elsewhere). Credentials come from the URL or the
 * environment, one place each, and never appear in an error, a log line or a report: URLs are
 * shown without user info.
 */
import {
  DEFAULT_NLI_SERVER_BACKOFF_MS,
  DEFAULT_NLI_SERVER_CONCURRENCY,
  DEFAULT_NLI_SERVER_GIVE_UP_MS,
  DEFAULT_NLI_SERVER_MAX_BACKOFF_MS,
  DEFAULT_NLI_SERVER_RETRIES,
  DEFAULT_NLI_SERVER_TIMEOUT_MS,
  MAX_NLI_SERVER_RESPONSE_BYTES,
  NLI_SERVER_HEADERS_ENV,
  NLI_SERVER_TOKEN_ENV,
} from "../../constants.js";
import { backoffDelay, isRedirect, parseRetryAfter, readCapped } from "../../io/http.js";
import { isOutOfMemoryError } from "../batching.js";
import { NliFatalError, type NliServerStats } from "../engine.js";

/** This many equal client errors (4xx) in a row stop the run: every request would get the same. */
const REPEATED_CLIENT_ERRORS = 5;

/** How requests are sent: what a caller of the servers may set (NliServerOptions carries these). */
export interface ServerRequestSettings {
  /** Requests in flight per server URL (default DEFAULT_NLI_SERVER_CONCURRENCY). */
  readonly concurrency?: number;
  /** Per attempt, headers and body (default DEFAULT_NLI_SERVER_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  /** Retries of a request after a 408, 429 or 5xx, a timeout or a dropped connection (default DEFAULT_NLI_SERVER_RETRIES). */
  readonly retries?: number;
  /** First backoff step and its cap, in ms (tests shorten them). */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  /**
   * Once every replica has failed every request (no answer, a 5xx, a timeout) for this long, and
   * at least one request timeout, the run stops (default DEFAULT_NLI_SERVER_GIVE_UP_MS).
   */
  readonly giveUpMs?: number;
  /**
   * Request headers (credentials); default from CAPQA_NLI_SERVER_TOKEN and CAPQA_NLI_SERVER_HEADERS. An Authorization header here and
   * credentials in a URL at once are refused.
   */
  readonly headers?: Readonly<Record<string, string>>;
  readonly fetch?: typeof fetch;
}

export interface ServerPoolOptions extends ServerRequestSettings {
  /** Where CAPQA_NLI_SERVER_TOKEN and CAPQA_NLI_SERVER_HEADERS are read (default process.env). */
  readonly env?: NodeJS.ProcessEnv;
  readonly log?: (line: string) => void;
}

/** An answer other than 2xx, or no answer; `status` is absent for timeouts and dropped connections. */
export class ServerError extends Error {
  constructor(
    message: string,
    readonly kind: string,
    readonly retryable: boolean,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ServerError";
  }
}

/** A URL as it may be shown: no user name or password. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = "";
    u.password = "";
    return u.toString().replace(/\/$/, "");
  } catch {
    return "(invalid URL)";
  }
}

/** Server base URLs checked: http or https, no query; each named by position when wrong. */
export function checkServerUrls(urls: readonly string[]): string[] {
  if (!Array.isArray(urls) || urls.length === 0) throw new Error("the `urls` option names no server: give one or more http(s) URLs");
  return urls.map((raw, i) => {
    let u: URL;
    try {
      u = new URL(String(raw).trim());
    } catch {
      throw new Error(`the \`urls\` option's entry ${i + 1} is not a URL: "${displayUrl(String(raw))}"`);
    }
    if (u.protocol !== "http:" && u.protocol !== "https:")
      throw new Error(`the \`urls\` option's entry ${i + 1} must be an http or https URL, got ${u.protocol}`);
    if (u.search || u.hash)
      throw new Error(`the \`urls\` option's entry ${i + 1} must be a base URL without a query or fragment: ${displayUrl(u.toString())}`);
    return u.toString().replace(/\/+$/, "");
  });
}

/**
 * Request headers from the environment: CAPQA_NLI_SERVER_TOKEN as a bearer token, and
 * CAPQA_NLI_SERVER_HEADERS as a JSON object of further headers (an API gateway's key).
 */
export function serverHeaders(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = env[NLI_SERVER_TOKEN_ENV];
  if (token) headers.authorization = `Bearer ${token}`;
  const extra = env[NLI_SERVER_HEADERS_ENV];
  if (extra) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(extra);
    } catch {
      throw new Error(
        `${NLI_SERVER_HEADERS_ENV} must be a JSON object of header names to values, e.g. {"X-Api-Key": "…"} (its value is not shown)`,
      );
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
      throw new Error(`${NLI_SERVER_HEADERS_ENV} must be a JSON object of header names to values`);
    for (const [k, v] of Object.entries(parsed)) {
      if (typeof v !== "string") throw new Error(`${NLI_SERVER_HEADERS_ENV}: header "${k}" must have a string value`);
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(k)) throw new Error(`${NLI_SERVER_HEADERS_ENV}: "${k}" is not a valid header name`);
      if (/[\r\n\0]/.test(v))
        throw new Error(`${NLI_SERVER_HEADERS_ENV}: the value of header "${k}" holds a line break (its value is not shown)`);
      if (k.toLowerCase() === "authorization" && token)
        throw new Error(
          `${NLI_SERVER_TOKEN_ENV} and an Authorization header in ${NLI_SERVER_HEADERS_ENV} are both set: give the credentials in one of them (neither value is shown)`,
        );
      headers[k.toLowerCase()] = v;
    }
  }
  return headers;
}

/** Text of a server's error answer: TEI's {"error": …}, KServe's {"error": …}, else the body's start. Credentials are scrubbed. */
function serverMessage(body: string, secrets: readonly string[]): string {
  let text = body.slice(0, 300);
  try {
    const j = JSON.parse(body) as { error?: unknown; message?: unknown };
    if (typeof j.error === "string") text = j.error;
    else if (typeof j.message === "string") text = j.message;
  } catch {
    /* not JSON */
  }
  for (const s of secrets) if (s.length >= 4) text = text.split(s).join("[redacted]");
  return text.replace(/\s+/g, " ").trim();
}

interface Server {
  /** The base URL without credentials. */
  readonly url: string;
  readonly shown: string;
  /** Basic credentials given in the URL (user:password@host), sent as a header: fetch refuses URLs that hold them. */
  readonly basic?: string;
  inFlight: number;
  /** Since when every request to it has failed (no answer, a 5xx, a timeout); undefined once one succeeds. */
  failingSince?: number;
  lastError?: string;
}

function serverOf(url: string): Server {
  const u = new URL(url);
  const basic =
    u.username || u.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString("base64")}`
      : undefined;
  u.username = "";
  u.password = "";
  const bare = u.toString().replace(/\/+$/, "");
  return { url: bare, shown: bare, ...(basic ? { basic } : {}), inFlight: 0 };
}

/**
 * Refuses credentials given twice: a URL's user:password@ and an Authorization header (the
 * `headers` option, CAPQA_NLI_SERVER_TOKEN or CAPQA_NLI_SERVER_HEADERS), since one would silently
 * replace the other. Names both places, never a value.
 */
function checkOneCredential(servers: readonly Server[], headers: Readonly<Record<string, string>>, options: ServerPoolOptions): void {
  const entry = servers.findIndex((s) => s.basic !== undefined);
  if (entry < 0 || !Object.keys(headers).some((k) => k.toLowerCase() === "authorization")) return;
  const env = options.env ?? process.env;
  const header =
    options.headers !== undefined
      ? "the `headers` option sets an Authorization header"
      : env[NLI_SERVER_TOKEN_ENV]
        ? `${NLI_SERVER_TOKEN_ENV} is set (sent as an Authorization header)`
        : `${NLI_SERVER_HEADERS_ENV} sets an Authorization header`;
  throw new Error(
    `the \`urls\` option's entry ${entry + 1} (${servers[entry].shown}) holds credentials (user:password@), and ${header}: one would replace the other, so give the credentials in one place (neither value is shown)`,
  );
}

export class ServerPool {
  readonly servers: readonly Server[];
  readonly stats: NliServerStats;
  readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly giveUpMs: number;
  private readonly headers: Record<string, string>;
  private readonly secrets: string[];
  private readonly fetchFn: typeof fetch;
  private readonly waiting: (() => void)[] = [];
  /** Wakers of requests sleeping before a retry: a stop ends their sleep. */
  private readonly sleeping = new Set<() => void>();
  private busySince = 0;
  private active = 0;
  private fatal: NliFatalError | undefined;
  private repeated = { signature: "", count: 0 };

  constructor(
    urls: readonly string[],
    protocol: NliServerStats["protocol"],
    private readonly options: ServerPoolOptions = {},
  ) {
    const checked = checkServerUrls(urls);
    this.servers = checked.map(serverOf);
    const per = options.concurrency ?? DEFAULT_NLI_SERVER_CONCURRENCY;
    if (!Number.isInteger(per) || per < 1) throw new RangeError(`the \`concurrency\` option must be a positive integer, got ${per}`);
    this.concurrency = per * this.servers.length;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_NLI_SERVER_TIMEOUT_MS;
    if (!(this.timeoutMs > 0)) throw new RangeError(`the \`timeoutMs\` option must be positive, got ${this.timeoutMs}`);
    this.retries = options.retries ?? DEFAULT_NLI_SERVER_RETRIES;
    if (!Number.isInteger(this.retries) || this.retries < 0)
      throw new RangeError(`the \`retries\` option must be an integer ≥ 0, got ${this.retries}`);
    this.backoffMs = options.backoffMs ?? DEFAULT_NLI_SERVER_BACKOFF_MS;
    this.maxBackoffMs = options.maxBackoffMs ?? DEFAULT_NLI_SERVER_MAX_BACKOFF_MS;
    this.giveUpMs = options.giveUpMs ?? DEFAULT_NLI_SERVER_GIVE_UP_MS;
    if (!(this.giveUpMs > 0 && Number.isFinite(this.giveUpMs)))
      throw new RangeError(`the \`giveUpMs\` option must be a positive number of milliseconds, got ${this.giveUpMs}`);
    this.headers = { ...(options.headers ?? serverHeaders(options.env)) };
    checkOneCredential(this.servers, this.headers, options);
    this.secrets = Object.values(this.headers).flatMap((v) => [v, v.replace(/^Bearer\s+/i, "")]);
    for (const u of checked) {
      const p = new URL(u);
      if (p.password) this.secrets.push(decodeURIComponent(p.password));
    }
    for (const srv of this.servers) if (srv.basic) this.secrets.push(srv.basic, srv.basic.slice("Basic ".length));
    this.fetchFn = options.fetch ?? fetch;
    this.stats = { protocol, urls: this.servers.map((s) => s.shown), requests: 0, pairs: 0, retries: 0, errors: {}, busyMs: 0 };
  }

  private perServer(): number {
    return this.concurrency / this.servers.length;
  }

  /** The server with a free slot and the fewest in flight, preferring one not in `avoid`; waits for a slot. */
  private async acquire(avoid?: Server): Promise<Server> {
    for (;;) {
      if (this.fatal) throw this.fatal;
      const free = this.servers.filter((s) => s.inFlight < this.perServer());
      if (free.length > 0) {
        const preferred = free.filter((s) => s !== avoid);
        const pick = (preferred.length > 0 ? preferred : free).reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
        this.take(pick);
        return pick;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private take(server: Server): void {
    server.inFlight++;
    if (this.active++ === 0) this.busySince = Date.now();
  }

  private release(server: Server): void {
    server.inFlight--;
    if (--this.active === 0) this.stats.busyMs += Date.now() - this.busySince;
    this.waiting.shift()?.();
  }

  /** Stops the pool: this and every later, waiting or sleeping request fails with `error` (the first one given). */
  stop(error: NliFatalError): NliFatalError {
    this.fatal ??= error;
    for (const wake of this.waiting.splice(0)) wake();
    for (const wake of [...this.sleeping]) wake();
    return this.fatal;
  }

  /** Waits `ms`, or until the pool stops. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleeping.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleeping.add(wake);
    });
  }

  /**
   * Notes a failed attempt on `server`; when every replica has been failing for `giveUpMs` (and at
   * least one timeout), stops the pool with what was answered: waiting longer only adds warnings.
   */
  private noteFailure(server: Server, e: ServerError): void {
    const alive = e.kind === "429" || e.kind === "out-of-memory" || (e.status !== undefined && e.status < 500);
    if (alive) return;
    const now = Date.now();
    server.failingSince ??= now;
    server.lastError = e.message;
    const window = Math.max(this.giveUpMs, this.timeoutMs);
    if (!this.servers.every((s) => s.failingSince !== undefined && now - s.failingSince >= window)) return;
    const since = Math.min(...this.servers.map((s) => now - s.failingSince!));
    throw this.stop(
      new NliFatalError(
        `every NLI server has failed for ${(since / 1000).toFixed(1)} s with no answer in between (${this.servers.map((s) => s.lastError).join("; ")}); stopping after the \`giveUpMs\` option's ${this.giveUpMs / 1000} s: ${this.stats.pairs} pairs were answered before, and are kept in the NLI cache when one is used, so running again resumes from there`,
      ),
    );
  }

  /**
   * GET or POST `path` on one server (the fewest in flight by default), JSON both ways, with the
   * retry policy. `optional` asks for something a server may lack (Triton's model config): its
   * failure is the caller's to ignore and stops nothing. `via` is told which server answered.
   */
  async request<T>(
    path: string,
    body?: unknown,
    options: { pairs?: number; server?: number; retries?: number; optional?: boolean; via?: (url: string) => void } = {},
  ): Promise<T> {
    let last: ServerError | undefined;
    let avoid: Server | undefined;
    const retries = options.optional ? 0 : (options.retries ?? this.retries);
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) {
        this.stats.retries++;
        const wait = Math.min(
          this.maxBackoffMs,
          Math.max(last?.retryAfterMs ?? 0, backoffDelay(attempt - 1, this.backoffMs, this.maxBackoffMs, 1)),
        );
        await this.sleep(wait);
        if (this.fatal) throw this.fatal;
      }
      let server: Server;
      if (options.server === undefined) server = await this.acquire(avoid);
      else this.take((server = this.servers[options.server]));
      try {
        const result = await this.attempt<T>(server, path, body);
        server.failingSince = undefined;
        options.via?.(server.shown);
        if (options.pairs !== undefined) {
          this.stats.requests++;
          this.stats.pairs += options.pairs;
          this.repeated = { signature: "", count: 0 };
        }
        return result;
      } catch (err) {
        const e = err instanceof ServerError ? err : new ServerError(String((err as Error).message), "error", false);
        if (options.optional) throw e;
        this.stats.errors[e.kind] = (this.stats.errors[e.kind] ?? 0) + 1;
        this.noteFailure(server, e);
        if (!e.retryable) {
          if (e.status === 401 || e.status === 403 || e.status === 404) {
            const hint =
              e.status === 404
                ? "the server does not serve this path: check the URL (the server's base, e.g. http://host:8080) and, for KServe, the `modelName` option"
                : `set ${NLI_SERVER_TOKEN_ENV} (sent as a bearer token) or ${NLI_SERVER_HEADERS_ENV} (a JSON object of headers) to credentials the server accepts`;
            throw this.stop(new NliFatalError(`${e.message}; ${hint}`));
          }
          // The same client error for request after request is the configuration's, not the pairs': stop.
          // Out of memory (TEI's 424) is not: the engine splits the request.
          if (e.status !== undefined && e.status >= 400 && e.status < 500 && e.kind !== "out-of-memory") {
            const signature = e.message.replace(/^\S+ \S+ /, "");
            this.repeated = signature === this.repeated.signature ? { signature, count: this.repeated.count + 1 } : { signature, count: 1 };
            if (this.repeated.count >= REPEATED_CLIENT_ERRORS)
              throw this.stop(
                new NliFatalError(`${e.message}, ${REPEATED_CLIENT_ERRORS} requests in a row; stopping, since every request gets it`),
              );
          }
          throw e;
        }
        last = e;
        avoid = server;
        if (attempt < retries) this.options.log?.(`warning: ${e.message}; retrying (${attempt + 1} of ${retries})`);
      } finally {
        this.release(server);
      }
    }
    throw new ServerError(`${last?.message ?? "no answer"}, still after ${retries} retries`, last?.kind ?? "error", false, last?.status);
  }

  private async attempt<T>(server: Server, path: string, body: unknown): Promise<T> {
    const url = `${server.url}${path}`;
    const where = `${body === undefined ? "GET" : "POST"} ${server.shown}${path}`;
    let res: Response;
    try {
      res = await this.fetchFn(url, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(server.basic ? { authorization: server.basic } : {}),
          ...this.headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const e = err as { name?: string; cause?: { code?: string } };
      if (e.name === "TimeoutError" || e.name === "AbortError")
        throw new ServerError(`${where}: no answer within ${this.timeoutMs} ms`, "timeout", true);
      throw new ServerError(`${where}: connection failed (${e.cause?.code ?? (err as Error).message})`, "connection", true);
    }
    let text: string;
    try {
      const read = await readCapped(res, MAX_NLI_SERVER_RESPONSE_BYTES);
      if (!read.ok)
        throw new ServerError(
          `${where}: answer of ${read.bytes} bytes is larger than ${MAX_NLI_SERVER_RESPONSE_BYTES} bytes`,
          "too-large",
          false,
          res.status,
        );
      text = read.text;
    } catch (err) {
      if (err instanceof ServerError) throw err;
      const e = err as { name?: string };
      if (e.name === "TimeoutError" || e.name === "AbortError")
        throw new ServerError(`${where}: answer not complete within ${this.timeoutMs} ms`, "timeout", true);
      throw new ServerError(`${where}: connection dropped while reading the answer`, "connection", true);
    }
    if (isRedirect(res.status))
      throw new ServerError(
        `${where}: answered ${res.status}, a redirect, which capqa does not follow (it would send the credentials on); give the final URL`,
        String(res.status),
        false,
        res.status,
      );
    if (res.status < 200 || res.status >= 300) {
      const message = `${where}: HTTP ${res.status}: ${serverMessage(text, this.secrets) || res.statusText}`;
      // A server out of memory is not retried as it is: the engine splits the batch (lib/nli/batching.ts).
      if (isOutOfMemoryError(message)) throw new ServerError(message, "out-of-memory", false, res.status);
      const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
      throw new ServerError(message, String(res.status), retryable, res.status, parseRetryAfter(res.headers));
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ServerError(`${where}: the answer is not JSON (${text.slice(0, 80).replace(/\s+/g, " ")}…)`, "bad-answer", true);
    }
  }
}
