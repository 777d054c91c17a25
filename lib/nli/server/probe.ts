/**
 * The first look at every replica before any pair is sent: each must answer, and all must
 * describe the same model; a replica that does not answer is reported and kept (it may be
 * starting), as long as one does.
 */
import type { ServerPool } from "./server-pool.js";

/** Retries of a replica's first request: enough to ride out a restart, short enough to start soon. */
const PROBE_RETRIES = 2;

/**
 * Asks every replica for `path` and returns the first answer, after checking that every
 * answering replica's `identity` is the same; throws when none answers or two differ.
 */
export async function probeReplicas<T>(pool: ServerPool, path: string, identity: (answer: T) => string, log?: (line: string) => void): Promise<{ answer: T; url: string }> {
  const answers = await Promise.all(
    pool.servers.map((_, i) =>
      pool.request<T>(path, undefined, { server: i, retries: PROBE_RETRIES }).then(
        (answer) => ({ ok: true as const, answer }),
        (error: Error) => ({ ok: false as const, error }),
      ),
    ),
  );
  const failed = answers.flatMap((a, i) => (a.ok ? [] : [`${pool.servers[i].shown}: ${a.error.message}`]));
  const ok = answers.flatMap((a, i) => (a.ok ? [{ answer: a.answer, url: pool.servers[i].shown }] : []));
  if (ok.length === 0) {
    const fatal = answers.find((a) => !a.ok && a.error.name === "NliFatalError");
    if (fatal && !fatal.ok) throw fatal.error;
    throw new Error(`no NLI server answered: ${failed.join("; ")}`);
  }
  const first = identity(ok[0].answer);
  for (const o of ok.slice(1)) {
    const id = identity(o.answer);
    if (id !== first) throw new Error(`the NLI servers serve different models: ${ok[0].url} serves ${first}, ${o.url} serves ${id}; replicas must serve one model`);
  }
  for (const f of failed) log?.(`warning: ${f}; it stays in the rotation and is retried`);
  return ok[0];
}
