import { describe, expect, it } from 'vitest';
import { csvRows, jsonArrayRows, ndjsonRows, type RawRow } from './readers.ts';

/** The text in chunks of `size` characters, as a file read in pieces arrives. */
async function* chunked(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function all(rows: AsyncIterable<RawRow>): Promise<RawRow[]> {
  const out: RawRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

const file = `[
{"key":"a","value":"x, ] } \\" [ {"},
  {"key":"b",
   "value":"{\\"nested\\":[1,2]}","headers":[{"key":"h","value":"v"}]}
,{"key":null,"value":"c"}
]
`;

describe('jsonArrayRows', () => {
  it('splits the array into records whatever the chunk size, brackets and quotes inside strings included', async () => {
    for (const size of [1, 2, 3, 7, 64, 10_000]) {
      expect(await all(jsonArrayRows(chunked(file, size)))).toEqual([
        { line: 2, fields: { key: 'a', value: 'x, ] } " [ {' } },
        { line: 3, fields: { key: 'b', value: '{"nested":[1,2]}', headers: [{ key: 'h', value: 'v' }] } },
        { line: 5, fields: { key: null, value: 'c' } },
      ]);
    }
  });

  it('names the line of a record that is not JSON and goes on with the next', async () => {
    const rows = await all(jsonArrayRows(chunked('[{"key":"a"},\n{"key": nope},\n{"key":"c"}]', 5)));
    expect(rows.map((r) => ('error' in r ? `${r.line} error` : `${r.line} ok`))).toEqual([
      '1 ok',
      '2 error',
      '3 ok',
    ]);
  });

  it('refuses a file that is not an array, and one that ends inside it', async () => {
    expect(await all(jsonArrayRows(chunked('{"key":"a"}', 4)))).toEqual([
      { line: 1, error: expect.stringContaining('application/x-ndjson') },
    ]);
    const cut = await all(jsonArrayRows(chunked('[{"key":"a"},\n{"key":', 4)));
    expect(cut.at(-1)).toEqual({ line: 2, error: expect.stringContaining('ends inside the array') });
  });

  it('reads an empty array as no record', async () => {
    expect(await all(jsonArrayRows(chunked(' [ ] \n', 2)))).toEqual([]);
  });
});

describe('ndjsonRows', () => {
  it('numbers the lines from 1, passes over blank ones and takes CRLF', async () => {
    const rows = await all(ndjsonRows(chunked('{"value":"a"}\r\n\r\n{"value":"b"}\n[1]\n{"value":"c"}', 3)));
    expect(rows).toEqual([
      { line: 1, fields: { value: 'a' } },
      { line: 3, fields: { value: 'b' } },
      { line: 4, error: expect.stringContaining('JSON object') },
      { line: 5, fields: { value: 'c' } },
    ]);
  });
});

describe('csvRows', () => {
  it("reads the download's columns in any order, quoted commas and line breaks included", async () => {
    const text = 'value,key,partition\n"a, b",k1,0\n"two\nlines",,1\n';
    expect(await all(csvRows(chunked(text, 4)))).toEqual([
      { line: 2, fields: { value: 'a, b', key: 'k1', partition: '0' } },
      { line: 4, fields: { value: 'two\nlines', partition: '1' } },
    ]);
  });

  it('refuses an unknown column by name', async () => {
    const rows = await all(csvRows(chunked('key,valeu\nk,v\n', 100)));
    expect(rows).toEqual([{ line: 1, error: expect.stringContaining('unknown column valeu') }]);
  });
});
