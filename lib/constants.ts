/**
 * Every default of capqa in one place, so that the CLI, the notebooks and the tests agree
 * and a changed default is changed once. Values follow the paper (Sec. 4, App. C.2) and the
 * authors' released evaluation (`results.json`).
 */

/** CAP's forward (gold → candidate) weight α, chosen by the paper's sweep (Table 12). */
export const DEFAULT_ALPHA = 0.85;
/** CAP's neutral-class weight λ. */
export const DEFAULT_LAMBDA = 0.3;

/** Bootstrap resamples used by the authors (App. D.1). */
export const DEFAULT_BOOTSTRAP_RESAMPLES = 10_000;
/** Seed used by the authors' evaluation; ours drives a different generator, see lib/stats/random. */
export const DEFAULT_SEED = 42;
/**
 * Scores are rounded to this many decimals before they are compared (pairwise accuracy, class
 * pairs, ranks), as the authors' evaluation does, so floating-point noise counts as a tie.
 * The released score columns carry 10 decimals already.
 */
export const SCORE_DECIMALS = 10;
/**
 * How far a bootstrap interval bound of `capqa reproduce` may lie from the paper's (×100) and
 * still count as reproduced: capqa's generator is not numpy's, so bounds agree statistically
 * (with seed 42 the bounds lie within 0.12 of the printed ones at 10,000 resamples, 0.28 at 1,000:
 * test/reproduce-verdict.test.ts runs 1,000).
 */
export const REPRODUCE_BOOTSTRAP_TOLERANCE = 0.5;
/** Two-sided confidence level of percentile bootstrap intervals. */
export const DEFAULT_CONFIDENCE = 0.95;
/** Folds of the cross-validation that calibrates a labelled file without a split column (`capqa calibrate --in`). */
export const DEFAULT_CALIBRATION_FOLDS = 5;

/** Metrics whose per-row values the authors released in `scores.json` (COMET was not released). */
export const RELEASED_METRICS = ["cap", "bleu", "rouge_l", "meteor", "bertscore"] as const;
export type ReleasedMetric = (typeof RELEASED_METRICS)[number];

/** The metric every other one is compared with in paired differences. */
export const REFERENCE_METRIC = "cap";

/** The column of a metric-scores file that names the CAP-Correctness row (0-based CSV row order). */
export const METRIC_SCORES_ROW_ID = "row_id";

/** Statistics compared between metrics with paired bootstrap differences. */
export const PAIRED_STATISTICS = ["spearman", "kendall", "pairwise_accuracy"] as const;
export type PairedStatistic = (typeof PAIRED_STATISTICS)[number];

/** The NLI model of the paper (App. C.2). */
export const PAPER_NLI_MODEL = "cross-encoder/nli-deberta-v3-large";

/** Environment variable naming the data folder (after the --data-dir flag, before ./data). */
export const DATA_DIR_ENV = "CAPQA_DATA_DIR";
/** Data folder used when neither the flag nor the environment names one. */
export const DEFAULT_DATA_DIR = "data";

/** File names inside the data folder. */
export const DATA_FILES = {
  correctness: "CAP-Correctness.csv",
  splits: "CAP-Correctness-splits.csv",
  scores: "scores.json",
  results: "results.json",
} as const;

/**
 * Hub revision of the paper's NLI model pinned by capqa: the commit that added tokenizer.json
 * (which transformers.js needs). The weights are those of the original upload; the authors did
 * not publish the revision they used. Override with --revision.
 */
export const PAPER_NLI_REVISION = "c7f4f0356d88c434863529a8a2a0fb80de8fa918";

/**
 * The transformers.js conversion of the paper's model weights (the same checkpoint exported to
 * ONNX, with fp16 and int8 variants). The paper's model id reads its fp16 and q8 files from it,
 * and its fp32 file when the pinned revision of the original repository has no ONNX export.
 * Its revision could not be looked up from here (no hub access), so it follows the repository's
 * main branch; the commit actually used is resolved at download time, recorded in the hub cache
 * (refs/main) and printed. Pass a commit to pin it.
 */
export const PAPER_NLI_CONVERSION = "Xenova/nli-deberta-v3-large";
export const PAPER_NLI_CONVERSION_REVISION = "main";

