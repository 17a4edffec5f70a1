import { describe, expect, it } from 'vitest';
import { type FieldTarget, maskFields, passesOf } from './json-fields.ts';
import type { Mask } from './mask-kinds.ts';

const replace = (replacement = '****'): Mask => ({ kind: 'REPLACE', replacement, apply: () => replacement });
const hide: Mask = { kind: 'HIDE', replacement: '', apply: () => undefined };
const keepLast: Mask = {
  kind: 'KEEP_LAST',
  replacement: '*',
  apply: (t) => (Array.from(t).length > 2 ? `*${Array.from(t).slice(-2).join('')}` : '*'),
};
const tag: Mask = { kind: 'HASH', replacement: '', apply: (t) => `<${t}>` };

/** The masking a parsed tree gets (what the spliced text must parse to). */
function reference(value: unknown, path: readonly string[], mask: Mask): unknown {
  const [name, ...rest] = path;
  if (Array.isArray(value)) return value.map((v) => reference(v, path, mask));
  if (value === null || typeof value !== 'object' || name === undefined || !Object.hasOwn(value, name))
    return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length > 0) {
    out[name] = reference(out[name], rest, mask);
    return out;
  }
  const node = out[name];
  const input =
    typeof node === 'string'
      ? node
      : mask.kind === 'KEEP_LAST'
        ? node !== null && typeof node === 'object'
          ? ''
          : JSON.stringify(node)
        : JSON.stringify(node);
  const masked = mask.apply(input);
  if (masked === undefined) delete out[name];
  else out[name] = masked;
  return out;
}

/** Seeded, so a failure replays. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const KEYS = ['a', 'b', 'email', 'card', 'items', 'n\\u0061me', '__proto__', 'x"y'];
const STRINGS = ['plain', 'with "quotes"', 'back\\slash', 'tab\there', 'é ☃ 😀', '', '1234567890'];

/** Random JSON text, written with random spaces and escapes, and the value it stands for. */
function randomJson(next: () => number, depth = 0): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T;
  const ws = () => pick(['', '', ' ', '\n  ', '\t']);
  const roll = next();
  if (depth === 0 || (depth < 3 && roll < 0.35)) {
    const keys = [...new Set(Array.from({ length: Math.floor(next() * 4) }, () => pick(KEYS)))];
    const members = keys.map(
      (k) => `${ws()}"${k.replace('"', '\\"')}"${ws()}:${ws()}${randomJson(next, depth + 1)}`,
    );
    return `{${members.join(',')}${ws()}}`;
  }
  if (depth < 3 && roll < 0.5) {
    const items = Array.from({ length: Math.floor(next() * 3) }, () => ws() + randomJson(next, depth + 1));
    return `[${items.join(',')}${ws()}]`;
  }
  if (roll < 0.8) {
    const text = JSON.stringify(pick(STRINGS));
    return next() < 0.3 ? text.replace('a', '\\u0061') : text;
  }
  return pick(['0', '-1.5', '1e3', '12345678901234567', 'true', 'false', 'null', '42']);
}

describe('maskFields', () => {
  it('gives what masking the parsed value gives, on 3000 random documents', () => {
    const next = random(17);
    const masks = [replace(), hide, keepLast, tag];
    const paths = [
      ['a'],
      ['email'],
      ['card', 'a'],
      ['items', 'b'],
      ['name'],
      ['__proto__'],
      ['x"y'],
      ['a', 'b'],
    ];
    let changed = 0;
    for (let n = 0; n < 3000; n++) {
      const text = randomJson(next);
      const path = paths[Math.floor(next() * paths.length)] as string[];
      const mask = masks[Math.floor(next() * masks.length)] as Mask;
      const spliced = maskFields(text, [{ path, mask }]);
      if (spliced !== text) changed++;
      // Numbers are compared as parsed: KEEP_LAST reads them as written, the reference as JSON.stringify does.
      const expected = reference(JSON.parse(text), path, mask);
      if (mask.kind !== 'KEEP_LAST' || !/\d/.test(text))
        expect({ text, path, mask: mask.kind, out: JSON.parse(spliced) }).toEqual({
          text,
          path,
          mask: mask.kind,
          out: expected,
        });
      else expect(() => JSON.parse(spliced)).not.toThrow();
    }
    // Not a test of nothing: a good share of the documents hold a field named.
    expect(changed).toBeGreaterThan(300);
  });

  it('keeps every character no mask touched, and masks every copy of a field named twice', () => {
    const text = '{ "id" : 1.50,\n "email": "a@b.c", "email" : "d@e.f",\t"n": [ 1 ,2 ] }';
    expect(maskFields(text, [{ path: ['email'], mask: replace() }])).toBe(
      '{ "id" : 1.50,\n "email": "****", "email" : "****",\t"n": [ 1 ,2 ] }',
    );
  });

  it('removes hidden members with their commas, wherever they stand', () => {
    const mask = (text: string, ...names: string[]) =>
      maskFields(
        text,
        names.map((name) => ({ path: [name], mask: hide })),
      );
    expect(mask('{"a":1,"b":2,"c":3}', 'a')).toBe('{"b":2,"c":3}');
    expect(mask('{"a":1,"b":2,"c":3}', 'b')).toBe('{"a":1,"c":3}');
    expect(mask('{"a":1,"b":2,"c":3}', 'c')).toBe('{"a":1,"b":2}');
    expect(mask('{"a":1,"b":2,"c":3}', 'b', 'c')).toBe('{"a":1}');
    expect(mask('{"a":1,"b":2,"c":3}', 'a', 'c')).toBe('{"b":2}');
    expect(mask('{ "a" : 1 }', 'a')).toBe('{  }');
    expect(mask('[{"a":1,"b":{"a":2}},{"a":3}]', 'a')).toBe('[{"b":{"a":2}},{}]');
  });

  it('HASH reads a number, a literal or an object as JSON text, KEEP_LAST nothing of an object', () => {
    const text = '{"n": 1.0, "o": {"x" : [1, 2]}, "t": true}';
    const hashed = maskFields(text, [
      { path: ['n'], mask: tag },
      { path: ['o'], mask: tag },
      { path: ['t'], mask: tag },
    ]);
    expect(JSON.parse(hashed)).toEqual({ n: '<1>', o: '<{"x":[1,2]}>', t: '<true>' });
    expect(JSON.parse(maskFields(text, [{ path: ['o'], mask: keepLast }]))).toMatchObject({ o: '*' });
    expect(JSON.parse(maskFields('{"n": 12345}', [{ path: ['n'], mask: keepLast }]))).toEqual({ n: '*45' });
  });

  it('applies masks on one path in order, and splits nested paths into passes', () => {
    const twice: FieldTarget[] = [
      { path: ['a'], mask: tag },
      { path: ['a'], mask: keepLast },
    ];
    expect(maskFields('{"a":"secret"}', twice)).toBe('{"a":"*t>"}');
    const nested: FieldTarget[] = [
      { path: ['a', 'b'], mask: replace() },
      { path: ['c'], mask: replace() },
      { path: ['a'], mask: tag },
    ];
    expect(passesOf(nested).map((p) => p.length)).toEqual([2, 1]);
  });
});
