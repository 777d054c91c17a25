import { test } from "node:test";
import assert from "node:assert/strict";
import { parseCsv, toCsv, requireColumns } from "../lib/io/csv.js";
import { Xoshiro128 } from "../lib/stats/random.js";

test("quoted fields hold commas, doubled quotes and line breaks; records end with CRLF or LF", () => {
  const text = 'a,b,c\r\n"x, y","say ""hi""","line1\nline2"\r\nplain,,last\n"",2,3';
  const t = parseCsv(text, "t.csv");
  assert.deepEqual(t.header, ["a", "b", "c"]);
  assert.deepEqual(
    t.records.map((r) => r.fields),
    [
      ["x, y", 'say "hi"', "line1\nline2"],
      ["plain", "", "last"],
      ["", "2", "3"],
    ],
  );
  // Line numbers count the line break inside the quoted field.
  assert.deepEqual(
    t.records.map((r) => r.line),
    [2, 4, 5],
  );
});

test("a byte-order mark and a trailing line break are not data", () => {
  const t = parseCsv("\ufeffa,b\n1,2\n", "t.csv");
  assert.deepEqual(t.header, ["a", "b"]);
  assert.equal(t.records.length, 1);
});

test("malformed CSV is reported with file and line", () => {
  assert.throws(() => parseCsv('a,b\n1,"open\n2,3\n', "bad.csv"), /bad\.csv, line 2: quoted field is never closed/);
  assert.throws(() => parseCsv("a,b\n1,2\n3\n", "bad.csv"), /bad\.csv, line 3: record has 1 fields, the header has 2/);
  assert.throws(() => parseCsv('a,b\n1,x"y\n', "bad.csv"), /line 2: a quote inside an unquoted field/);
  assert.throws(() => parseCsv("a,a\n1,2\n", "bad.csv"), /column name appears twice/);
  const t = parseCsv("a,b\n1,2\n", "t.csv");
  assert.throws(() => requireColumns(t, "t.csv", ["a", "label", "x"]), /t\.csv, line 1: missing column\(s\) label, x/);
});

test("writing then parsing random tables gives them back", () => {
  const rng = new Xoshiro128(3);
  const alphabet = ["a", "b", ",", '"', "\n", "\r\n", " ", "é", "1"];
  for (let trial = 0; trial < 50; trial++) {
    const cols = ["c1", "c2", "c3"];
    const rows = Array.from({ length: 1 + rng.nextInt(6) }, () =>
      Object.fromEntries(
        cols.map((c) => [c, Array.from({ length: rng.nextInt(6) }, () => alphabet[rng.nextInt(alphabet.length)]).join("")]),
      ),
    );
    const back = parseCsv(toCsv(cols, rows), "round.csv");
    assert.deepEqual(
      back.records.map((r) => Object.fromEntries(cols.map((c, k) => [c, r.fields[k]]))),
      rows,
    );
  }
});
