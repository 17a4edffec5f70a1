/**
 * Finding the bytes that end or break a JSON string (a control character, a quote, a backslash, and
 * bytes from 0x80 up until the value is known to be UTF-8) 64 at a time: a JavaScript loop over each byte
 * costs about as much as `JSON.parse` itself, which json-bytes.ts avoids. The WebAssembly module is
 * special-bytes.wat compiled (SIMD); the test compiles that text again and compares. A value is copied
 * into its memory to be read (at most MAX_BYTES).
 */
export const SPECIAL_MODULE_BASE64 =
  'AGFzbQEAAAABCAFgA39/fwF/AwIBAAUDAQABBxQCBm1lbW9yeQIAB3NwZWNpYWwAAArGAwHDAwICfwl7IAAhAyAC/Q8hBkEg/Q8hB0Ei/Q8hCEHcAP0PIQkCQANAIAMgAU8NASAD/QAAACEFIAUgB/0mIAX9DAAAAAAAAAAAAAAAAAAAAAD9JSAG/U79UCAFIAj9IyAFIAn9I/1Q/VAhCiAD/QAAECEFIAUgB/0mIAX9DAAAAAAAAAAAAAAAAAAAAAD9JSAG/U79UCAFIAj9IyAFIAn9I/1Q/VAhCyAD/QAAICEFIAUgB/0mIAX9DAAAAAAAAAAAAAAAAAAAAAD9JSAG/U79UCAFIAj9IyAFIAn9I/1Q/VAhDCAD/QAAMCEFIAUgB/0mIAX9DAAAAAAAAAAAAAAAAAAAAAD9JSAG/U79UCAFIAj9IyAFIAn9I/1Q/VAhDSAKIAv9UCAMIA39UP1Q/VMEQCAK/WQhBCAEBEAgA0EAIARoamohAyADIAEgAyABSRsPCyAL/WQhBCAEBEAgA0EQIARoamohAyADIAEgAyABSRsPCyAM/WQhBCAEBEAgA0EgIARoamohAyADIAEgAyABSRsPCyAN/WQhBCAEBEAgA0EwIARoamohAyADIAEgAyABSRsPCwsgA0HAAGohAwwACwsgAQs=';

/** Larger values are left to the text path: the module's memory only grows. */
export const MAX_BYTES = 1 << 20;
const PAGE = 65536;
/** What the module reads past the last byte. */
const OVERREAD = 64;

/** What is used here of the WebAssembly global (the TypeScript libraries the project uses do not declare it). */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
};

const instance = new WebAssembly.Instance(
  new WebAssembly.Module(Buffer.from(SPECIAL_MODULE_BASE64, 'base64')),
);
const exports = instance.exports as {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  special: (from: number, to: number, high: number) => number;
};

/**
 * The index in [from, to) of the first special byte of the value last copied in, or `to`; `high` -1
 * counts bytes from 0x80 up as special, 0 does not.
 */
export const special = exports.special;

let memory = Buffer.from(exports.memory.buffer);
/** Values copied in so far: a reader that noted the count at its copy reads that copy while it holds. */
let copies = 0;

/** How many values have been copied in (see `copyIn`). */
export function copyCount(): number {
  return copies;
}

/** The memory `special` reads. */
export function copied(): Buffer {
  return memory;
}

/**
 * Copies `value` to where `special` reads (from index 0) and returns that memory; undefined when it is
 * longer than MAX_BYTES. Nothing keeps a reference to `value`.
 */
export function copyIn(value: Uint8Array): Buffer | undefined {
  if (value.length > MAX_BYTES) return undefined;
  const need = value.length + OVERREAD - exports.memory.buffer.byteLength;
  if (need > 0) {
    exports.memory.grow(Math.ceil(need / PAGE));
    memory = Buffer.from(exports.memory.buffer);
  }
  memory.set(value, 0);
  copies++;
  return memory;
}
