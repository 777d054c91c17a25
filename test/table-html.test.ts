/** tableHtml: every row of a table, or the first rows and how many were cut; numbers one way. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatNumber, tableHtml } from "../lib/io/format.js";

const rows = Array.from({ length: 20 }, (_, i) => ({ metric: `m${i}`, accuracy: i / 7, n: 100 + i }));
const bodyRows = (html: string) => (html.match(/<tr>/g) ?? []).length - 1; // less the header row

test("formatNumber: integers as they are, other numbers with 4 decimals, no value as —", () => {
  assert.equal(formatNumber(7826), "7826");
  assert.equal(formatNumber(0), "0");
  assert.equal(formatNumber(1 / 3), "0.3333");
  assert.equal(formatNumber(0.5), "0.5000");
  assert.equal(formatNumber(2 / 3, 2), "0.67");
  assert.equal(formatNumber(NaN), "—");
  assert.equal(formatNumber(Infinity), "—");
});

test("tableHtml shows every row by default and says nothing is cut", () => {
  const html = tableHtml(rows);
  assert.equal(bodyRows(html), 20);
  assert.doesNotMatch(html, /first \d+ of/);
  assert.match(html, /<th>metric<\/th><th>accuracy<\/th><th>n<\/th>/);
  assert.match(
    html,
    /<td style="text-align:left">m19<\/td><td style="text-align:right">2\.7143<\/td><td style="text-align:right">119<\/td>/,
  );
});

test("tableHtml with maxRows shows the first rows and says how many of how many", () => {
  const html = tableHtml(rows, { maxRows: 10 });
  assert.equal(bodyRows(html), 10);
  assert.match(html, /first 10 of 20 rows \(10 not shown\)/);
  assert.doesNotMatch(html, />m10</);
  assert.equal(bodyRows(tableHtml(rows, { maxRows: 20 })), 20);
  assert.doesNotMatch(tableHtml(rows, { maxRows: 25 }), /not shown/);
  assert.match(tableHtml(rows, { maxRows: 0 }), /first 0 of 20 rows/);
  assert.throws(() => tableHtml(rows, { maxRows: 1.5 }), /maxRows must be an integer ≥ 0/);
});

test("tableHtml: chosen columns and headers, captions, escaping, empty cells, objects as JSON", () => {
  const html = tableHtml([{ a: '<b>&"', b: null, c: [1, 2], d: true }, { a: "x" }], {
    columns: ["a", { key: "b", header: "B <h>" }, "c", "d"],
    caption: "two rows",
  });
  assert.match(html, /<caption[^>]*>two rows<\/caption>/);
  assert.match(html, /<th>B &lt;h&gt;<\/th>/);
  assert.match(html, /&lt;b&gt;&amp;&quot;/);
  assert.match(html, /<td style="text-align:center">—<\/td>/);
  assert.match(html, /\[1,2\]/);
  assert.match(html, />true</);
  assert.equal(bodyRows(html), 2);
  assert.match(tableHtml(rows, { maxRows: 5, caption: "hard pairs" }), /hard pairs; first 5 of 20 rows/);
});
