/**
 * The two chat APIs, spoken over HTTP with the platform's fetch, following each official SDK's
 * conventions:
 *
 * - Anthropic Messages: POST {ANTHROPIC_BASE_URL or https://api.anthropic.com}/v1/messages with
 *   x-api-key and anthropic-version: 2023-06-01; reply content blocks of type "text".
 * - OpenAI chat completions: POST {OPENAI_BASE_URL or https://api.openai.com/v1}/chat/completions
 *   (the base conventionally ends in /v1, as the SDK's does) with Authorization: Bearer; reply
 *   choices[0].message.content.
 *
 * The API key lives in a private field; it is sent in a header and nowhere else, is never part
 * of a request's identity (the cache key), and is scrubbed from every error message and from
 * every field of every reply (a server may echo it, and replies go to the output, the checkpoint
 * and the cache), together with every other secret the provider knows of (the other API's key
 * in the environment, `secrets`), plain or base64-encoded.
 */
import { DEFAULT_BASE_URLS } from "../constants.js";
import { base64Forms, redactBase64, type Base64Forms } from "./encoded-secrets.js";

export type ProviderName = "anthropic" | "openai";
export const PROVIDERS: readonly ProviderName[] = ["anthropic", "openai"];

/** One chat request, independent of the API. */
export interface ChatRequest {
  readonly system?: string;
  readonly user: string;
  readonly maxTokens: number;
  readonly temperature?: number;
  readonly topP?: number;
}

export interface ChatReply {
  readonly text: string;
  readonly stopReason: string | null;
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  /** The model the API says answered (may be a dated snapshot of the requested name). */
  readonly model: string | null;
}

export interface HttpRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: Record<string, unknown>;
}

/** Raised for replies that are not the API's shape (a retryable fault: truncated or garbled JSON). */
export class BadResponseError extends Error {
  override name = "BadResponseError";
}

export const KEY_ENV: Readonly<Record<ProviderName, string>> = { anthropic: "ANTHROPIC_API_KEY", openai: "OPENAI_API_KEY" };
export const BASE_URL_ENV: Readonly<Record<ProviderName, string>> = { anthropic: "ANTHROPIC_BASE_URL", openai: "OPENAI_BASE_URL" };
export const ANTHROPIC_VERSION = "2023-06-01";

export interface ProviderOptions {
  readonly provider: ProviderName;
  readonly model: string;
  /** Else $ANTHROPIC_BASE_URL / $OPENAI_BASE_URL, else the public endpoint. */
  readonly baseUrl?: string;
  /** Else $ANTHROPIC_API_KEY / $OPENAI_API_KEY. Never logged or written. */
  readonly apiKey?: string;
  /** More values to scrub from messages and replies (both APIs' keys in `env` are scrubbed anyway). */
  readonly secrets?: readonly string[];
  /** OpenAI only: the name of the output cap field (max_tokens, or max_completion_tokens for newer models). */
  readonly maxTokensField?: "max_tokens" | "max_completion_tokens";
  readonly env?: NodeJS.ProcessEnv;
}

/** What a secret is replaced with. */
export const REDACTED = "[REDACTED]";

/** A run of this many characters of a secret counts as an echo of it. */
const FRAGMENT = 8;

export class Provider {
  readonly name: ProviderName;
  readonly model: string;
  readonly baseUrl: string;
  readonly maxTokensField: "max_tokens" | "max_completion_tokens";
  readonly #key: string | undefined;
  /** Every value to scrub, the key first; none shorter than 4 characters (too common to scrub). */
  readonly #secrets: readonly string[];
  /** Their base64 forms (secrets of 8 characters or more). */
  readonly #encoded: Base64Forms;

  constructor(options: ProviderOptions) {
    const env = options.env ?? process.env;
    this.name = options.provider;
    this.model = options.model;
    const base = options.baseUrl ?? (env[BASE_URL_ENV[this.name]] || DEFAULT_BASE_URLS[this.name]);
    this.baseUrl = base.replace(/\/+$/, "");
    this.maxTokensField = options.maxTokensField ?? "max_tokens";
    const key = options.apiKey ?? env[KEY_ENV[this.name]];
    this.#key = key === undefined || key === "" ? undefined : key;
    const all = [this.#key, ...PROVIDERS.map((p) => env[KEY_ENV[p]]), ...(options.secrets ?? [])];
    this.#secrets = [...new Set(all.filter((k): k is string => typeof k === "string" && k.length >= 4))].sort(
      (a, b) => b.length - a.length,
    );
    this.#encoded = base64Forms(this.#secrets.filter((k) => k.length >= 8));
  }

  get hasKey(): boolean {
    return this.#key !== undefined;
  }

