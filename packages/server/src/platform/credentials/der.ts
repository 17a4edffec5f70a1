/**
 * Just enough DER to walk PKCS#12 and PKCS#8 structures: definite lengths only, which is what keytool and
 * OpenSSL write. Anything unexpected throws, and the store readers report the file as malformed.
 */
export class Der {
  readonly tag: number;
  readonly value: Buffer;
  /** The whole encoding, tag and length included. */
  readonly raw: Buffer;

  constructor(tag: number, value: Buffer, raw: Buffer) {
    this.tag = tag;
    this.value = value;
    this.raw = raw;
  }

  /** The elements of a SEQUENCE, SET or explicitly tagged value. */
  get items(): Der[] {
    const items: Der[] = [];
    for (let at = 0; at < this.value.length; ) {
      const [item, next] = readAt(this.value, at);
      items.push(item);
      at = next;
    }
    return items;
  }

  at(index: number): Der {
    const item = this.items[index];
    if (!item) throw new Error(`malformed DER: no element ${index} in tag 0x${this.tag.toString(16)}`);
    return item;
  }

  oid(): string {
    if (this.tag !== 0x06) throw new Error('malformed DER: expected an OBJECT IDENTIFIER');
    const first = this.value[0] ?? 0;
    const arcs = [Math.floor(first / 40), first % 40];
    let arc = 0;
    for (const byte of this.value.subarray(1)) {
      arc = arc * 128 + (byte & 0x7f);
      if (byte < 0x80) {
        arcs.push(arc);
        arc = 0;
      }
    }
    return arcs.join('.');
  }

  int(): number {
    if (this.tag !== 0x02 || this.value.length > 6)
      throw new Error('malformed DER: expected a small INTEGER');
    return this.value.readUIntBE(0, this.value.length);
  }
}

export function readDer(bytes: Buffer): Der {
  const [item, next] = readAt(bytes, 0);
  if (next !== bytes.length) throw new Error('malformed DER: trailing bytes');
  return item;
}

function readAt(bytes: Buffer, at: number): [Der, number] {
  const tag = bytes[at];
  let length = bytes[at + 1];
  if (tag === undefined || length === undefined) throw new Error('malformed DER: truncated');
  let start = at + 2;
  if (length >= 0x80) {
    const size = length & 0x7f;
    if (size === 0 || size > 4) throw new Error('malformed DER: indefinite or huge length');
    length = bytes.readUIntBE(start, size);
    start += size;
  }
  if (start + length > bytes.length) throw new Error('malformed DER: truncated');
  return [
    new Der(tag, bytes.subarray(start, start + length), bytes.subarray(at, start + length)),
    start + length,
  ];
}
