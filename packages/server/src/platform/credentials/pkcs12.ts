/*
 * PKCS#12 (RFC 7292) is read here by hand rather than handed to Node as `pfx`, because OpenSSL's
 * PKCS12_parse behind `pfx` cannot take what Java writes: a truststore (certificates, no key) fails with
 * "Unable to load private key from PFX data"; a key whose password differs from the store's (Java's
 * KeyStore API allows it, Kafka's ssl.key.password is for it) cannot be opened with `pfx`'s one
 * passphrase; and `pfx` cannot list certificates for `ca`. Decryption is node:crypto's: PBES2 with
 * PBKDF2 and AES-CBC (the JDK 17 keytool and OpenSSL 3 defaults), the legacy PKCS#12 PBEs where Node's
 * OpenSSL has the cipher (3DES yes; the 40-bit RC2 of Java 8 stores needs OpenSSL's legacy provider, so
 * no), and the HMAC-SHA-1/2 MAC. Anything else is named in the error.
 */
import {
  createDecipheriv,
  createHash,
  createHmac,
  createPrivateKey,
  getCiphers,
  pbkdf2Sync,
  X509Certificate,
} from 'node:crypto';
import { type Der, readDer } from './der.ts';
import { type KeyEntry, type Store, StoreError, utf16be } from './store.ts';

const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  keyBag: '1.2.840.113549.1.12.10.1.1',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509: '1.2.840.113549.1.9.22.1',
  localKeyId: '1.2.840.113549.1.9.21',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
};
const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
const HMACS: Record<string, string> = {
  '1.2.840.113549.2.7': 'sha1',
  '1.2.840.113549.2.9': 'sha256',
  '1.2.840.113549.2.10': 'sha384',
  '1.2.840.113549.2.11': 'sha512',
};
const CIPHERS: Record<string, { name: string; keyLength: number }> = {
  '2.16.840.1.101.3.4.1.2': { name: 'aes-128-cbc', keyLength: 16 },
  '2.16.840.1.101.3.4.1.22': { name: 'aes-192-cbc', keyLength: 24 },
  '2.16.840.1.101.3.4.1.42': { name: 'aes-256-cbc', keyLength: 32 },
  '1.2.840.113549.3.7': { name: 'des-ede3-cbc', keyLength: 24 },
};
/** RFC 7292 appendix C; Java 8 keytool wrote certificates with 40-bit RC2 and keys with 3DES. */
const LEGACY_PBE: Record<string, { name: string; keyLength: number; title: string }> = {
  '1.2.840.113549.1.12.1.3': {
    name: 'des-ede3-cbc',
    keyLength: 24,
    title: 'pbeWithSHAAnd3-KeyTripleDES-CBC',
  },
  '1.2.840.113549.1.12.1.6': { name: 'rc2-40-cbc', keyLength: 5, title: 'pbeWithSHAAnd40BitRC2-CBC' },
};

type Bag = { type: string; value: Der; localKeyId?: string };

/** Reads a PKCS#12 file. Like Java, no password means no MAC check and no encrypted certificates. */
export function readPkcs12(bytes: Buffer, password: string | undefined, file: string): Store {
  const pfx = readDer(bytes);
  const authSafe = pfx.at(1);
  if (authSafe.at(0).oid() !== OID.data) throw new Error('only password-protected PKCS12 is supported');
  const content = authSafe.at(1).at(0).value;
  const mac = pfx.items[2];
  if (password !== undefined && mac) checkMac(mac, content, password, file);
  const bags: Bag[] = [];
  let skipped = false;
  for (const info of readDer(content).items) {
    const type = info.at(0).oid();
    if (type === OID.data) {
      bags.push(...safeBags(info.at(1).at(0).value));
    } else if (type === OID.encryptedData) {
      // EncryptedData { version, EncryptedContentInfo { contentType, algorithm, [0] encryptedContent } }
      const encrypted = info.at(1).at(0).at(1);
      if (password === undefined) skipped = true;
      else bags.push(...safeBags(decrypt(encrypted.at(1), encrypted.at(2).value, password, file)));
    } else {
      throw new Error(`unsupported content type ${type}`);
    }
  }
  const certificates = bags
    .filter((bag) => bag.type === OID.certBag && bag.value.at(0).oid() === OID.x509)
    .map((bag) => ({ id: bag.localKeyId, cert: new X509Certificate(bag.value.at(1).at(0).value) }));
  const all = certificates.map((c) => c.cert);
  const keys = bags
    .filter((bag) => bag.type === OID.keyBag || bag.type === OID.shroudedKeyBag)
    .map((bag): KeyEntry => {
      const leaf = certificates.find((c) => c.id !== undefined && c.id === bag.localKeyId)?.cert;
      const chain = leaf ? chainOf(leaf, all) : [];
      return { chain, decrypt: (keyPassword) => privateKey(bag, keyPassword, file) };
    });
  // keytool marks trusted certificates with an Oracle attribute and Java ignores unmarked ones, but
  // OpenSSL before 3.2 cannot write it: a certificate that belongs to no key is taken as trusted.
  const trusted = certificates.filter((c) => c.id === undefined).map((c) => c.cert);
  if (skipped && !trusted.length && !keys.length) {
    throw new StoreError('password', `the certificates in ${file} are encrypted; a password is required`);
  }
  return { keys, trusted };
}

function safeBags(safeContents: Buffer): Bag[] {
  return readDer(safeContents).items.map((bag) => {
    const attributes = bag.items[2]?.items ?? [];
    const localKeyId = attributes.find((a) => a.at(0).oid() === OID.localKeyId);
    return {
      type: bag.at(0).oid(),
      value: bag.at(1).at(0),
      localKeyId: localKeyId?.at(1).at(0).value.toString('hex'),
    };
  });
}

