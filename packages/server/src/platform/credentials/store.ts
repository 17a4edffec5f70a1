import type { KeyObject, X509Certificate } from 'node:crypto';

/** A private-key entry; the key is decrypted on demand because its password may differ from the store's. */
export type KeyEntry = { chain: X509Certificate[]; decrypt: (password: string) => KeyObject };

/** What a JKS or PKCS12 file holds, in file order. */
export type Store = { keys: KeyEntry[]; trusted: X509Certificate[] };

/** A store that cannot be read; `password` says the store password is wrong or missing, not the file. */
export class StoreError extends Error {
  readonly about: 'password' | 'file';

  constructor(about: 'password' | 'file', message: string) {
    super(message);
    this.about = about;
  }
}

/** Java's char[] as bytes, how JKS and the PKCS#12 key derivation (as a BMPString) take a password. */
export const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