/** The hub, unless HF_ENDPOINT names a mirror. */
export const DEFAULT_HF_ENDPOINT = "https://huggingface.co";
/** How long a hub request waits for the answer's headers (a download's bytes may take longer). */
export const DEFAULT_HUB_TIMEOUT_MS = 30_000;
/**
 * How long a download waits for its next bytes before it counts as stalled (huggingface_hub's
 * HF_HUB_DOWNLOAD_TIMEOUT, which sets it in seconds); a stalled file is asked for again from the
 * byte where it stopped (HTTP Range), up to DEFAULT_HUB_DOWNLOAD_ATTEMPTS requests in all.
 */
export const DEFAULT_HUB_STALL_TIMEOUT_MS = 30_000;
export const DEFAULT_HUB_DOWNLOAD_ATTEMPTS = 3;

/**
 * The precision a model file is read in unless asked (transformers.js's dtype names: fp32, fp16, q8): the NLI model and seq2seq statement
 * generators.
 */
export const DEFAULT_DTYPE = "fp32";
/**
 * The precision an NLI model key leaves unsaid, with no device: fp32 results agree across CPU,
 * CUDA and WebGPU (lib/nli/model-key.ts), while fp16 and q8 keys name dtype and device ("q8@cpu").
 */
export const MODEL_KEY_PLAIN_DTYPE = "fp32";
/** Where a model runs unless asked (cpu, cuda, webgpu or auto): NLI, seq2seq statements, BERTScore, COMET. */
export const DEFAULT_DEVICE = "cpu";

/** Default NLI settings. The paper (App. C.2) used joint length 512 and batches of 16 pairs. */
export const DEFAULT_NLI_MAX_LENGTH = 512;
/** The NLI length limits capqa accepts (the `maxLength` option, --max-length): fewer tokens leave no room for text. */
export const MIN_NLI_MAX_LENGTH = 8;
export const MAX_NLI_MAX_LENGTH = 1_000_000;
/** The largest NLI batch size capqa accepts (the `batchSize` option, --batch). */
export const MAX_NLI_BATCH_SIZE = 65_536;
/**
 * Batches are formed by a token budget (lib/nli/batching.ts): at most DEFAULT_NLI_BATCH_SIZE
 * pairs and at most DEFAULT_NLI_BATCH_TOKENS tokens (pairs × padded length) each, so that short
 * statements fill the device (64 pairs of 60 tokens) and long ones do not blow its memory
 * (32 pairs of 512). A batch size of 16 with no token budget is the paper's setting.
 */
export const DEFAULT_NLI_BATCH_SIZE = 64;
export const DEFAULT_NLI_BATCH_TOKENS = 16_384;
/**
 * A text longer than (budget + 1) × NLI_TOKENIZE_CHARS_PER_TOKEN characters is tokenized from a
 * prefix of that length, cut where a word ends (lib/nli/pair-encoding.ts), not whole: a 57 MB cell
 * took 80 s and 4 GB to tokenize for the 512 tokens kept. 128 is the most characters one token of
 * the vocabularies capqa loads spells (RoBERTa's byte-level BPE: 128 bytes; DeBERTa-v3's
 * SentencePiece: 32 characters; T5's: 16; BERT's WordPiece: 100, the longest word it splits), so
 * such a prefix holds more tokens than the budget, unless the text has characters that make no
 * token (runs of spaces, characters the normaliser drops) or words WordPiece turns into one
 * [UNK] (over 100 characters); then the prefix grows, up to the whole text. The tokens kept are
 * the whole text's, but for a single word longer than half the window and a text over
 * NLI_TOKENIZE_MAX_CHARS (lib/nli/pair-encoding.ts says how).
 */
export const NLI_TOKENIZE_CHARS_PER_TOKEN = 128;
/**
 * The most characters of one text that are tokenized: a longer text whose first million
 * characters make fewer tokens than the length limit (a run of spaces, say) is read that far, and
 * its pair counted as truncated.
 */
export const NLI_TOKENIZE_MAX_CHARS = 1_000_000;
/**
 * Tokenizer classes that clean up spaces before punctuation when decoding although their
 * tokenizer_config.json does not say so: transformers since 4.45 defaults
 * clean_up_tokenization_spaces to false, except in these classes' __init__ (WordPiece, BERT's
 * family). lib/runtime/tokenizer-fidelity.ts applies it (transformers.js defaults to true).
 */
