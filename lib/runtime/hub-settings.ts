/**
 * The Hugging Face hub conventions, read from the environment as Python's `huggingface_hub`
 * reads them, so that capqa and Python share one download cache and one configuration:
 * `HF_ENDPOINT` (a mirror), `HF_HOME` / `HF_HUB_CACHE` (where files go), `HF_HUB_OFFLINE`
 * (cached files only), `HF_TOKEN` (or the token file `huggingface-cli login` writes) and
 * `HF_HUB_DOWNLOAD_TIMEOUT` (seconds without a byte before a download counts as stalled).
 *
 * @example
 * const hub = hubSettings(); // { endpoint: "https://huggingface.co", cacheDir: "~/.cache/huggingface/hub", offline: false }
 */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { DEFAULT_HF_ENDPOINT, DEFAULT_HUB_STALL_TIMEOUT_MS } from "../constants.js";

export interface HubSettings {
  /** Base URL of the hub or mirror, without a trailing slash. */
  readonly endpoint: string;
  /** The hub cache folder (`models--owner--name/{blobs,snapshots,refs}` inside). */
  readonly cacheDir: string;
  /** No network: only files already in the cache. */
  readonly offline: boolean;
  /** Sent to the endpoint's origin only, never to a host a redirect names; never logged. */
  readonly token?: string;
  /**
   * Milliseconds without a byte before a download counts as stalled (HF_HUB_DOWNLOAD_TIMEOUT, in seconds; default
   * DEFAULT_HUB_STALL_TIMEOUT_MS).
   */
  readonly stallTimeoutMs: number;
}

/** HF_HUB_DOWNLOAD_TIMEOUT in milliseconds; a value that is not a positive number of seconds is an error naming it. */
function stallTimeoutFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_HUB_STALL_TIMEOUT_MS;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(
      `HF_HUB_DOWNLOAD_TIMEOUT must be a positive number of seconds (how long a download may go without a byte), not "${value}"`,
    );
  return seconds * 1000;
}

/** huggingface_hub's reading of a boolean variable ("1", "ON", "YES", "TRUE"). */
function truthy(value: string | undefined): boolean {
  return value !== undefined && ["1", "on", "yes", "true"].includes(value.trim().toLowerCase());
}

/** The hub settings from environment variables, with overrides from the caller (options win). */
export function hubSettings(overrides: Partial<HubSettings> = {}, env: NodeJS.ProcessEnv = process.env): HubSettings {
  const home = env.HF_HOME || join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "huggingface");
  const cacheDir = overrides.cacheDir ?? (env.HF_HUB_CACHE || env.HUGGINGFACE_HUB_CACHE || join(home, "hub"));
  const endpoint = (overrides.endpoint ?? (env.HF_ENDPOINT || DEFAULT_HF_ENDPOINT)).replace(/\/+$/, "");
  let token = overrides.token ?? (env.HF_TOKEN || env.HUGGING_FACE_HUB_TOKEN || undefined);
  if (token === undefined) {
    const file = env.HF_TOKEN_PATH || join(home, "token");
    if (existsSync(file)) token = readFileSync(file, "utf8").trim() || undefined;
  }
  const stallTimeoutMs = overrides.stallTimeoutMs ?? stallTimeoutFrom(env.HF_HUB_DOWNLOAD_TIMEOUT);
  if (!(stallTimeoutMs > 0))
    throw new Error(`the hub option stallTimeoutMs must be a positive number of milliseconds, not ${stallTimeoutMs}`);
  return { endpoint, cacheDir, offline: overrides.offline ?? truthy(env.HF_HUB_OFFLINE), token, stallTimeoutMs };
}