  /** Throws when no key is set (names the variable, never a value). */
  requireKey(): void {
    if (this.#key === undefined) throw new Error(`no API key: set ${KEY_ENV[this.name]}`);
  }

  /**
   * Replaces every secret (and any run of 8 or more characters of one, as APIs echo keys) with
   * [REDACTED], and every secret written in base64 (standard or URL-safe, padded or not, inside a
   * larger encoding, wrapped into lines; ./encoded-secrets.ts).
   */
  redact(text: string): string {
    return redactBase64(this.redactPlain(text), this.#encoded, REDACTED);
  }

  private redactPlain(text: string): string {
    let out = text;
    for (const secret of this.#secrets) out = out.split(secret).join(REDACTED);
    const long = this.#secrets.filter((k) => k.length >= 12);
    if (long.length === 0) return out;
    // APIs echo keys partially ("sk-abc…wxyz"): any run of 8 or more characters of a key goes.
    const grams = new Set<string>();
    for (const k of long) for (let i = 0; i + FRAGMENT <= k.length; i++) grams.add(k.slice(i, i + FRAGMENT));
    const inSome = (piece: string) => long.some((k) => k.includes(piece));
    let res = "";
    let kept = 0; // out[kept..i) is plain text not yet copied
    for (let i = 0; i + FRAGMENT <= out.length; ) {
      if (!grams.has(out.slice(i, i + FRAGMENT))) {
        i++;
        continue;
      }
      let len = FRAGMENT;
      while (i + len < out.length && inSome(out.slice(i, i + len + 1))) len++;
      res += out.slice(kept, i) + REDACTED;
      i += len;
      kept = i;
    }
    return res + out.slice(kept);
  }

  /** A reply with every secret scrubbed from each of its text fields: what may be stored or printed. */
  redactReply(reply: ChatReply): ChatReply {
    const r = (x: string | null) => (x === null ? null : this.redact(x));
    return { ...reply, text: this.redact(reply.text), stopReason: r(reply.stopReason), model: r(reply.model) };
  }

  /** The URL and body of a request; the identity of a request is (provider, body). */
  body(req: ChatRequest): Record<string, unknown> {
    if (this.name === "anthropic") {
      const body: Record<string, unknown> = { model: this.model, max_tokens: req.maxTokens };
      if (req.system !== undefined) body.system = req.system;
      body.messages = [{ role: "user", content: req.user }];
      if (req.temperature !== undefined) body.temperature = req.temperature;
      if (req.topP !== undefined) body.top_p = req.topP;
      return body;
    }
    const messages: { role: string; content: string }[] = [];
    if (req.system !== undefined) messages.push({ role: "system", content: req.system });
    messages.push({ role: "user", content: req.user });
    const body: Record<string, unknown> = { model: this.model, messages };
    if (req.temperature !== undefined) body.temperature = req.temperature;
    if (req.topP !== undefined) body.top_p = req.topP;
    body[this.maxTokensField] = req.maxTokens;
    return body;
  }

  url(): string {
    return this.name === "anthropic" ? `${this.baseUrl}/v1/messages` : `${this.baseUrl}/chat/completions`;
  }

  /** The full HTTP request, key included: hand it to fetch and to nothing else. */
  http(req: ChatRequest): HttpRequest {
    this.requireKey();
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (this.name === "anthropic") {
      headers["x-api-key"] = this.#key!;
      headers["anthropic-version"] = ANTHROPIC_VERSION;
    } else {
      headers.authorization = `Bearer ${this.#key!}`;
    }
    return { url: this.url(), headers, body: this.body(req) };
  }

  /** Reads a 2xx reply body, secrets scrubbed; throws BadResponseError when it is not the API's shape. */
  parse(raw: string): ChatReply {
    return this.redactReply(this.parseRaw(raw));
  }

  private parseRaw(raw: string): ChatReply {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (err) {
      throw new BadResponseError(`reply is not valid JSON (${(err as Error).message}); ${raw.length} characters received`);
    }
    if (typeof json !== "object" || json === null) throw new BadResponseError("reply is not a JSON object");
    const o = json as Record<string, unknown>;
    const num = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : null);
    // The reply as capqa keeps it: the provider's usage object names its token counts its own way.
    const reply = (text: string, stop: unknown, inputKey: string, outputKey: string) => {
      const usage = (o.usage ?? {}) as Record<string, unknown>;
      return {
        text,
        stopReason: typeof stop === "string" ? stop : null,
        inputTokens: num(usage[inputKey]),
        outputTokens: num(usage[outputKey]),
        model: typeof o.model === "string" ? o.model : null,
      };
    };
    if (this.name === "anthropic") {
      if (!Array.isArray(o.content)) throw new BadResponseError("reply has no content array");
      const text = (o.content as unknown[])
        .filter(
          (b): b is { type: string; text: string } =>
            typeof b === "object" &&
            b !== null &&
            (b as { type?: unknown }).type === "text" &&
            typeof (b as { text?: unknown }).text === "string",
        )
        .map((b) => b.text)
        .join("");
      return reply(text, o.stop_reason, "input_tokens", "output_tokens");
    }
    if (!Array.isArray(o.choices) || o.choices.length === 0) throw new BadResponseError("reply has no choices");
    const choice = o.choices[0] as Record<string, unknown>;
    const message = (choice.message ?? {}) as Record<string, unknown>;
    const content = message.content;
    let text: string;
    if (typeof content === "string") text = content;
    else if (content === null || content === undefined) text = "";
    else if (Array.isArray(content))
      text = content
        .map((p) =>
          typeof p === "object" && p !== null && typeof (p as { text?: unknown }).text === "string" ? (p as { text: string }).text : "",
        )
        .join("");
    else throw new BadResponseError("reply message content is neither text nor null");
    return reply(text, choice.finish_reason, "prompt_tokens", "completion_tokens");
  }

  /** What a log may say about this provider. */
  describe(): string {
    return `${this.name} ${this.model} at ${this.url()}`;
  }

  toJSON(): Record<string, unknown> {
    return { provider: this.name, model: this.model, baseUrl: this.baseUrl };
  }
}