export const TOKENIZER_CLASSES_CLEANING_UP = [
  "BertTokenizer",
  "DistilBertTokenizer",
  "ElectraTokenizer",
  "MobileBertTokenizer",
  "SqueezeBertTokenizer",
  "ConvBertTokenizer",
  "LayoutLMTokenizer",
  "FunnelTokenizer",
  "LxmertTokenizer",
] as const;

// ---------------------------------------------------------------- NLI inference servers (lib/nli/server)

/** The protocols capqa speaks to NLI inference servers. */
export const NLI_SERVER_PROTOCOLS = ["tei", "kserve"] as const;
/** Requests in flight per server URL (each a batch); several URLs multiply it. */
export const DEFAULT_NLI_SERVER_CONCURRENCY = 4;
/** Pairs per TEI request when the server's /info does not say (TEI's own default max_client_batch_size). */
export const DEFAULT_TEI_BATCH_PAIRS = 32;
/** How long one request may take before it is abandoned and retried. */
export const DEFAULT_NLI_SERVER_TIMEOUT_MS = 60_000;
/** Retries of one request after a 429, a 5xx, a timeout or a dropped connection (then its pairs are not scored). */
export const DEFAULT_NLI_SERVER_RETRIES = 6;
/**
 * Exponential backoff with full jitter: the n-th retry waits up to min(max, base · 2^n); a Retry-After header is honoured up to the max.
 */
export const DEFAULT_NLI_SERVER_BACKOFF_MS = 250;
export const DEFAULT_NLI_SERVER_MAX_BACKOFF_MS = 20_000;
/** The KServe v2 model name capqa asks for when none is given (a Triton model repository folder's name). */
export const DEFAULT_KSERVE_MODEL_NAME = "nli-deberta-v3-large";
/** Bearer token for the NLI servers (sent as Authorization: Bearer …; never logged or written). */
export const NLI_SERVER_TOKEN_ENV = "CAPQA_NLI_SERVER_TOKEN";
/** Extra request headers for the NLI servers, a JSON object ({"X-Api-Key": "…"}); never logged or written. */
export const NLI_SERVER_HEADERS_ENV = "CAPQA_NLI_SERVER_HEADERS";
/** The largest answer body read from a server (a misbehaving endpoint cannot fill memory). */
export const MAX_NLI_SERVER_RESPONSE_BYTES = 64 * 1024 * 1024;
/** What a server's scores are: logits (capqa takes the softmax) or probabilities (a softmax already; TEI without raw_scores). */
export const NLI_SERVER_OUTPUTS = ["logits", "probabilities"] as const;
/**
 * Once every replica has failed every request for this long (no answer, 5xx, timeouts), the run stops; finished pairs stay in the cache.
 */
export const DEFAULT_NLI_SERVER_GIVE_UP_MS = 120_000;
/**
 * A row of scores within this of summing to 1, each in [0, 1] within it, is a probability row
 * (an fp16 softmax rounds each of its values by up to 2^-11 ≈ 5e-4). Every canary pair's row
 * being one means the server answers probabilities, not logits.
 */
export const NLI_SERVER_PROBABILITY_TOLERANCE = 2e-3;
/**
 * Replicas whose canary probabilities differ by more than this do not serve one model: twenty
 * times fp16's rounding of a probability (2^-11), so hardware and batching differences pass.
 */
export const NLI_SERVER_REPLICA_TOLERANCE = 0.01;
/** The most classes an id2label may name (NLI heads have 2 or 3): a larger index is not a classifier's. */
export const MAX_NLI_LABELS = 1024;

/** Environment variable naming the NLI cache folder (after --cache-dir). */
export const CACHE_DIR_ENV = "CAPQA_CACHE_DIR";

/** Environment variable naming the CAP-Statements folder (after --data). */
export const STATEMENTS_DIR_ENV = "CAPQA_STATEMENTS_DIR";

