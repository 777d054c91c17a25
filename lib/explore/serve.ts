/**
 * `capqa explore --serve`: the explorer page on 127.0.0.1, for this machine's browser and nothing
 * else. The page may hold numbers of a private data folder, and a server on localhost is reachable
 * from any web page the browser shows, so:
 *  - only the Host this server is (127.0.0.1, localhost or [::1] at its port) is answered, which
 *    keeps a DNS-rebinding page (evil.example resolving to 127.0.0.1) from reading it: 403;
 *    a request without a Host, or with two, gets 400;
 *  - any request target is parsed without throwing: an absolute URL that does not parse (the
 *    campaign's `GET http://[ HTTP/1.1` killed the process) or names another host is 400 or 403,
 *    another method 405, another path 404; Node's own parser answers bytes that are not HTTP (400)
 *    and headers over 16 KB (431); an unexpected error answers 500, and the server stays up;
 *  - connections are capped (more are refused at once), a client must send its headers within a
 *    deadline (slowloris), and a connection that stays silent (an idle keep-alive, a reader that
 *    stopped reading the page) is closed after a while;
 *  - the page is encoded once and every response sends that same buffer, so a client that does
 *    not read holds a reference to it, not a copy of its own (300 stalled clients held 713 MB).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import {
  EXPLORE_SERVE_CHECK_INTERVAL_MS,
  EXPLORE_SERVE_HEADERS_TIMEOUT_MS,
  EXPLORE_SERVE_IDLE_TIMEOUT_MS,
  EXPLORE_SERVE_MAX_CONNECTIONS,
} from "../constants.js";

export interface ExplorerServeOptions {
  /** The port on 127.0.0.1 (default 0: a free one, in the returned `port`). */
  readonly port?: number;
  /** Connections open at once; more are refused (default EXPLORE_SERVE_MAX_CONNECTIONS). */
  readonly maxConnections?: number;
  /** How long a client may take to send a request's headers (default EXPLORE_SERVE_HEADERS_TIMEOUT_MS). */
  readonly headersTimeoutMs?: number;
  /** How long a connection may read and write nothing before it is closed (default EXPLORE_SERVE_IDLE_TIMEOUT_MS). */
  readonly idleTimeoutMs?: number;
  /** How often the headers deadline is checked (default EXPLORE_SERVE_CHECK_INTERVAL_MS). */
  readonly checkIntervalMs?: number;
}

export interface ExplorerServer {
  /** http://127.0.0.1:PORT/ */
  readonly url: string;
  readonly port: number;
  /** Connections open now. */
  connections(): Promise<number>;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/** What a request gets, and why (the body of an error answer). */
export interface ExplorerRequestVerdict {
  readonly status: 200 | 400 | 403 | 404 | 405;
  readonly reason: string;
}

const PAGE_PATHS = new Set(["/", "/index.html", "/explorer.html"]);
const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];

/**
 * Whether a Host (or an absolute URL's authority) names this server: a loopback name at its port (the port may be left out only for port
 * 80).
 */
function isOwnHost(host: string, port: number): boolean {
  const h = host.toLowerCase();
  return LOOPBACK_NAMES.some((name) => h === `${name}:${port}` || (port === 80 && h === name));
}

/**
 * The answer to a request, from its method, its request target and its Host headers (every one
 * sent) alone: the Host first (400 without one or with two, 403 for another host), then the method
 * (GET and HEAD), then the target: a path ("/", "/index.html", "/explorer.html", with any query)
 * or an absolute http(s) URL of this server.
 */
