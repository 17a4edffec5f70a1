import { createHash, createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { readDer } from './der.ts';
import { type Store, StoreError, utf16be } from './store.ts';

/** The only key protection JKS has: sun.security.provider.KeyProtector. */
const KEY_PROTECTOR = '1.3.6.1.4.1.42.2.17.1.1';
const DIGEST = 20;

const sha1 = (...parts: Buffer[]) => {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/**
 * Reads a JKS file (sun.security.provider.JavaKeyStore, written by hand: the npm parsers pull in
 * node-forge): magic 0xFEEDFEED, version 1 or 2, entries, then SHA-1(password as UTF-16BE ||
 * "Mighty Aphrodite" || everything before). Like Java, no password means no integrity check.
 */
export function readJks(bytes: Buffer, password: string | undefined, file: string): Store {
  if (bytes.length < 12 + DIGEST) throw new Error('truncated');
  const data = bytes.subarray(0, bytes.length - DIGEST);
  if (password !== undefined) {
    const digest = sha1(utf16be(password), Buffer.from('Mighty Aphrodite'), data);
    if (!digest.equals(bytes.subarray(data.length))) {
      throw new StoreError('password', `wrong password for ${file} (keystore integrity check failed)`);
    }
  }
  const reader = new Reader(data);
  reader.u32(); // the magic, already recognised
  const version = reader.u32();
  if (version !== 1 && version !== 2) throw new Error(`unknown JKS version ${version}`);
  const certificate = () => {
    // Version 1 predates certificate types; everything it holds is X.509.
    const type = version === 2 ? reader.utf() : 'X.509';
    if (type !== 'X.509') throw new Error(`unsupported certificate type ${type}`);
    return new X509Certificate(reader.bytes(reader.u32()));
  };
  const store: Store = { keys: [], trusted: [] };
  for (let count = reader.u32(); count > 0; count--) {
    const tag = reader.u32();
    reader.utf(); // alias
    reader.bytes(8); // creation date
    if (tag === 1) {
      const sealed = reader.bytes(reader.u32());
      const chain = Array.from({ length: reader.u32() }, certificate);
      store.keys.push({ chain, decrypt: (keyPassword) => recoverKey(sealed, keyPassword) });
    } else if (tag === 2) {
      store.trusted.push(certificate());
    } else {
      throw new Error(`unknown entry tag ${tag}`);
    }
  }
  return store;
}

/**
 * KeyProtector.recover: EncryptedPrivateKeyInfo whose data is salt(20) || PKCS#8 XOR keystream || check,
 * the keystream chaining SHA-1(password || previous block) from the salt, the check SHA-1(password || PKCS#8).
 */
function recoverKey(encryptedKeyInfo: Buffer, password: string): KeyObject {
  const info = readDer(encryptedKeyInfo);
  const algorithm = info.at(0).at(0).oid();
  if (algorithm !== KEY_PROTECTOR) throw new Error(`unsupported key protection ${algorithm}`);
  const sealed = info.at(1).value;
  const salt = sealed.subarray(0, DIGEST);
  const encrypted = sealed.subarray(DIGEST, sealed.length - DIGEST);
  const passwordBytes = utf16be(password);
  const blocks: Buffer[] = [];
  for (let block = salt; blocks.length * DIGEST < encrypted.length; ) {
    block = sha1(passwordBytes, block);
    blocks.push(block);
  }
  const keystream = Buffer.concat(blocks);
  const plain = Buffer.from(encrypted.map((byte, i) => byte ^ (keystream[i] ?? 0)));
  if (!sha1(passwordBytes, plain).equals(sealed.subarray(sealed.length - DIGEST))) {
    throw new Error('wrong password (key integrity check failed)');
  }
  return createPrivateKey({ key: plain, format: 'der', type: 'pkcs8' });
}

/** Java's DataInputStream over the store, bounds-checked. */
class Reader {
  private at = 0;
  private readonly data: Buffer;

  constructor(data: Buffer) {
    this.data = data;
  }

  bytes(length: number): Buffer {
    if (this.at + length > this.data.length) throw new Error('truncated');
    this.at += length;
    return this.data.subarray(this.at - length, this.at);
  }

  u32(): number {
    return this.bytes(4).readUInt32BE(0);
  }

  /** writeUTF's modified UTF-8 equals UTF-8 for everything but NUL and astral characters in aliases. */
  utf(): string {
    return this.bytes(this.bytes(2).readUInt16BE(0)).toString('utf8');
  }
}
