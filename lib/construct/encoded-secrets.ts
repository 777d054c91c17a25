/**
 * A secret written in base64 (issue 22): an LLM asked to, or a server echoing a header, may write
 * the API key base64-encoded, alone ("c2stYW50…=="), URL-safe ("…-_…"), without its padding, or
 * inside a larger encoding ("Authorization: Bearer sk-…", "user:sk-…"), where it starts at any of
 * the three byte positions of a base64 group, and wrapped into lines (76 characters in MIME, 64 in
 * PEM). In each case the characters that depend on the key's bytes alone are the same run (its
 * "core" for that byte position): found with white space and \n escapes between them ignored,
 * a core, or a run of 16 or more of its characters (as APIs echo keys in part), is replaced,
 * together with the one partial character on each side and the padding after it.
 */

/** A run of this many characters of a secret's base64 core counts as an echo of it (12 bytes of the key). */
const FRAGMENT = 16;
const BASE64_CHAR = /[A-Za-z0-9+/_-]/;

/**
 * A secret's base64 core at one byte position, and whether a character that mixes its bits with others' comes before (lead) or after it
 * (trail).
 */
export interface Base64Core {
  readonly text: string;
  readonly lead: boolean;
  readonly trail: boolean;
}

/** The base64 cores of a secret: for each byte position 0, 1, 2, the characters that encode its bytes only, standard and URL-safe. */
function base64Cores(secret: string): Base64Core[] {
  const bytes = Buffer.from(secret, "utf8");
  const cores: Base64Core[] = [];
  for (const at of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(at), bytes, Buffer.alloc(3)]).toString("base64");
    // Character j holds bits [6j, 6j + 6); the secret's bits are [8·at, 8·(at + length)).
    const from = (8 * at) / 6;
    const to = (8 * (at + bytes.length)) / 6;
    const text = encoded.slice(Math.ceil(from), Math.floor(to));
    const lead = !Number.isInteger(from);
    const trail = !Number.isInteger(to);
    cores.push({ text, lead, trail });
    const urlSafe = text.replace(/\+/g, "-").replace(/\//g, "_");
    if (urlSafe !== text) cores.push({ text: urlSafe, lead, trail });
  }
  return cores;
}

/** What redactBase64 searches for: whole cores, and the runs of FRAGMENT characters of those long enough. */
export interface Base64Forms {
  readonly cores: readonly Base64Core[];
  readonly grams: ReadonlySet<string>;
}

export function base64Forms(secrets: readonly string[]): Base64Forms {
  const cores = secrets.flatMap(base64Cores).sort((a, b) => b.text.length - a.text.length);
  const grams = new Set<string>();
  for (const c of cores) for (let i = 0; i + FRAGMENT <= c.text.length; i++) grams.add(c.text.slice(i, i + FRAGMENT));
  return { cores, grams };
}

/** `text` with every base64 form of the secrets replaced by `marker`. */
export function redactBase64(text: string, forms: Base64Forms, marker: string): string {
  if (forms.cores.length === 0) return text;
  // The text without white space and \r \n \t escapes, and where each of its characters came from.
  const at: number[] = [];
  let compact = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (/\s/.test(c)) continue;
    if (c === "\\" && /[rnt]/.test(text[i + 1] ?? "")) {
      i++;
      continue;
    }
    compact += c;
    at.push(i);
  }
  // Spans of the compact text, each with the partial characters it may take on each side.
  const spans: { s: number; e: number; lead: boolean; trail: boolean }[] = [];
  for (const core of forms.cores)
    for (let k = compact.indexOf(core.text); k >= 0; k = compact.indexOf(core.text, k + 1))
      spans.push({ s: k, e: k + core.text.length, lead: core.lead, trail: core.trail });
  const inSome = (piece: string) => forms.cores.some((c) => c.text.includes(piece));
  for (let k = 0; k + FRAGMENT <= compact.length; k++) {
    if (!forms.grams.has(compact.slice(k, k + FRAGMENT))) continue;
    let end = k + FRAGMENT;
    while (end < compact.length && inSome(compact.slice(k, end + 1))) end++;
    spans.push({ s: k, e: end, lead: false, trail: false });
    k = end - 1;
  }
  if (spans.length === 0) return text;
  // Characters i and j of the compact text are neighbours in an encoding: next to each other, or across a line break.
  const joined = (i: number, j: number) => at[j] === at[i] + 1 || /[\r\n]|\\[rn]/.test(text.slice(at[i] + 1, at[j]));
  // The partial character on each side (it holds bits of the secret too), and the padding after.
  const wide = spans.map(({ s, e, lead, trail }): [number, number] => {
    let a = s;
    let b = e;
    if (lead && a > 0 && BASE64_CHAR.test(compact[a - 1]) && joined(a - 1, a)) a--;
    if (trail && b < compact.length && BASE64_CHAR.test(compact[b]) && joined(b - 1, b)) b++;
    while (trail && b < compact.length && compact[b] === "=" && joined(b - 1, b)) b++;
    return [at[a], at[b - 1] + 1];
  });
  wide.sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of wide) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  let out = "";
  let kept = 0;
  for (const [s, e] of merged) {
    out += text.slice(kept, s) + marker;
    kept = e;
  }
  return out + text.slice(kept);
}