export function explorerRequestVerdict(method: string, target: string, hosts: readonly string[], port: number): ExplorerRequestVerdict {
  const own = `http://127.0.0.1:${port}/`;
  if (hosts.length === 0) return { status: 400, reason: `a request needs a Host header; this explorer is ${own}` };
  if (hosts.length > 1) return { status: 400, reason: "a request has one Host header" };
  if (!isOwnHost(hosts[0], port))
    return {
      status: 403,
      reason: `this explorer answers only to ${own} (or localhost or [::1] at port ${port}), not to the host ${JSON.stringify(hosts[0].slice(0, 100))}`,
    };
  if (method !== "GET" && method !== "HEAD") return { status: 405, reason: `${method.slice(0, 20)} is not served: GET the page` };
  let path: string;
  if (target.startsWith("/")) path = target.replace(/[?#].*$/s, "");
  else if (/^https?:\/\//i.test(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return { status: 400, reason: "the request's URL does not parse" };
    }
    if (url.username !== "" || url.password !== "") return { status: 400, reason: "the request's URL carries credentials" };
    if (!isOwnHost(url.port === "" ? url.hostname : `${url.hostname}:${url.port}`, port))
      return { status: 403, reason: `this explorer answers only to ${own}, not to ${url.host}` };
    path = url.pathname;
  } else return { status: 400, reason: "the request target is neither a path nor an http URL" };
  if (!PAGE_PATHS.has(path)) return { status: 404, reason: `not found: this server has the explorer at ${own} and nothing else` };
  return { status: 200, reason: "" };
}

/** The Host headers a request sent, every one (Node keeps only the first in req.headers). */
function hostHeaders(req: IncomingMessage): string[] {
  const hosts: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === "host") hosts.push(req.rawHeaders[i + 1]);
  return hosts;
}

const COMMON_HEADERS = { "x-content-type-options": "nosniff", "cache-control": "no-store", "referrer-policy": "no-referrer" } as const;

function refuse(res: ServerResponse, verdict: { readonly status: number; readonly reason: string }): void {
  res.writeHead(verdict.status, {
    ...COMMON_HEADERS,
    "content-type": "text/plain; charset=utf-8",
    // A refused request gives no reason to keep its connection.
    connection: "close",
    ...(verdict.status === 405 ? { allow: "GET, HEAD" } : {}),
  });
  res.end(`${verdict.reason}\n`);
}

/**
 * Serves `html` on 127.0.0.1 until close(). Fails as listen() does (EADDRINUSE, EACCES: the
 * error's `code` says which) when the port cannot be had.
 *
 * @example
 * import { loadBenchmark } from "capqa";
 * import { buildExplorerPage, exploreDataFromBenchmark, serveExplorerPage } from "capqa/explore";
 * const server = await serveExplorerPage(buildExplorerPage(exploreDataFromBenchmark(loadBenchmark(), "test")), { port: 0 });
 * console.log(`open ${server.url}`);
 * await server.close();
 */
export async function serveExplorerPage(html: string, options: ExplorerServeOptions = {}): Promise<ExplorerServer> {
  const page = Buffer.from(html, "utf8");
  const headersTimeout = options.headersTimeoutMs ?? EXPLORE_SERVE_HEADERS_TIMEOUT_MS;
  const idleTimeout = options.idleTimeoutMs ?? EXPLORE_SERVE_IDLE_TIMEOUT_MS;
  let port = options.port ?? 0;
  const server = createServer(
    {
      headersTimeout,
      requestTimeout: 2 * headersTimeout, // a GET has no body: its whole request is its headers
      keepAliveTimeout: Math.min(5_000, idleTimeout),
      connectionsCheckingInterval: options.checkIntervalMs ?? EXPLORE_SERVE_CHECK_INTERVAL_MS,
    },
    (req, res) => {
      try {
        const verdict = explorerRequestVerdict(req.method ?? "", req.url ?? "", hostHeaders(req), port);
        if (verdict.status !== 200) return refuse(res, verdict);
        res.writeHead(200, { ...COMMON_HEADERS, "content-type": "text/html; charset=utf-8", "content-length": page.length });
        res.end(req.method === "HEAD" ? undefined : page);
      } catch {
        if (!res.headersSent) refuse(res, { status: 500, reason: "internal error" });
        else res.destroy();
      }
    },
  );
  server.maxConnections = options.maxConnections ?? EXPLORE_SERVE_MAX_CONNECTIONS;
  // Inactivity on a socket (nothing read or written, e.g. a client that stopped reading) closes it: with no 'timeout' listener, Node
  // destroys it.
  server.setTimeout(idleTimeout);
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", fail);
      ok();
    });
  });
  const address = server.address();
  if (address && typeof address === "object") port = address.port;
  // After listen, a server error (none expected) is reported, never thrown at the process.
  server.on("error", () => undefined);
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    connections: () => new Promise((ok, fail) => server.getConnections((e, n) => (e ? fail(e) : ok(n)))),
    close: () =>
      new Promise((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