/** Java and OpenSSL store the chain unordered beside the leaf; follow issuers like Java does. */
function chainOf(leaf: X509Certificate, all: X509Certificate[]): X509Certificate[] {
  const chain = [leaf];
  for (let cert = leaf; !cert.checkIssued(cert); ) {
    const issuer = all.find((c) => !chain.includes(c) && cert.checkIssued(c));
    if (!issuer) break;
    chain.push(issuer);
    cert = issuer;
  }
  return chain;
}

function privateKey(bag: Bag, password: string, file: string) {
  const pkcs8 =
    bag.type === OID.keyBag ? bag.value.raw : decrypt(bag.value.at(0), bag.value.at(1).value, password, file);
  return createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
}

/** The MAC over the authenticated safe: HMAC keyed by the PKCS#12 KDF (ID 3) of the password. */
function checkMac(mac: Der, content: Buffer, password: string, file: string) {
  const digest = mac.at(0);
  const algorithm = digest.at(0).at(0).oid();
  const hash = HASHES[algorithm];
  if (!hash) throw new StoreError('file', `${file} has an unsupported MAC algorithm ${algorithm}`);
  const iterations = mac.items[2]?.int() ?? 1;
  const key = pkcs12Kdf(password, mac.at(1).value, 3, iterations, hashSize(hash), hash);
  if (!createHmac(hash, key).update(content).digest().equals(digest.at(1).value)) {
    throw new StoreError('password', `wrong password for ${file} (keystore integrity check failed)`);
  }
}

function decrypt(algorithm: Der, data: Buffer, password: string, file: string): Buffer {
  const oid = algorithm.at(0).oid();
  const { name, key, iv } =
    oid === OID.pbes2
      ? pbes2(algorithm.at(1), password, file)
      : legacyPbe(oid, algorithm.at(1), password, file);
  const decipher = createDecipheriv(name, key, iv);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/** PBES2 (RFC 8018): PBKDF2 over the UTF-8 password, as both Java and OpenSSL do inside PKCS#12. */
function pbes2(params: Der, password: string, file: string) {
  const [kdf, scheme] = [params.at(0), params.at(1)];
  if (kdf.at(0).oid() !== OID.pbkdf2) throw unsupported(file, kdf.at(0).oid());
  const [salt, iterations, ...rest] = kdf.at(1).items;
  // keyLength (an INTEGER) is optional before the PRF; absent PRF means HMAC-SHA-1.
  const prfAlgorithm = rest.find((item) => item.tag === 0x30);
  const prfOid = prfAlgorithm ? prfAlgorithm.at(0).oid() : '1.2.840.113549.2.7';
  const prf = HMACS[prfOid];
  const cipher = CIPHERS[scheme.at(0).oid()];
  if (!prf) throw unsupported(file, prfOid);
  if (!cipher) throw unsupported(file, scheme.at(0).oid());
  if (!salt || !iterations) throw new Error('malformed PBKDF2 parameters');
  const key = pbkdf2Sync(Buffer.from(password), salt.value, iterations.int(), cipher.keyLength, prf);
  return { name: cipher.name, key, iv: scheme.at(1).value };
}

function legacyPbe(oid: string, params: Der, password: string, file: string) {
  const pbe = LEGACY_PBE[oid];
  if (!pbe || !getCiphers().includes(pbe.name)) throw unsupported(file, pbe?.title ?? oid);
  const [salt, iterations] = [params.at(0).value, params.at(1).int()];
  return {
    name: pbe.name,
    key: pkcs12Kdf(password, salt, 1, iterations, pbe.keyLength, 'sha1'),
    iv: pkcs12Kdf(password, salt, 2, iterations, 8, 'sha1'),
  };
}

const unsupported = (file: string, algorithm: string) =>
  new StoreError(
    'file',
    `${file} is encrypted with ${algorithm}, which is not supported here; convert it with ` +
      'JDK 17 keytool -importkeystore -deststoretype PKCS12',
  );

const hashSize = (hash: string) => createHash(hash).digest().length;

/** RFC 7292 appendix B.2: the PKCS#12 key derivation, over the password as a NUL-terminated BMPString. */
function pkcs12Kdf(
  password: string,
  salt: Buffer,
  id: number,
  iterations: number,
  size: number,
  hash: string,
) {
  const v = hashSize(hash) > 32 ? 128 : 64;
  const fill = (bytes: Buffer) => Buffer.alloc(Math.ceil(bytes.length / v) * v, bytes);
  const input = Buffer.concat([fill(salt), fill(Buffer.concat([utf16be(password), Buffer.alloc(2)]))]);
  const modulus = 1n << BigInt(v * 8);
  const blocks: Buffer[] = [];
  for (let length = 0; length < size; length += blocks.at(-1)?.length ?? 0) {
    let block = createHash(hash).update(Buffer.alloc(v, id)).update(input).digest();
    for (let round = 1; round < iterations; round++) block = createHash(hash).update(block).digest();
    blocks.push(block);
    const addend = BigInt(`0x${fill(block).toString('hex')}`) + 1n;
    for (let at = 0; at < input.length; at += v) {
      const sum = (BigInt(`0x${input.subarray(at, at + v).toString('hex')}`) + addend) % modulus;
      Buffer.from(sum.toString(16).padStart(v * 2, '0'), 'hex').copy(input, at);
    }
  }
  return Buffer.concat(blocks).subarray(0, size);
}
