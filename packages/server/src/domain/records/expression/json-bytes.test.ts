import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { isCelMap } from '@bufbuild/cel';
import { describe, expect, it } from 'vitest';
import wabt from 'wabt';
import { type Random, random } from '../../../test-support/random.ts';
import { isJson } from './json-bytes.ts';
import { celJson, celJsonBytes } from './json-lazy.ts';
import { SPECIAL_MODULE_BASE64 } from './special-bytes.ts';

const SPACE = ['', '', ' ', '\n', '\t', '\r\n  '];
const STRING_PARTS = [
  'a',
  'amount',
  'é',
  '€',
  '😀',
  'x'.repeat(40),
  '\\"',
  '\\\\',
  '\\/',
  '\\n',
  '\\u00e9',
  '\\uD83D\\uDE00',
  '\\u0000',
  '"',
  '\\',
  '\\x',
  '\\u12',
  '\t',
  '\u0001',
  '\u007f',
];
const NUMBERS = [
  '0',
  '-0',
  '7',
  '-12',
  '3.25',
  '1e3',
  '1E-2',
  '2.5e+10',
  '123456789012345678',
  '9007199254740993',
  '1.7976931348623157e309',
  '01',
  '1.',
  '.5',
  '-',
  '+1',
  '1e',
  '0x10',
  'NaN',
  'Infinity',
];
const WORDS = ['true', 'false', 'null', 'tru', 'nul', 'True', 'undefined'];
const NAMES = ['id', 'amount', 'customer', 'a\\u006dount', 'constructor', '__proto__', 'é', ''];

/** JSON-like text: mostly valid, with invalid strings, numbers and words mixed in at random. */
function text(r: Random, depth: number): string {
  const s = () => r.pick(SPACE);
  const kind = depth > 4 ? r.int(3) : r.int(5);
  if (kind === 0) return `"${Array.from({ length: r.int(4) }, () => r.pick(STRING_PARTS)).join('')}"`;
  if (kind === 1) return r.pick(NUMBERS);
  if (kind === 2) return r.pick(WORDS);
  if (kind === 3) {
    const items = Array.from({ length: r.int(4) }, () => s() + text(r, depth + 1) + s());
    return `[${items.join(',')}${s()}]`;
  }
  const members = Array.from(
    { length: r.int(5) },
    () => `${s()}"${r.pick(NAMES)}"${s()}:${s()}${text(r, depth + 1)}${s()}`,
  );
  return `{${members.join(',')}${s()}}`;
}

/** One byte changed, added or taken away. */
function mutate(r: Random, bytes: Buffer): Buffer {
  const at = r.int(bytes.length + 1);
  const byte = r.pick([
    0x7b, 0x7d, 0x5b, 0x5d, 0x22, 0x3a, 0x2c, 0x5c, 0x30, 0x2d, 0x2e, 0x65, 0x20, 0x0a, 0x00, 0x1f, 0xc3,
    0xff, 0x61,
  ]);
  const action = r.int(3);
  if (action === 0) return Buffer.concat([bytes.subarray(0, at), Buffer.of(byte), bytes.subarray(at)]);
  if (action === 1) return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1)]);
  const copy = Buffer.from(bytes);
  if (at < copy.length) copy[at] = byte;
  return copy;
}

