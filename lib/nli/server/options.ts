/** What names an NLI inference server to capqa, checked before any request. */
import { NLI_SERVER_OUTPUTS, NLI_SERVER_PROTOCOLS } from "../../constants.js";
import type { NliServerOutput } from "./output.js";
import { checkServerUrls, type ServerRequestSettings } from "./server-pool.js";

export type NliServerProtocol = (typeof NLI_SERVER_PROTOCOLS)[number];

/** Replicas of one model behind one protocol, and how requests are sent to them. */
export interface NliServerOptions extends ServerRequestSettings {
  /** Base URLs of replicas serving one model (http://host:8080); requests are spread over them. */
  readonly urls: readonly string[];
  /** "tei" (Text Embeddings Inference: text pairs in, label scores out) or "kserve" (KServe v2 / Triton: token ids in, logits out). */
  readonly protocol: NliServerProtocol;
  /** KServe: the model's name on the server (default DEFAULT_KSERVE_MODEL_NAME). */
  readonly modelName?: string;
  /** KServe: the model version; needed when the server has several loaded, and every answer must name it. */
  readonly modelVersion?: string;
  /**
   * What the server's scores are: "logits" (capqa takes the softmax) or "probabilities" (a softmax
   * already: TEI is then asked without raw_scores). Default: logits, after the canary pairs show
   * they are not probabilities (scores that are probabilities for every canary pair are refused).
   */
  readonly output?: NliServerOutput;
}

/** Throws the first problem of a server option, naming the option. */
export function checkServerOptions(server: NliServerOptions): void {
  if (server === null || typeof server !== "object") throw new TypeError("the `server` option must be an object with urls and protocol");
  if (!(NLI_SERVER_PROTOCOLS as readonly string[]).includes(server.protocol)) {
    throw new Error(`the \`protocol\` option must be one of ${NLI_SERVER_PROTOCOLS.join(", ")}, got ${JSON.stringify(server.protocol)}`);
  }
  checkServerUrls(server.urls);
  if (server.modelName !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(server.modelName)) {
    throw new Error(
      `the \`modelName\` option must be a model name as a KServe server lists it (letters, digits, . _ -), got ${JSON.stringify(server.modelName)}`,
    );
  }
  if (server.modelVersion !== undefined && !/^[A-Za-z0-9._-]+$/.test(server.modelVersion))
    throw new Error(`the \`modelVersion\` option must be a version label, got ${JSON.stringify(server.modelVersion)}`);
  if (server.output !== undefined && !(NLI_SERVER_OUTPUTS as readonly string[]).includes(server.output))
    throw new Error(`the \`output\` option must be one of ${NLI_SERVER_OUTPUTS.join(", ")}, got ${JSON.stringify(server.output)}`);
}
