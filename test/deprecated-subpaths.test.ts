/**
 * Subpaths renamed by issue 24 ("one name per thing") keep working for one minor version: the old
 * subpath gives the very same functions as the new one (object identity, not copies), and
 * TypeScript flags every name imported from it as deprecated, as a user's editor shows it. The
 * oracle for the second is TypeScript's own language service on a file importing every name
 * (values and types) of the new subpath from the old one, resolved through package.json's exports.
 * Names replaced by another door (issue 24: "one home for each default") are checked the same
 * way: flagged deprecated wherever they are imported from, their replacement not, and the note
 * says what to use and the version that removes them.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import ts from "typescript";

/** old subpath → the one that replaces it, and the version that removes the old one. */
const RENAMED = [{ old: "capqa/scorers", now: "capqa/learned-scorer", removedIn: "0.2.0" }] as const;

/** TypeScript's "'x' is deprecated." suggestion. */
const DEPRECATED_CODE = 6385;

const version = JSON.parse(readFileSync(resolve("package.json"), "utf8")).version as string;

/** A language service over one in-memory file in the repository root, so "capqa/…" resolves as for a user. */
function serviceFor(source: string): { service: ts.LanguageService; file: string } {
  const file = resolve("deprecated-subpaths-probe.ts");
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    types: [],
    noEmit: true,
  };
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [file],
    getScriptVersion: () => "1",
    getScriptSnapshot: (f) => {
      if (f === file) return ts.ScriptSnapshot.fromString(source);
      const text = ts.sys.readFile(f);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => process.cwd(),
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => f === file || ts.sys.fileExists(f),
    readFile: (f) => (f === file ? source : ts.sys.readFile(f)),
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  return { service: ts.createLanguageService(host), file };
}

/** Every name (values and types) a subpath exports, as TypeScript sees it. */
function exportedNames(subpath: string): string[] {
  const { service, file } = serviceFor(`import * as m from "${subpath}";\nexport type { m };\n`);
  const program = service.getProgram();
  assert.ok(program, "a TypeScript program");
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  assert.ok(source);
  const decl = source.statements[0];
  assert.ok(ts.isImportDeclaration(decl));
  const moduleSymbol = checker.getSymbolAtLocation(decl.moduleSpecifier);
  assert.ok(moduleSymbol, `TypeScript resolves ${subpath}`);
  return checker
    .getExportsOfModule(moduleSymbol)
    .map((s) => s.getName())
    .sort();
}

/** The names TypeScript flags as deprecated when a file imports `names` from `subpath`, and its errors. */
function deprecatedOnImport(subpath: string, names: readonly string[]): { deprecated: string[]; errors: string[] } {
  const source = `import type { ${names.join(", ")} } from "${subpath}";\nexport type { ${names.join(", ")} };\n`;
  const { service, file } = serviceFor(source);
  const errors = [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)].map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, " "),
  );
  const importEnd = source.indexOf("\n");
  const deprecated = service
    .getSuggestionDiagnostics(file)
    .filter((d) => d.code === DEPRECATED_CODE && d.start !== undefined && d.start < importEnd)
    .map((d) => source.slice(d.start, (d.start ?? 0) + (d.length ?? 0)))
    .sort();
  return { deprecated, errors };
}

for (const { old, now, removedIn } of RENAMED) {
  test(`${old} gives the very same functions and values as ${now}`, async () => {
    const before = (await import(old)) as Record<string, unknown>;
    const after = (await import(now)) as Record<string, unknown>;
    assert.deepEqual(Object.keys(before).sort(), Object.keys(after).sort(), `${old} offers what ${now} does`);
    assert.ok(Object.keys(after).length > 0);
    for (const k of Object.keys(after)) assert.equal(before[k], after[k], `${old}'s ${k} is ${now}'s ${k}`);
  });

  test(`every name of ${now} imported from ${old} is flagged deprecated; none from ${now}`, () => {
    const names = exportedNames(now);
    assert.ok(names.length > 0, `${now} exports names`);
    assert.deepEqual(exportedNames(old), names, `${old} has the names (types too) of ${now}`);
    const fromOld = deprecatedOnImport(old, names);
    assert.deepEqual(fromOld.errors, []);
    assert.deepEqual(fromOld.deprecated, names);
    const fromNew = deprecatedOnImport(now, names);
    assert.deepEqual(fromNew.errors, []);
    assert.deepEqual(fromNew.deprecated, []);
  });

  test(`${old}'s index says @deprecated, where to import from, and the version that removes it`, () => {
    const folder = old.slice("capqa/".length);
    const text = readFileSync(resolve("lib", folder, "index.ts"), "utf8");
    const head = text.slice(0, text.indexOf("*/"));
    assert.match(head, /@deprecated since (\d+\.\d+\.\d+)/);
    assert.ok(head.includes(`"${now}"`), `the doc comment names ${now}`);
    assert.ok(head.includes(removedIn), `the doc comment names ${removedIn}`);
    // One minor version: the old subpath is removed in the minor after the package's version.
    const [major, minor] = version.split(".").map(Number);
    assert.equal(removedIn, `${major}.${minor + 1}.0`, `removed in the next minor version after ${version}`);
  });
}

/** name → the subpaths that export it, what replaces it (exported from "capqa"), and the version that removes it. */
const DEPRECATED_NAMES = [{ name: "calibrateCap", from: ["capqa", "capqa/figures"], use: "runCalibration", removedIn: "0.2.0" }] as const;

/** The text of the @deprecated tag TypeScript shows for `name` imported from `subpath`. */
function deprecationNote(subpath: string, name: string): string | undefined {
  const source = `import { ${name} } from "${subpath}";\nexport { ${name} };\n`;
  const { service, file } = serviceFor(source);
  const info = service.getQuickInfoAtPosition(file, source.indexOf(name));
  const tag = info?.tags?.find((t) => t.name === "deprecated");
  return tag && ts.displayPartsToString(tag.text);
}

for (const { name, from, use, removedIn } of DEPRECATED_NAMES) {
  test(`${name} is flagged deprecated from ${from.join(" and ")}, says to use ${use} and when it goes; ${use} is not flagged`, () => {
    for (const subpath of from) {
      const flagged = deprecatedOnImport(subpath, [name]);
      assert.deepEqual(flagged.errors, [], subpath);
      assert.deepEqual(flagged.deprecated, [name], subpath);
      const note = deprecationNote(subpath, name) ?? "";
      assert.match(note, /^since \d+\.\d+\.\d+/, `${subpath}: ${note}`);
      assert.ok(note.includes(use) && note.includes(`removed in ${removedIn}`), `${subpath}: ${note}`);
    }
    const replacement = deprecatedOnImport("capqa", [use]);
    assert.deepEqual(replacement, { deprecated: [], errors: [] });
    const [major, minor] = version.split(".").map(Number);
    assert.equal(removedIn, `${major}.${minor + 1}.0`, `removed in the next minor version after ${version}`);
  });
}