/** What the text path decides: JSON when the bytes are UTF-8 and `JSON.parse` takes their text. */
function parses(bytes: Buffer): boolean {
  if (!isUtf8(bytes)) return false;
  try {
    JSON.parse(bytes.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

/** Every member the text path reads, compared with what the byte path reads, objects member by member. */
function sameReading(fromBytes: unknown, fromText: unknown, path: string): void {
  if (isCelMap(fromText)) {
    expect(isCelMap(fromBytes), path).toBe(true);
    const a = fromBytes as ReadonlyMap<string, unknown>;
    const b = fromText as ReadonlyMap<string, unknown>;
    expect(a.size, `${path} size`).toBe(b.size);
    expect([...a.keys()], `${path} keys`).toEqual([...b.keys()]);
    for (const key of [...b.keys(), 'no-such-member']) {
      expect(a.has(key), `${path}.${key} present`).toBe(b.has(key));
      sameReading(a.get(key), b.get(key), `${path}.${key}`);
    }
    return;
  }
  if (typeof fromText === 'number')
    expect(Object.is(fromBytes, fromText), `${path}: ${fromBytes} vs ${fromText}`).toBe(true);
  // Lists as the library wraps them (its list reads objects only when asked), compared as written out.
  else expect(JSON.stringify(fromBytes), path).toBe(JSON.stringify(fromText));
}

describe('JSON read from its bytes against JSON.parse', () => {
  it('accepts exactly the texts JSON.parse accepts, over 20,000 generated and mutated values', () => {
    const r = random(20261129);
    let valid = 0;
    for (let n = 0; n < 20_000; n++) {
      let bytes: Buffer = Buffer.from(text(r, 0));
      if (n % 2 === 1) bytes = mutate(r, bytes);
      const expected = parses(bytes);
      if (expected) valid++;
      expect(isJson(bytes), `case ${n}: ${JSON.stringify(bytes.toString('latin1'))}`).toBe(expected);
    }
    // Both answers are well represented, so neither side could pass by always saying one thing.
    expect(valid).toBeGreaterThan(4000);
    expect(valid).toBeLessThan(16_000);
  });

  it('reads every member of a generated object as the parsed text does: numbers, escapes, duplicates, nesting', () => {
    const r = random(7);
    let objects = 0;
    for (let n = 0; n < 20_000; n++) {
      const source = text(r, 0);
      if (!source.startsWith('{')) continue;
      const bytes = Buffer.from(source);
      const fromText = celJson(source);
      const fromBytes = celJsonBytes(bytes);
      expect(fromBytes === undefined, `case ${n}: ${source}`).toBe(fromText === undefined);
      if (!fromText) continue;
      objects++;
      sameReading(fromBytes, fromText.value, `case ${n}`);
    }
    expect(objects).toBeGreaterThan(1000);
  });

  it('takes the last of repeated names, escaped names, -0 and integers past 2^53 as JSON.parse does', () => {
    const map = celJsonBytes(
      Buffer.from(
        '{"amount":1,"a\\u006dount":2,"z":-0,"big":9007199254740993,"s":"caf\\u00e9 \\"x\\"","n":{"m":[1,{"k":true}]}}',
      ),
    ) as ReadonlyMap<string, unknown>;
    expect(map.get('amount')).toBe(2);
    expect(Object.is(map.get('z'), -0)).toBe(true);
    expect(map.get('big')).toBe(9007199254740992);
    expect(map.get('s')).toBe('café "x"');
    expect(JSON.stringify((map.get('n') as ReadonlyMap<string, unknown>).get('m'))).toContain(
      '[1,{"k":true}]',
    );
  });

  it('reads an object read before another value was checked, and objects of more members than it keeps', () => {
    const first = celJsonBytes(Buffer.from('{"a":1,"b":{"c":"first"}}')) as ReadonlyMap<string, unknown>;
    const second = celJsonBytes(Buffer.from('{"b":{"c":"second"},"a":2}')) as ReadonlyMap<string, unknown>;
    expect(first.get('a')).toBe(1);
    expect((first.get('b') as ReadonlyMap<string, unknown>).get('c')).toBe('first');
    expect(second.get('a')).toBe(2);
    const many = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i]));
    const wide = celJsonBytes(Buffer.from(JSON.stringify({ ...many, k0: 'last' }))) as ReadonlyMap<
      string,
      unknown
    >;
    expect(wide.get('k0')).toBe('last');
    expect(wide.get('k299')).toBe(299);
    expect(wide.get('k300')).toBeUndefined();
  });

  it('leaves to the text path what is not UTF-8, not an object, or nested deeper than its walk keeps', () => {
    expect(celJsonBytes(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))).toBeUndefined();
    expect(celJsonBytes(Buffer.from('[1,2]'))).toBeUndefined();
    expect(celJsonBytes(Buffer.from('"text"'))).toBeUndefined();
    expect(celJsonBytes(Buffer.from(`{"a":${'['.repeat(300)}${']'.repeat(300)}}`))).toBeUndefined();
    expect(celJsonBytes(Buffer.from('{"a":1}\u0000'))).toBeUndefined();
  });
});

describe('the special-byte scanner', () => {
  it('is special-bytes.wat as compiled by wabt', async () => {
    const tools = await wabt();
    const source = readFileSync(new URL('./special-bytes.wat', import.meta.url), 'utf8');
    const module = tools.parseWat('special-bytes.wat', source, { simd: true });
    expect(Buffer.from(module.toBinary({}).buffer).toString('base64')).toBe(SPECIAL_MODULE_BASE64);
  });

  it('finds a control character, quote or backslash at every position of values up to 150 bytes (the first steps of 64)', () => {
    for (let length = 1; length <= 150; length++) {
      for (let at = 0; at < length; at++) {
        for (const byte of [0x00, 0x1f, 0x22, 0x5c]) {
          const bytes = Buffer.alloc(length, 0x61);
          bytes[at] = byte;
          const value = Buffer.concat([Buffer.from('"'), bytes, Buffer.from('"')]);
          // A lone control character or backslash inside the string makes it invalid; a quote ends it early.
          expect(isJson(value), `${byte} at ${at} of ${length}`).toBe(false);
        }
      }
      expect(isJson(Buffer.from(`"${'a'.repeat(length)}"`))).toBe(true);
    }
    // Bytes of a longer value read before stay in memory past the end of a shorter one: not read as its own.
    expect(isJson(Buffer.from(`"${'a'.repeat(30)}\u0001"`))).toBe(false);
    expect(isJson(Buffer.from('"ab"'))).toBe(true);
  });
});
