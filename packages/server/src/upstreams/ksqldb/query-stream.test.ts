import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readDelimited } from './query-stream.ts';

const header = '{"queryId":"q1","columnNames":["ID","N"],"columnTypes":["STRING","INTEGER"]}';
const never = new AbortController().signal;

describe('ksqlDB delimited query stream', () => {
  it('reads the header and one row per line, across chunk boundaries', async () => {
    const body = Readable.from([`${header}\n["a",`, '1]\n["b",2]', '\n']);
    expect(await readDelimited(body, 10, never)).toEqual({
      header: JSON.parse(header),
      rows: [
        ['a', 1],
        ['b', 2],
      ],
      ended: true,
    });
  });

  it('stops at the row cap without reading on', async () => {
    const read = await readDelimited(Readable.from([`${header}\n["a",1]\n["b",2]\n["c",3]\n`]), 2, never);
    expect(read.rows).toHaveLength(2);
    expect(read.ended).toBe(false);
  });

  it('returns an error line in place of rows', async () => {
    const error = '{"@type":"generic_error","error_code":50000,"message":"boom"}';
    const read = await readDelimited(Readable.from([`${header}\n["a",1]\n${error}\n`]), 10, never);
    expect(read.error).toEqual(JSON.parse(error));
  });

  it('keeps what it read when the budget aborts a push query', async () => {
    const stop = new AbortController();
    async function* endless() {
      yield `${header}\n["a",1]\n`;
      stop.abort();
      throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    }
    const read = await readDelimited(endless(), 10, stop.signal);
    expect(read).toMatchObject({ rows: [['a', 1]], ended: false });
  });
});
