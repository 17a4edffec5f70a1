import { celMap } from '@bufbuild/cel';
import {
  isJson,
  memberValue,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  skipSpace,
  stringAt,
  stringEnd,
  valueEnd,
} from './json-bytes.ts';
import { copied, copyCount, copyIn } from './special-bytes.ts';

/**
 * Parsed JSON as a filter expression reads it: `JSON.parse` (V8's own parser, faster than any check
 * written here), then each object handed to `@bufbuild/cel` as a map that reads the parsed object's
 * fields when asked, instead of the library's copy of every object into a `Map` (`Object.entries`) on
 * each read: `value.amount` looks one field up. Listing an object (`size`, comprehensions) walks
 * `Object.entries`, in the order the copy had.
 */
export function celJson(text: string): { value: unknown } | undefined {
  try {
    return { value: celView(JSON.parse(text)) };
  } catch {
    return undefined;
  }
}

/** Objects as lazy maps; arrays and scalars as they are (the library converts arrays on read). */
function celView(v: unknown): unknown {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
    ? celMap(new JsonObjectMap(v as Record<string, unknown>) as unknown as ReadonlyMap<string, never>)
    : v;
}

/** A parsed JSON object as the Map that `celMap` wraps (it reads get, size, forEach, entries, keys, values). */
export class JsonObjectMap {
  readonly #object: Record<string, unknown>;

  constructor(object: Record<string, unknown>) {
    this.#object = object;
  }

  get(key: unknown): unknown {
    return typeof key === 'string' && Object.hasOwn(this.#object, key)
      ? celView(this.#object[key])
      : undefined;
  }

  has(key: unknown): boolean {
    return typeof key === 'string' && Object.hasOwn(this.#object, key);
  }

  get size(): number {
    return Object.keys(this.#object).length;
  }

  forEach(callback: (value: unknown, key: string, map: this) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  *entries(): Generator<[string, unknown]> {
    for (const [key, value] of Object.entries(this.#object)) yield [key, celView(value)];
  }

  keys(): IterableIterator<string> {
    return Object.keys(this.#object)[Symbol.iterator]();
  }

  *values(): Generator<unknown> {
    for (const value of Object.values(this.#object)) yield celView(value);
  }

  [Symbol.iterator](): Generator<[string, unknown]> {
    return this.entries();
  }
}

/**
 * A JSON object value read from its bytes (json-bytes.ts) the way `celJson` reads its text, for a filter
 * that names a few members of a large value: no text of the whole, no parsed copy of members it does not
 * read. Undefined when the bytes are not UTF-8, not JSON, too long or nested too deep for the walk, or
 * hold something other than an object: the caller then reads the text as before.
 */
export function celJsonBytes(value: Buffer): unknown {
  const start = skipSpace(value, 0, value.length);
  if (value[start] !== OPEN_BRACE || !isJson(value)) return undefined;
  return celMap(new JsonBytesMap(value, start, copyCount()) as unknown as ReadonlyMap<string, never>);
}

/**
 * The member value starting at `at` of `value`, as `celView` would give it parsed; `b` is the copy
 * json-bytes.ts reads (special-bytes.ts `copyIn`, copy number `copyNumber`), `value.length` where the
 * value ends in it.
 */
function bytesView(value: Buffer, b: Buffer, at: number, copyNumber: number): unknown {
  const c = b[at] as number;
  if (c === OPEN_BRACE) {
    return celMap(new JsonBytesMap(value, at, copyNumber) as unknown as ReadonlyMap<string, never>);
  }
  if (c === QUOTE) return stringAt(b, at, stringEnd(b, at, value.length));
  const end = valueEnd(b, at, value.length);
  if (c === OPEN_BRACKET) return JSON.parse(b.toString('utf8', at, end));
  if (c === 0x74) return true;
  if (c === 0x66) return false;
  if (c === 0x6e) return null;
  return numberAt(b, at, end);
}

/** The number token `b[start, end)`: short integers summed from their digits, others through `Number`. */
function numberAt(b: Buffer, start: number, end: number): number {
  const negative = b[start] === 0x2d;
  let n = 0;
  for (let k = negative ? start + 1 : start; k < end; k++) {
    const digit = (b[k] as number) - 0x30;
    if (digit < 0 || digit > 9 || end - start > 15) return Number(b.toString('latin1', start, end));
    n = n * 10 + digit;
  }
  return negative ? -n : n;
}

/**
 * The object starting at `start` in `value` as the Map `celMap` wraps: `get` and `has` find the member in
 * the bytes; listing it (`size`, comprehensions) parses the object once and lists it as `JsonObjectMap`.
 */
class JsonBytesMap {
  readonly #value: Buffer;
  readonly #start: number;
  /** Which copy of the value special-bytes.ts holds for this map (`copyCount`). */
  #copyNumber: number;
  #parsed: JsonObjectMap | undefined;

  /** `copyNumber`: the copy `isJson` made of `value`, or of the value this object is in. */
  constructor(value: Buffer, start: number, copyNumber: number) {
    this.#value = value;
    this.#start = start;
    this.#copyNumber = copyNumber;
  }

  get(key: unknown): unknown {
    if (typeof key !== 'string') return undefined;
    const b = this.#copy();
    const at = memberValue(b, this.#start, this.#value.length, key, this.#copyNumber);
    return at < 0 ? undefined : bytesView(this.#value, b, at, this.#copyNumber);
  }

  has(key: unknown): boolean {
    if (typeof key !== 'string') return false;
    const b = this.#copy();
    return memberValue(b, this.#start, this.#value.length, key, this.#copyNumber) >= 0;
  }

  get size(): number {
    return this.#listed().size;
  }

  forEach(callback: (value: unknown, key: string, map: this) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  entries(): Generator<[string, unknown]> {
    return this.#listed().entries();
  }

  keys(): IterableIterator<string> {
    return this.#listed().keys();
  }

  values(): Generator<unknown> {
    return this.#listed().values();
  }

  [Symbol.iterator](): Generator<[string, unknown]> {
    return this.entries();
  }

  /** The copy the walk reads: made again when another value was copied since (isJson found it short enough). */
  #copy(): Buffer {
    if (this.#copyNumber === copyCount()) return copied();
    const b = copyIn(this.#value) as Buffer;
    this.#copyNumber = copyCount();
    return b;
  }

  #listed(): JsonObjectMap {
    if (!this.#parsed) {
      const end = valueEnd(this.#copy(), this.#start, this.#value.length);
      this.#parsed = new JsonObjectMap(JSON.parse(this.#value.toString('utf8', this.#start, end)));
    }
    return this.#parsed;
  }
}
