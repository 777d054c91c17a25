/**
 * HTTP plumbing every client of capqa shares (the LLM client, the inference servers' pool): what
 * a reply may not do (redirect, send an endless body), how long it asks to wait (Retry-After),
 * and how long to wait before the next attempt (exponential backoff with jitter).
 */

/** True for a 3xx status (fetch in "manual" mode hands these back instead of following them). */
export function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

/** The origin a Location header points at (relative to the request URL), or undefined. */
export function redirectTarget(location: string | null, requestUrl: string): string | undefined {
  if (location === null || location.trim() === "") return undefined;
  try {
    return new URL(location, requestUrl).origin;
  } catch {
    return undefined;
  }
}

export type CappedBody = { ok: true; text: string } | { ok: false; bytes: number; declared: boolean };

/**
 * Reads a reply body as UTF-8, at most `cap` bytes. A Content-Length past the cap is refused
 * before anything is read; otherwise the stream is cancelled as soon as the bytes received pass
 * the cap (the body is never held whole). Stream errors (a dropped connection, an abort) are
 * thrown as fetch throws them.
 */
export async function readCapped(res: Response, cap: number): Promise<CappedBody> {
  const declared = Number(res.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > cap) {
    await res.body?.cancel().catch(() => undefined);
    return { ok: false, bytes: declared, declared: true };
  }
  if (res.body === null) return { ok: true, text: "" };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > cap) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, bytes, declared: false };
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString("utf8") };
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

/**
 * The wait before retry number `step` (0 for the first): base·2^step capped at `max`, lowered by
 * a random share of at most `jitter` (1: "full jitter", anywhere in (0, cap]; 0.25: the top
 * quarter), so that clients that failed together do not retry together.
 */
export function backoffDelay(step: number, baseMs: number, maxMs: number, jitter: number): number {
  return Math.min(maxMs, baseMs * 2 ** step) * (1 - jitter * Math.random());
}
