/**
 * byte-screen.wat compiled (SIMD); byte-search.test.ts compiles that text again and compares. Each search
 * screen has its own instance, made on its first use and let go of with the screen, so the memory it grew
 * to (the largest record set it read, up to MAX_SET_BYTES) goes when the search ends.
 */
export const BYTE_SCREEN_MODULE_BASE64 =
  'AGFzbQEAAAABFgNgAn9/AX9gBH9/f38Bf2ADf39/AX8DBgUAAAEBAgUDAQABBxMCBm1lbW9yeQIABnNjcmVlbgAACp4GBUQBAn9BBCEDAkADQCACQQAoAgBPDQEgACABIAMoAgAgAygCBBACBEBBAA8LIANBCGohAyACQQFqIQIMAAsLIAAgARABC5cBAQF/IAAhAgJAA0AgAkHAAGogAUsNASAC/QAAACAC/QAAEP1QIAL9AAAgIAL9AAAw/VD9UP1kBEBBAA8LIAJBwABqIQIMAAsLAkADQCACQRBqIAFLDQEgAv0AAAD9ZARAQQAPCyACQRBqIQIMAAsLAkADQCACIAFPDQEgAi0AAEGAAU8EQEEADwsgAkEBaiECDAALC0EBC88DAgR/CHsgAyABIABrSwRAQQAPCyADQQFrIQYgASADayEFIAItAAD9DyEIIAIgA2otAAD9DyEJIAIgBmotAAD9DyEKIAIgA2ogBmotAAD9DyELIAAhBAJAA0AgBEE/aiAFSw0BIAQgBmohByAE/QAAACAJ/VAgCP0jIAf9AAAAIAv9UCAK/SP9TiEMIAT9AAAQIAn9UCAI/SMgB/0AABAgC/1QIAr9I/1OIQ0gBP0AACAgCf1QIAj9IyAH/QAAICAL/VAgCv0j/U4hDiAE/QAAMCAJ/VAgCP0jIAf9AAAwIAv9UCAK/SP9TiEPIAwgDf1QIA4gD/1Q/VD9UwRAIAQgDP1kIAIgAxADBEBBAQ8LIARBEGogDf1kIAIgAxADBEBBAQ8LIARBIGogDv1kIAIgAxADBEBBAQ8LIARBMGogD/1kIAIgAxADBEBBAQ8LCyAEQcAAaiEEDAALCwJAA0AgBEEPaiAFSw0BIAQgBmohByAEIAT9AAAAIAn9UCAI/SMgB/0AAAAgC/1QIAr9I/1O/WQgAiADEAMEQEEBDwsgBEEQaiEEDAALCwJAA0AgBCAFSw0BIAQgAiADEAQEQEEBDwsgBEEBaiEEDAALC0EACy0AAkADQCABRQ0BIAAgAWhqIAIgAxAEBEBBAQ8LIAEgAUEBa3EhAQwACwtBAAs/AQF/AkADQCADIAJPDQEgACADai0AACABIAJqIANqLQAAciABIANqLQAARwRAQQAPCyADQQFqIQMMAAsLQQEL';

/** What is used here of the WebAssembly global (the TypeScript libraries the project uses do not declare it). */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
};

type Exports = {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  screen: (from: number, to: number) => number;
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
  /** Where copied bytes start (after the terms' directory, the terms and their masks). */
  #dataAt = 0;
  /** The set whose bytes are at #dataAt, or undefined when a single value is. */
  #set: Buffer | undefined;

  /** `terms`: each term's bytes as folded (A-Z as a-z), all ASCII. */
  constructor(terms: readonly Uint8Array[]) {
    this.#terms = terms;
  }

  /** True when no term is in `bytes` and all of them are ASCII. */
  absent(bytes: Uint8Array): boolean {
    // A view of the set copied in last (a record's value the filters read again): tested where it lies.
    const set = this.#set;
    if (set && bytes.buffer === set.buffer) {
      const from = this.#dataAt + bytes.byteOffset - set.byteOffset;
      if (from >= this.#dataAt && bytes.byteOffset + bytes.length <= set.byteOffset + set.length)
        return this.#test(from, from + bytes.length);
    }
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
    return (this.#exports as Exports).screen(from, to) === 1;
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
    const directory = 4 + 8 * this.#terms.length;
    const total = this.#terms.reduce((sum, t) => sum + 2 * t.length, directory);
    const need = total - this.#exports.memory.buffer.byteLength;
    if (need > 0) this.#exports.memory.grow(Math.ceil(need / PAGE));
    const memory = Buffer.from(this.#exports.memory.buffer);
    memory.writeInt32LE(this.#terms.length, 0);
    let at = directory;
    for (const [i, term] of this.#terms.entries()) {
      memory.writeInt32LE(at, 4 + 8 * i);
      memory.writeInt32LE(term.length, 8 + 8 * i);
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
