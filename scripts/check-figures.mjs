#!/usr/bin/env node
// Checks a folder written by `capqa figures`: every file listed in index.json exists, is not
// empty, has the size and SHA-256 the index gives, and is a valid file of its format: an SVG
// document, a one-page PDF with embedded fonts, a PNG whose pixel size is the figure's size at
// the index's resolution (3.3 in or 6.9 in wide). Plain Node, no build needed.
//
//   node scripts/check-figures.mjs figures/ [--formats svg,pdf,png] [--min-figures N]
//
// Exit status 0 when every check passes, 1 otherwise; the last line reads "figures: N passed, N failed".
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { formats: { type: "string" }, "min-figures": { type: "string" } },
});
const dir = positionals[0] ?? "figures";
const wantFormats = (values.formats ?? "svg,pdf,png")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const minFigures = Number(values["min-figures"] ?? 1);

const COLUMN_IN = { single: 3.3, double: 6.9 };
const PX_PER_IN = 96;
let passed = 0;
let failed = 0;
const fail = (what, why) => {
  failed++;
  console.log(`FAIL ${what}: ${why}`);
};

const indexPath = join(dir, "index.json");
if (!existsSync(indexPath)) {
  console.log(`FAIL ${indexPath}: missing (run capqa figures --out ${dir})`);
  console.log("figures: 0 passed, 1 failed");
  process.exit(1);
}
let index;
try {
  index = JSON.parse(readFileSync(indexPath, "utf8"));
} catch (e) {
  console.log(`FAIL ${indexPath}: not JSON (${e.message})`);
  console.log("figures: 0 passed, 1 failed");
  process.exit(1);
}
const dpi = index?.renderer?.dpi ?? 300;
const files = Array.isArray(index.files) ? index.files : [];

function checkSvg(buf) {
  const text = buf.toString("utf8");
  if (!text.startsWith("<svg")) return "does not start with <svg";
  if (!text.trimEnd().endsWith("</svg>")) return "does not end with </svg>";
  if (!/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(text.slice(0, 400))) return "no SVG namespace on the root element";
  const m = /^<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(text);
  if (!m) return "no width/height on the root element";
  return { width: Number(m[1]), height: Number(m[2]) };
}

function checkPdf(buf) {
  const text = buf.toString("latin1");
  if (!text.startsWith("%PDF-")) return "no %PDF- header";
  if (!text.trimEnd().endsWith("%%EOF")) return "no %%EOF trailer";
  const pages = (text.match(/\/Type\s*\/Page\b/g) ?? []).length;
  if (pages !== 1) return `${pages} pages, expected 1`;
  const fonts = (text.match(/\/FontFile[23]?\b/g) ?? []).length;
  const usesText = /\/Font\b/.test(text);
  if (usesText && fonts === 0) return "fonts are used but not embedded";
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
  if (!box) return "no MediaBox";
  if (/\/CreationDate\s*\(D:(?!20000101000000)/.test(text)) return "CreationDate is not the fixed date (not reproducible)";
  return { width: Number(box[1]) / 72, height: Number(box[2]) / 72 };
}

function checkPng(buf) {
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (buf.length < 33 || !buf.subarray(0, 8).equals(sig)) return "no PNG signature";
  if (buf.toString("latin1", 12, 16) !== "IHDR") return "first chunk is not IHDR";
  if (buf.toString("latin1", buf.length - 8, buf.length - 4) !== "IEND") return "no IEND chunk at the end";
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

for (const f of files) {
  const path = join(dir, f.file ?? "");
  const what = f.file ?? JSON.stringify(f);
  if (!f.file || !existsSync(path)) {
    fail(what, "listed in index.json but missing");
    continue;
  }
  const buf = readFileSync(path);
  if (buf.length === 0) {
    fail(what, "empty");
    continue;
  }
  if (statSync(path).size !== f.bytes) {
    fail(what, `${buf.length} bytes, index.json says ${f.bytes}`);
    continue;
  }
  const sha = createHash("sha256").update(buf).digest("hex");
  if (sha !== f.sha256) {
    fail(what, `SHA-256 ${sha.slice(0, 12)}… differs from index.json's ${String(f.sha256).slice(0, 12)}…`);
    continue;
  }
  const columnIn = COLUMN_IN[f.width];
  if (columnIn === undefined) {
    fail(what, `unknown column width "${f.width}"`);
    continue;
  }
  const cssW = Math.round(columnIn * PX_PER_IN);
  const cssH = Math.round(f.heightIn * PX_PER_IN);
  let result;
  if (f.format === "svg") result = checkSvg(buf);
  else if (f.format === "pdf") result = checkPdf(buf);
  else if (f.format === "png") result = checkPng(buf);
  else result = `unknown format "${f.format}"`;
  if (typeof result === "string") {
    fail(what, result);
    continue;
  }
  if (f.format === "svg" && (result.width !== cssW || result.height !== cssH)) {
    fail(what, `SVG is ${result.width} × ${result.height} px, expected ${cssW} × ${cssH} (${columnIn} in wide)`);
    continue;
  }
  if (f.format === "pdf" && (Math.abs(result.width - columnIn) > 0.02 || Math.abs(result.height - f.heightIn) > 0.02)) {
    fail(what, `PDF page is ${result.width.toFixed(3)} × ${result.height.toFixed(3)} in, expected ${columnIn} × ${f.heightIn} in`);
    continue;
  }
  if (f.format === "png") {
    const scale = dpi / PX_PER_IN;
    const expected = { width: Math.floor(cssW * scale), height: Math.floor(cssH * scale) };
    if (
      result.width !== expected.width ||
      result.height !== expected.height ||
      result.width !== f.widthPx ||
      result.height !== f.heightPx
    ) {
      fail(
        what,
        `PNG is ${result.width} × ${result.height} px, expected ${expected.width} × ${expected.height} (${columnIn} in at ${dpi} dpi)`,
      );
      continue;
    }
  }
  passed++;
}

const figures = new Map();
for (const f of files) {
  const key = `${f.figure}-${f.width}`;
  if (!figures.has(key)) figures.set(key, new Set());
  figures.get(key).add(f.format);
}
for (const [key, formats] of figures) {
  const missing = wantFormats.filter((x) => !formats.has(x));
  if (missing.length) fail(key, `no ${missing.join(", ")} file`);
}
if (figures.size < minFigures) fail(dir, `${figures.size} figures, expected at least ${minFigures}`);
console.log(`figures: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
