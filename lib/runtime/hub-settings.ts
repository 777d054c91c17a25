/**
 * The Hugging Face hub conventions, read from the environment as Python's `huggingface_hub`
 * reads them, so that capqa and Python share one download cache and one configuration:
 * `HF_ENDPOINT` (a mirror), `HF_HOME` / `HF_HUB_CACHE` (where files go), `HF_HUB_OFFLINE`
 * (cached files only) and `HF_TOKEN` (or the token file `huggingface-cli login` writes).
 *
 * @example
 * const hub = hubSettings(); // { endpoint: "https://huggingface.co", cacheDir: "~/.cache/huggingface/hub", offline: false }
 */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { DEFAULT_HF_ENDPOINT } from "../constants.js";

export interface HubSettings {
  /** Base URL of the hub or mirror, without a trailing slash. */
  readonly endpoint: string;
  /** The hub cache folder (`models--owner--name/{blobs,snapshots,refs}` inside). */
  readonly cacheDir: string;
  /** No network: only files already in the cache. */
  readonly offline: boolean;
  /** Sent to the endpoint's origin only, never to a host a redirect names; never logged. */
  readonly token?: string;
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
  return { endpoint, cacheDir, offline: overrides.offline ?? truthy(env.HF_HUB_OFFLINE), token };
}
