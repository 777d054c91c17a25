/**
 * capqa's optional packages, loaded when a feature first needs them. `npm install capqa`
 * installs the core only (statistics, evaluation, data, statements, CLI); the model runtime,
 * the NLI cache, DataFrame views and figure export each need one more package
 * (OPTIONAL_PACKAGES in ./constants). A feature whose package is missing, or whose native module
 * did not load, fails with one line that names the package and the command that installs it:
 *
 *   the NLI cache needs the optional package better-sqlite3: npm install better-sqlite3@^12.11.1
 */
import { createRequire } from "node:module";
import { OPTIONAL_PACKAGES, type OptionalPackage } from "./constants.js";

/** A feature's optional package is missing or did not load; the message is one line. */
export class OptionalDependencyError extends Error {
  override name = "OptionalDependencyError";
  constructor(
    /** The package to install. */
    readonly packageName: string,
    /** What needed it. */
    readonly feature: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

function info(pkg: string): { range?: string; env?: string; setup?: string } | undefined {
  return Object.hasOwn(OPTIONAL_PACKAGES, pkg)
    ? (OPTIONAL_PACKAGES[pkg as OptionalPackage] as { range: string; env?: string; setup?: string })
    : undefined;
}

/**
 * The command that installs an optional package in the user's project, with capqa's range
 * (`npm install better-sqlite3@^12.11.1`); for danfojs-node, whose install needs overrides in
 * the installing project, `npx capqa setup dataframes`, which adds them.
 */
export function optionalInstallCommand(pkg: string): string {
  const i = info(pkg);
  const plain = `${i?.env ? `${i.env} ` : ""}npm install ${pkg}${i?.range ? `@${i.range}` : ""}`;
  return i?.setup ? `npx capqa setup ${i.setup} (${plain} plus the overrides its install needs)` : plain;
}

/** One line of an error's message: whitespace collapsed, a bindings search list cut, at most 200 characters. */
function oneLine(message: string): string {
  const s = message
    .replace(/\s+Tried:[\s\S]*$/, "")
    .replace(/\s+/g, " ")
    .trim();
  return s.length > 200 ? `${s.slice(0, 199)}…` : s;
}

function isNativeLoadError(e: { code?: unknown; message?: unknown }): boolean {
  const msg = typeof e.message === "string" ? e.message : "";
  return (
    e.code === "ERR_DLOPEN_FAILED" ||
    /Could not locate the bindings file|NODE_MODULE_VERSION|\.node: (?:invalid ELF|cannot open shared object)/.test(msg)
  );
}

/**
 * The one-line error for `pkg`, which `feature` needs, given what loading it threw; undefined
 * when the failure is not a missing package or native module (a bug to report as it is).
 */
export function optionalDependencyError(pkg: string, feature: string, cause: unknown): OptionalDependencyError | undefined {
  if (cause instanceof OptionalDependencyError) return cause;
  const e = (typeof cause === "object" && cause !== null ? cause : {}) as { code?: unknown; message?: unknown };
  const msg = typeof e.message === "string" ? e.message : String(cause);
  const install = optionalInstallCommand(pkg);
  if (e.code === "ERR_MODULE_NOT_FOUND" || e.code === "MODULE_NOT_FOUND") {
    // The package itself is absent ("Cannot find package 'x'" / "Cannot find module 'x'"), or one of its own files or dependencies is.
    const escaped = pkg.replace(/[.*+?^$()|[\]{}\\/]/g, "\\$&");
    const self = new RegExp(`Cannot find (?:package|module) '${escaped}(?:/[^']*)?'`).test(msg.split("\n")[0]);
    const text = self
      ? `${feature} needs the optional package ${pkg}: ${install}`
      : `${feature} needs the optional package ${pkg}, which did not load (${oneLine(msg)}): ${install}`;
    return new OptionalDependencyError(pkg, feature, text, { cause });
  }
  if (isNativeLoadError(e)) {
    return new OptionalDependencyError(
      pkg,
      feature,
      `${feature} needs the optional package ${pkg}, whose native module did not load (${oneLine(msg)}): npm rebuild ${pkg}, or ${install}`,
      { cause },
    );
  }
  return undefined;
}

/**
 * Imports an optional package (ES module or CommonJS), resolved from capqa's own location, as a
 * dependency of capqa would be. A missing package or native module throws one
 * OptionalDependencyError: `<feature> needs the optional package <pkg>: npm install <pkg>@<range>`.
 *
 *   const { chromium } = await loadOptional<typeof import("playwright-core")>("playwright-core", "figure export");
 */
export async function loadOptional<M = unknown>(pkg: OptionalPackage | (string & {}), feature: string): Promise<M> {
  try {
    return (await import(pkg)) as M;
  } catch (e) {
    throw optionalDependencyError(pkg, feature, e) ?? e;
  }
}

const requireHere = createRequire(import.meta.url);

/**
 * The synchronous variant for CommonJS packages (native modules such as better-sqlite3):
 * require()s the package and runs `check` on it (e.g. opening an in-memory database, which
 * loads the native module), so that a missing or unbuilt native module fails here, with the
 * same one-line error, instead of later with the package's own.
 */
export function loadOptionalSync<M = unknown>(pkg: OptionalPackage | (string & {}), feature: string, check?: (mod: M) => void): M {
  try {
    const mod = requireHere(pkg) as M;
    check?.(mod);
    return mod;
  } catch (e) {
    throw optionalDependencyError(pkg, feature, e) ?? e;
  }
}