/**
 * The built-in reformulator starts worker threads from this many (question, answer) pairs on. A
 * worker loads the NLP libraries for about 0.7 s and slows this thread while it does (V8's own
 * compiler and collector threads share the cores). On 2 cores, the first N pairs of CAP-Correctness
 * with one thread against two: 5,000 pairs took 2.3–2.4 s against 2.8–2.9 s, 10,000 pairs 4.3 s
 * against 4.0–4.1 s, all 17,654 pairs 7.6–7.7 s against 5.9–6.8 s.
 */
export const REFORMULATE_PARALLEL_MIN = 12_000;

/** Pairs the built-in reformulator hands a thread at a time (about 90 ms of work). */
export const REFORMULATE_CHUNK_PAIRS = 256;

/*
 * LLM client of `capqa construct` (lib/construct/client.ts). The limits below exist because a
 * server (or a proxy, or whatever a base URL points at) can answer anything: a client that
 * waits, reads or retries without bound can be made to hang for hours, fill memory or spend the
 * whole budget on requests that cannot succeed.
 */
/** Requests in flight at once. */
export const DEFAULT_LLM_CONCURRENCY = 4;
/** Token bucket on requests per minute (0 = no limit). */
export const DEFAULT_LLM_REQUESTS_PER_MINUTE = 50;
/** Per HTTP attempt, headers and body together. */
export const DEFAULT_LLM_TIMEOUT_MS = 60_000;
/** Retries after transport faults (429, 5xx, timeouts, dropped connections). */
export const DEFAULT_LLM_MAX_RETRIES = 6;
/** Retries after replies the caller's validator rejects. */
export const DEFAULT_LLM_CONTENT_RETRIES = 2;
/** First backoff step and the longest backoff between retries. */
export const DEFAULT_LLM_BACKOFF_BASE_MS = 500;
export const DEFAULT_LLM_BACKOFF_MAX_MS = 30_000;
/**
 * Longest Retry-After the client waits for. A reply asking for a longer wait (an exhausted
 * quota, a server down for maintenance) stops the run with an error instead of sleeping for
 * minutes or hours; the checkpoint keeps what is done, so running again later resumes.
 */
export const DEFAULT_LLM_MAX_RETRY_AFTER_MS = 120_000;
/**
 * Largest reply body read (bytes), error bodies included. A 4096-token reply is tens of KB; a
 * body past this is not an API reply and is refused while it streams in, before it fills memory.
 */
export const DEFAULT_LLM_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/**
 * The same client error (the same 4xx status and error message) for this many requests in a row
 * stops the run: a request the API refuses as malformed (a wrong parameter, model or field) is
 * refused for every item, and going on would only send the rest of the items to be refused.
 */
export const DEFAULT_LLM_REPEATED_ERROR_LIMIT = 5;

/** `capqa score` reads, scores and writes this many rows at a time, so memory stays flat as files grow. */
export const DEFAULT_SCORE_BLOCK_ROWS = 4096;

/** How long a write to the NLI cache waits for another process's lock before it fails (SQLITE_BUSY). */
export const DEFAULT_CACHE_BUSY_TIMEOUT_MS = 10_000;
/**
 * How far from 1 the three probabilities of an NLI cache row may sum, written or read back
 * (lib/nli/cache.ts's checkCachedProbabilities): a softmax sums to 1 within 1e-15, the released
 * probabilities within 2e-7; a damaged row does not.
 */
export const NLI_CACHE_SUM_TOLERANCE = 1e-3;

/** `capqa score --out FILE` records what produced FILE in FILE + this suffix (capqa version, model, weights, input hash). */
export const MANIFEST_SIDECAR_SUFFIX = ".manifest.json";
/** Flags whose values a manifest's `command` does not record (API keys, tokens, passwords). */
export const MANIFEST_REDACTED_FLAG_PATTERN = /key|token|secret|password|auth/i;

/**
 * `capqa verify-model`'s verdict (lib/score/verify.ts): a model behaves as an NLI model when its
 * most probable class agrees with the released DeBERTa-v3-large's on at least this share of the
 * pairs in each direction, and its CAP has at least this Spearman correlation with the released
 * CAP, on at least VERIFY_MIN_ROWS rows. On all 8,826 rows capqa's demo model (random weights)
 * agrees on 35 % / 17 % with Spearman 0.01; guessing the commonest class agrees on 40 % / 59 %
 * and has no correlation.
 */
