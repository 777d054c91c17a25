/** Small helpers over node:util parseArgs that turn bad flags into clear usage errors. */
export class UsageError extends Error {
  override name = "UsageError";
}

export function intFlag(value: string | undefined, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be an integer ${max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`}, got "${value}"`);
  }
  return Number(value);
}

/** A decimal number ("0.85", "1e-3"); hexadecimal, "Infinity" and empty text are usage errors. */
export function numberFlag(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const x = Number(value);
  if (!/^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/.test(value) || !Number.isFinite(x)) throw new UsageError(`--${name} must be a decimal number, got "${value}"`);
  return x;
}

export function choiceFlag<T extends string>(value: string | undefined, name: string, choices: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!choices.includes(value as T)) throw new UsageError(`--${name} must be one of ${choices.join(", ")}, got "${value}"`);
  return value as T;
}

export function listFlag(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(",").map((s) => s.trim()).filter((s) => s.length > 0);
}

/** A progress line on stderr, rewritten in place on a terminal and printed every 10 % elsewhere. */
export function progressPrinter(label: string): (done: number, total: number) => void {
  let lastDecile = -1;
  const started = Date.now();
  return (done, total) => {
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${label}: ${done}/${total} (${secs} s)${done === total ? "\n" : ""}`);
      return;
    }
    const decile = Math.floor((10 * done) / total);
    if (decile !== lastDecile) {
      lastDecile = decile;
      process.stderr.write(`${label}: ${done}/${total} (${secs} s)\n`);
    }
  };
}

/** A line on standard output / standard error (a final newline added when missing). */
export const out = (s: string) => process.stdout.write(s.endsWith("\n") ? s : s + "\n");
export const err = (s: string) => process.stderr.write(s.endsWith("\n") ? s : s + "\n");
