/**
 * The response cache: one JSON file per request, named by the SHA-256 of the full request
 * (provider, the exact JSON body and, for sampled generation, the sample index), under
 * DIR/llm/<2 hex>/<hash>.json. Keys, headers and base URLs are not part of the identity and are
 * never stored. Files are written atomically, so a killed run leaves whole entries or none.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ChatReply, ProviderName } from "./providers.js";

/** JSON with object keys sorted, so that equal requests hash equally. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return "[" + value.map(canonicalJson).join(",") + "]";
  const keys = Object.keys(value as Record<string, unknown>)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort();
  return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonicalJson((value as Record<string, unknown>)[k])).join(",") + "}";
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The identity of a request: provider, body and an optional sample index. */
export function requestKey(provider: ProviderName, body: Record<string, unknown>, sample?: number): string {
  return sha256Hex(canonicalJson({ provider, body, sample: sample ?? null }));
}

export interface CacheRecord {
  readonly key: string;
  readonly provider: ProviderName;
  readonly reply: ChatReply;
  readonly created: string;
}

export class ResponseCache {
  readonly dir: string;
  constructor(dir: string) {
    this.dir = join(dir, "llm");
  }

  private path(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  get(key: string): ChatReply | undefined {
    const p = this.path(key);
    if (!existsSync(p)) return undefined;
    try {
      const rec = JSON.parse(readFileSync(p, "utf8")) as CacheRecord;
      return rec.key === key ? rec.reply : undefined;
    } catch {
      return undefined; // a damaged entry is a miss
    }
  }

  put(key: string, provider: ProviderName, reply: ChatReply): void {
    const p = this.path(key);
    mkdirSync(join(this.dir, key.slice(0, 2)), { recursive: true });
    const tmp = `${p}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    const rec: CacheRecord = { key, provider, reply, created: new Date().toISOString() };
    writeFileSync(tmp, JSON.stringify(rec) + "\n");
    renameSync(tmp, p);
  }

  delete(key: string): void {
    rmSync(this.path(key), { force: true });
  }
}