export const VERIFY_MIN_ARGMAX_AGREEMENT = 0.5;
export const VERIFY_MIN_CAP_SPEARMAN = 0.5;
/** Fewer rows than this leave verify-model's verdict undetermined (Spearman's spread at ρ = 0 is about ±0.36 at 30 rows). */
export const VERIFY_MIN_ROWS = 30;

// ---------------------------------------------------------------- optional packages (issue 13)

/**
 * The optional packages: what each enables and the version range capqa supports, the one place
 * these ranges live (package.json's peerDependencies and devDependencies repeat them, and
 * test/optional.test.ts checks that they agree). `npm install capqa` installs none of them;
 * a feature whose package is missing fails with one line naming the package and its install
 * command (lib/optional.ts).
 */
export const OPTIONAL_PACKAGES = {
  /** transformers.js (and, through it, onnxruntime-node): NLI, seq2seq statements, BERTScore, COMET. */
  "@huggingface/transformers": {
    range: "^4.3.2",
    enables: "the model runtime (NLI scoring, seq2seq statements, BERTScore, COMET)",
    env: "ONNXRUNTIME_NODE_INSTALL=skip",
  },
  /** SQLite (native module) under the persistent NLI cache. */
  "better-sqlite3": { range: "^12.11.1", enables: "the NLI cache" },
  /** danfojs DataFrames for the notebooks; its install needs DANFOJS_OVERRIDES in the installing project. */
  "danfojs-node": { range: "1.2.0", enables: "DataFrame views (benchmarkFrame, tableFrame)", setup: "dataframes" },
  /** Drives headless Chromium for SVG/PDF/PNG figure export. */
  "playwright-core": { range: "^1.65.1", enables: "figure export (SVG, PDF, PNG)" },
} as const satisfies Record<string, { range: string; enables: string; env?: string; setup?: string }>;

export type OptionalPackage = keyof typeof OPTIONAL_PACKAGES;

/**
 * What danfojs-node's install needs in the project that installs it (npm applies `overrides`
 * only from the root package.json): xlsx from the npm registry instead of SheetJS's CDN, and the
 * pure-JS tfjs instead of tfjs-node's native build.
 */
export const DANFOJS_OVERRIDES = {
  xlsx: "0.18.5",
  "@tensorflow/tfjs-node": "npm:@tensorflow/tfjs@3.21.0",
} as const;

/** The notebooks' kernel (TypeScript for Jupyter), installed by `capqa setup notebooks`. */
export const TSLAB_RANGE = "1.0.22";
/** The kernelspec name the notebooks ask for (their metadata's kernelspec.name). */
export const TSLAB_KERNEL_NAME = "tslab";
/**
 * Pythons tried in order for the one that has Jupyter, when the `python` option names none (Debian's last: its python3 has Jupyter where a
 * version manager's may not).
 */
export const JUPYTER_PYTHON_CANDIDATES: readonly string[] = ["python3", "python", "/usr/bin/python3"];

/**
 * The command-line flag of each library option that library messages name. Library errors speak
 * of options as "the `name` option" (what a notebook user passes); the CLI rewrites that phrase
 * into the flag (cliMessage in cli/args.ts), so each audience reads its own spelling.
 */
export const OPTION_FLAGS: Readonly<Record<string, string>> = Object.freeze({
  restart: "--restart",
  checkpoint: "--checkpoint",
  model: "--model",
  dataDir: "--data-dir",
  statementsDir: "--statements-dir",
  allowChanged: "--allow-changed",
  bertscoreModel: "--bertscore-model",
  cometModel: "--comet-model",
  live: "--live",
  goldSeparator: "--gold-separator",
  "columns.question": "--question-column",
  "columns.gold_answer": "--gold-column",
  "columns.answer": "--answer-column",
  "columns.statement": "--statement-column",
  onnxFile: "--onnx-file",
  metrics: "--metrics",
  key: "--key",
  labelColumn: "--label-column",
  metric: "--metric",
  cacheDir: "--cache-dir",
  batchSize: "--batch",
  batchTokens: "--batch-tokens",
  maxLength: "--max-length",
  server: "--nli-server",
  urls: "--nli-server",
  protocol: "--nli-protocol",
  modelName: "--nli-server-model",
  concurrency: "--nli-concurrency",
  timeoutMs: "--nli-timeout",
  retries: "--nli-retries",
  output: "--nli-server-output",
  modelVersion: "--nli-server-version",
  giveUpMs: "--nli-give-up",
  python: "--python",
  order: "--order",
  splitColumn: "--split-column",
  fitSplit: "--fit-split",
  evalSplit: "--eval-split",
  folds: "--folds",
});

