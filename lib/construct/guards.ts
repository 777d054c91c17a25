/**
 * What the LLM client refuses from a server, whatever it is (the API, a proxy, or whatever a
 * base URL happens to point at); redirects and capped bodies are lib/io/http.ts's, shared with the
 * inference servers' pool:
 *
 * - redirects: fetch would follow them and send the request, and with it the prompt and (for
 *   x-api-key, which fetch does not drop across origins) the API key, to whatever host the
 *   Location header names, then trust that host's reply. The client asks fetch not to follow
 *   (redirect: "manual") and treats any 3xx as a fault that stops the run.
 * - bodies past a cap: a reply is read as a stream and abandoned past the cap, so a runaway or
 *   hostile body cannot fill memory.
 * - the same client error again and again: a 4xx that every request gets (a wrong parameter or
 *   model name) stops the run instead of being met once per item.
 */

/**
 * What makes two client errors "the same": the status and the API's error type and message
 * (both APIs answer `{"error": {"type"|"code", "message"}}`), not the whole body, which may
 * carry a request id that differs every time. A body that is not that JSON counts as a whole.
 */
export function errorSignature(status: number, body: string): string {
  try {
    const j = JSON.parse(body) as { error?: { type?: unknown; code?: unknown; message?: unknown } };
    const e = j?.error;
    if (typeof e === "object" && e !== null) return `${status} ${String(e.type ?? e.code ?? "")} ${String(e.message ?? "")}`;
  } catch {
    /* not JSON: the body itself */
  }
  return `${status} ${body.slice(0, 500)}`;
}

/**
 * Counts the same client error over consecutive replies. A different client error starts a new
 * count; a 2xx reply ends it. Faults that say nothing about the request (429, 5xx, timeouts)
 * are not seen by it and so neither add to nor end a run of equal errors.
 */
export class RepeatedErrors {
  private last: string | undefined;
  private count = 0;
  constructor(readonly limit: number) {}

  /** Records a client error; true when it is the limit-th equal one in a row (limit 0: never). */
  record(signature: string): boolean {
    if (signature === this.last) this.count++;
    else {
      this.last = signature;
      this.count = 1;
    }
    return this.limit > 0 && this.count >= this.limit;
  }

  /** How many equal client errors in a row so far. */
  get run(): number {
    return this.count;
  }

  /** A 2xx reply: the API accepts requests of this shape. */
  reset(): void {
    this.last = undefined;
    this.count = 0;
  }
}
