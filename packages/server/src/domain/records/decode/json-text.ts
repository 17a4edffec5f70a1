/**
 * JSON text of decoded values: byte arrays as base64, 64-bit integers as exact numbers (JSON has no size
 * limit on numbers; JavaScript's `number` does).
 */
export function toJsonText(value: unknown): string {
  const big: string[] = [];
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key, replaced) {
    const raw = this[key];
    if (Buffer.isBuffer(raw) || raw instanceof Uint8Array) return Buffer.from(raw).toString('base64');
    if (typeof raw === 'bigint') {
      big.push(raw.toString());
      return `\u0000big${big.length - 1}\u0000`;
    }
    return replaced;
  });
  if (text === undefined) return 'null';
  if (big.length === 0) return text;
  return text.replace(/"\\u0000big(\d+)\\u0000"/g, (_, i: string) => big[Number(i)] ?? '0');
}

const BIG = '\u0000big:';

/** JSON.parse, except that integers too large for a double come back as bigint (Avro longs need them exact). */
export function parseJsonKeepingBigInts(text: string): unknown {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 0x22) j += text.charCodeAt(j) === 0x5c ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let j = i + 1;
      while (j < text.length && /[-+0-9.eE]/.test(text.charAt(j))) j++;
      const token = text.slice(i, j);
      out +=
        /^-?\d{16,}$/.test(token) && !Number.isSafeInteger(Number(token)) ? `"\\u0000big:${token}"` : token;
      i = j;
    } else {
      out += text.charAt(i);
      i++;
    }
  }
  return JSON.parse(out, (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(BIG) ? BigInt(value.slice(BIG.length)) : value,
  );
}