// ---------------------------------------------------------------- statement model, figures, LLM clients, BLEU

/** The seq2seq statement generator (lib/statements/seq2seq.ts): beams, input and output token limits, batch. */
export const DEFAULT_STATEMENT_BEAMS = 4;
export const DEFAULT_STATEMENT_MAX_INPUT_TOKENS = 128;
export const DEFAULT_STATEMENT_MAX_NEW_TOKENS = 512;
export const DEFAULT_STATEMENT_BATCH_SIZE = 16;
/** Beam search's length penalty (transformers' default, 1: no preference for length). */
export const DEFAULT_STATEMENT_LENGTH_PENALTY = 1.0;
/** Directed NLI pairs looked up in and written to the cache per step of a scoring run. */
export const DEFAULT_NLI_CHUNK_PAIRS = 1024;

/** COMET, the baseline the paper compares with (lib/baselines/comet.ts), and the command that exports it. */
export const PAPER_COMET_MODEL = "Unbabel/wmt22-comet-da";
export const COMET_EXPORT_COMMAND = "python scripts/export/export_comet.py --model Unbabel/wmt22-comet-da --out models/wmt22-comet-da";
/** Resolution of exported PNGs (dots per inch of the printed figure). */
export const DEFAULT_PNG_DPI = 300;
/**
 * Figures in notebooks are shown at screen size (lib/figures/screen.ts): a print-size figure is
 * scaled, fonts and all, to this width in CSS px (a classic Notebook output is about 980 px wide
 * in a 1280 px window), by at most SCREEN_FIGURE_MAX_SCALE (a single-column figure: 317 → 634 px).
 */
export const SCREEN_FIGURE_WIDTH_PX = 960;
export const SCREEN_FIGURE_MAX_SCALE = 2;
/** Top margin a screen figure keeps free for plotly's mode bar (its buttons are 22 px plus padding). */
export const SCREEN_MODEBAR_PX = 32;
/** Pixels per CSS px of a screen figure's static PNG (it is already at screen size). */
export const SCREEN_FIGURE_PNG_SCALE = 1;
/**
 * `capqa explore --serve` (lib/explore/serve.ts): connections open at once (more are refused), how
 * long a client may take to send its request's headers, how long a connection may stay silent
 * (no byte read or written: an idle keep-alive, a reader that stopped reading), and how often
 * the header deadline is checked.
 */
export const EXPLORE_SERVE_MAX_CONNECTIONS = 32;
export const EXPLORE_SERVE_HEADERS_TIMEOUT_MS = 10_000;
export const EXPLORE_SERVE_IDLE_TIMEOUT_MS = 30_000;
export const EXPLORE_SERVE_CHECK_INTERVAL_MS = 1_000;

/**
 * The explorer in a notebook (lib/explore/notebook.ts): its frame's height, and the window width of its static picture (a notebook output's
 * width).
 */
export const EXPLORER_FRAME_HEIGHT_PX = 1150;
export const EXPLORER_PICTURE_WIDTH_PX = 980;

/** The LLM providers' API roots (lib/construct/providers.ts); ANTHROPIC_BASE_URL / OPENAI_BASE_URL override them. */
export const DEFAULT_BASE_URLS: Readonly<Record<"anthropic" | "openai", string>> = {
  anthropic: "https://api.anthropic.com",
  openai: "https://api.openai.com/v1",
};

/** BLEU's n-gram weights (NLTK's default: four times 0.25) and smoothing method 1's epsilon (NLTK's 0.1). */
export const DEFAULT_BLEU_WEIGHTS: readonly number[] = [0.25, 0.25, 0.25, 0.25];
export const DEFAULT_BLEU_EPSILON = 0.1;
