/**
 * byte-screen.wat compiled (SIMD); byte-search.test.ts compiles that text again and compares. Each search
 * screen has its own instance, made on its first use and let go of with the screen, so the memory it grew
 * to (the largest record set it read, up to MAX_SET_BYTES) goes when the search ends.
 */
export const BYTE_SCREEN_MODULE_BASE64 =
  'AGFzbQEAAAABFgNgAn9/AX9gBH9/f38Bf2ADf39/AX8DBQQAAQECBQMBAAEHGQMGbWVtb3J5AgAFYXNjaWkAAARmaW5kAAEK2QUElwEBAX8gACECAkADQCACQcAAaiABSw0BIAL9AAAAIAL9AAAQ/VAgAv0AACAgAv0AADD9UP1Q/WQEQEEADwsgAkHAAGohAgwACwsCQANAIAJBEGogAUsNASAC/QAAAP1kBEBBAA8LIAJBEGohAgwACwsCQANAIAIgAU8NASACLQAAQYABTwRAQQAPCyACQQFqIQIMAAsLQQELzwMCBH8IeyADIAEgAGtLBEBBAA8LIANBAWshBiABIANrIQUgAi0AAP0PIQggAiADai0AAP0PIQkgAiAGai0AAP0PIQogAiADaiAGai0AAP0PIQsgACEEAkADQCAEQT9qIAVLDQEgBCAGaiEHIAT9AAAAIAn9UCAI/SMgB/0AAAAgC/1QIAr9I/1OIQwgBP0AABAgCf1QIAj9IyAH/QAAECAL/VAgCv0j/U4hDSAE/QAAICAJ/VAgCP0jIAf9AAAgIAv9UCAK/SP9TiEOIAT9AAAwIAn9UCAI/SMgB/0AADAgC/1QIAr9I/1OIQ8gDCAN/VAgDiAP/VD9UP1TBEAgBCAM/WQgAiADEAIEQEEBDwsgBEEQaiAN/WQgAiADEAIEQEEBDwsgBEEgaiAO/WQgAiADEAIEQEEBDwsgBEEwaiAP/WQgAiADEAIEQEEBDwsLIARBwABqIQQMAAsLAkADQCAEQQ9qIAVLDQEgBCAGaiEHIAQgBP0AAAAgCf1QIAj9IyAH/QAAACAL/VAgCv0j/U79ZCACIAMQAgRAQQEPCyAEQRBqIQQMAAsLAkADQCAEIAVLDQEgBCACIAMQAwRAQQEPCyAEQQFqIQQMAAsLQQALLQACQANAIAFFDQEgACABaGogAiADEAMEQEEBDwsgASABQQFrcSEBDAALC0EACz8BAX8CQANAIAMgAk8NASAAIANqLQAAIAEgAmogA2otAAByIAEgA2otAABHBEBBAA8LIANBAWohAwwACwtBAQs=';

/** What is used here of the WebAssembly global (the TypeScript libraries the project uses do not declare it). */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
};

type Exports = {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  ascii: (from: number, to: number) => number;
  find: (from: number, to: number, term: number, length: number) => number;
};

let compiled: object | undefined;
const PAGE = 65_536;
/** A record set larger than this is not copied whole: its values are copied one at a time. */
export const MAX_SET_BYTES = 8 * 1024 * 1024;

/**
 * The WebAssembly side of one search screen: its terms written once, then bytes copied in and tested. The
 * last record set copied in whole stays there, so the records read from it are tested where they lie.
 */
export class ScreenMemory {
  readonly #terms: readonly Uint8Array[];
  #exports: Exports | undefined;
  #memory: Buffer | undefined;
  /** Where each term starts, and where copied bytes start (after the terms and their masks). */
  #termsAt: number[] = [];
  #dataAt = 0;
  /** The set whose bytes are at #dataAt, or undefined when a single value is. */
  #set: Buffer | undefined;

  /** `terms`: each term's bytes as folded (A-Z as a-z), all ASCII. */
  constructor(terms: readonly Uint8Array[]) {
    this.#terms = terms;
  }

  /** True when no term is in `bytes` and all of them are ASCII. */
  absent(bytes: Uint8Array): boolean {
    const memory = this.#room(bytes.length);
    memory.set(bytes, this.#dataAt);
    this.#set = undefined;
    return this.#test(this.#dataAt, this.#dataAt + bytes.length);
  }

  /** `absent` of `length` bytes of `set` from `at`, the set copied in whole once for all its records. */
  absentWithin(set: Buffer, at: number, length: number): boolean {
    if (set.length > MAX_SET_BYTES) return this.absent(set.subarray(at, at + length));
    if (this.#set !== set) {
      const memory = this.#room(set.length);
      memory.set(set, this.#dataAt);
      this.#set = set;
    }
    const from = this.#dataAt + at;
    return this.#test(from, from + length);
  }

  #test(from: number, to: number): boolean {
    const exports = this.#exports as Exports;
    for (let i = 0; i < this.#terms.length; i++) {
      const term = this.#terms[i] as Uint8Array;
      if (exports.find(from, to, this.#termsAt[i] as number, term.length) === 1) return false;
    }
    return exports.ascii(from, to) === 1;
  }

  /** The memory, made and grown so that `bytes` bytes fit after the terms. */
  #room(bytes: number): Buffer {
    if (!this.#exports) this.#start();
    const exports = this.#exports as Exports;
    const need = this.#dataAt + bytes - exports.memory.buffer.byteLength;
    if (need > 0 || !this.#memory) {
      if (need > 0) exports.memory.grow(Math.ceil(need / PAGE));
      this.#memory = Buffer.from(exports.memory.buffer);
    }
    return this.#memory;
  }

  #start(): void {
    compiled ??= new WebAssembly.Module(Buffer.from(BYTE_SCREEN_MODULE_BASE64, 'base64'));
    this.#exports = new WebAssembly.Instance(compiled).exports as Exports;
    const total = this.#terms.reduce((sum, t) => sum + 2 * t.length, 0);
    const need = total - this.#exports.memory.buffer.byteLength;
    if (need > 0) this.#exports.memory.grow(Math.ceil(need / PAGE));
    const memory = Buffer.from(this.#exports.memory.buffer);
    let at = 0;
    for (const term of this.#terms) {
      this.#termsAt.push(at);
      writeTerm(memory, at, term);
      at += 2 * term.length;
    }
    this.#dataAt = Math.ceil(at / 16) * 16;
    this.#memory = memory;
  }
}

/** A term as byte-screen.wat reads it at `at`: its bytes, then a mask byte each (0x20 for a letter, 0 else). */
function writeTerm(memory: Buffer, at: number, term: Uint8Array): void {
  memory.set(term, at);
  for (let j = 0; j < term.length; j++) {
    const b = term[j] as number;
    memory[at + term.length + j] = b >= 0x61 && b <= 0x7a ? 0x20 : 0;
  }
}
