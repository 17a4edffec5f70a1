import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readJks } from './jks.ts';
import { readPkcs12 } from './pkcs12.ts';
import { type KeyEntry, type Store, StoreError } from './store.ts';

/** The cluster's Java-style properties. */
export type TlsProps = Readonly<Record<string, string>>;
export type TlsSettings = {
  ca?: string[];
  cert?: string;
  key?: string;
  passphrase?: string;
  pfx?: Buffer;
  rejectUnauthorized: boolean;
  checkServerIdentity?: (host: string, cert: unknown) => Error | undefined;
};

type Kind = 'truststore' | 'keystore';
type Format = 'JKS' | 'JCEKS' | 'PKCS12' | 'PEM';
/** PEM text and where it came from: `key` is the property an error names, `where` the file or property. */
type Source = { key: string; where: string; text: string };
type Loaded = { format: 'PEM'; source: Source } | { format: 'JKS' | 'PKCS12'; store: Store };

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

/**
 * The Node `tls` options for a cluster's Java client TLS properties (trust and key stores as JKS, PKCS12
 * or PEM, librdkafka's PEM files, inline PEM), read once at start so that a wrong path or password fails
 * there, as an Error whose message starts with the property's key, rather than as a handshake failure.
 * Keys come out decrypted (PKCS#8 PEM), so no password travels further.
 */
export function tlsSettings(props: TlsProps): TlsSettings {
  const settings: TlsSettings = { rejectUnauthorized: true };
  const ca = trustedCertificates(props);
  if (ca.length) settings.ca = ca.map((cert) => cert.toString());
  Object.assign(settings, clientIdentity(props));
  // Kafka's default is https (RFC 2818 host name check, Node's default too); empty turns it off.
  const algorithm = props['ssl.endpoint.identification.algorithm'] ?? 'https';
  if (algorithm === '') {
    settings.checkServerIdentity = () => undefined;
  } else if (algorithm.toLowerCase() !== 'https') {
    fail(
      'ssl.endpoint.identification.algorithm',
      `${algorithm} is not supported: use https, or empty to skip`,
    );
  }
  return settings;
}

function trustedCertificates(props: TlsProps): X509Certificate[] {
  const certs: X509Certificate[] = [];
  const truststore = props['ssl.truststore.location'];
  if (truststore) {
    const loaded = loadStore('truststore', truststore, props);
    // Java trusts certificate entries and, of a private-key entry, its own certificate.
    const found =
      loaded.format === 'PEM'
        ? certificatesIn(loaded.source)
        : [...loaded.store.trusted, ...loaded.store.keys.flatMap((entry) => entry.chain.slice(0, 1))];
    if (!found.length) fail('ssl.truststore.location', `${truststore} holds no certificates`);
    certs.push(...found);
  }
  const inline = props['ssl.truststore.certificates'];
  if (inline) certs.push(...certificatesIn(inlineSource('ssl.truststore.certificates', inline)));
  const caFile = props['ssl.ca.location'];
  if (caFile) certs.push(...certificatesIn(fileSource('ssl.ca.location', caFile)));
  return certs;
}

function clientIdentity(props: TlsProps): { cert: string; key: string } | undefined {
  const [first, second] = ['ssl.keystore.location', 'ssl.keystore.key', 'ssl.key.location'].filter(
    (k) => props[k],
  );
  if (first && second) fail(second, `cannot be combined with ${first}`);
  const keyPassword = props['ssl.key.password'];
  const keystore = props['ssl.keystore.location'];
  if (keystore) return keystoreIdentity(keystore, props);
  const inlineKey = props['ssl.keystore.key'];
  if (inlineKey) {
    const chain =
      props['ssl.keystore.certificate.chain'] ?? fail('ssl.keystore.certificate.chain', 'required');
    const key = privateKeyIn(inlineSource('ssl.keystore.key', inlineKey), keyPassword);
    return identity(
      key,
      certificatesIn(inlineSource('ssl.keystore.certificate.chain', chain)),
      'ssl.keystore.key',
    );
  }
  const keyFile = props['ssl.key.location'];
  if (keyFile) {
    const certFile = props['ssl.certificate.location'] ?? fail('ssl.certificate.location', 'required');
    const key = privateKeyIn(fileSource('ssl.key.location', keyFile), keyPassword);
    return identity(
      key,
      certificatesIn(fileSource('ssl.certificate.location', certFile)),
      'ssl.certificate.location',
    );
  }
  return undefined;
}

function keystoreIdentity(file: string, props: TlsProps) {
  const loaded = loadStore('keystore', file, props);
  // Java: the key's own password defaults to the store's; a PEM store has only the key's.
  const keyPassword = props['ssl.key.password'] ?? props['ssl.keystore.password'];
  if (loaded.format === 'PEM') {
    return identity(
      privateKeyIn(loaded.source, keyPassword),
      certificatesIn(loaded.source),
      'ssl.keystore.location',
    );
  }
  if (keyPassword === undefined) fail('ssl.keystore.password', `required to read the key in ${file}`);
  // Java's key manager picks the first key entry too.
  const entry = loaded.store.keys[0] ?? fail('ssl.keystore.location', `${file} holds no private-key entry`);
  return identity(decryptKey(entry, keyPassword, file, props), entry.chain, 'ssl.keystore.location');
}

function decryptKey(entry: KeyEntry, password: string, file: string, props: TlsProps): KeyObject {
  try {
    return entry.decrypt(password);
  } catch (error) {
    if (error instanceof StoreError) fail('ssl.keystore.location', error.message);
    const defaulted =
      props['ssl.key.password'] === undefined ? ' (tried the keystore password: set ssl.key.password)' : '';
    return fail('ssl.key.password', `cannot decrypt the key in ${file}: ${reasonOf(error)}${defaulted}`);
  }
}

function identity(key: KeyObject, chain: X509Certificate[], certKey: string) {
  const [leaf] = chain;
  if (!leaf) fail(certKey, 'no certificate for the private key');
  if (!leaf.checkPrivateKey(key)) fail(certKey, 'the certificate does not match the private key');
  return {
    key: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: chain.map((cert) => cert.toString()).join(''),
  };
}

/**
 * Reads a store of the format its bytes show. JKS and PKCS12 stand for each other, as in Java since 9
 * (keystore.type.compat), so a config that works in Java works here; PEM declared for a binary store, or
 * the reverse, is an error.
 */
function loadStore(kind: Kind, file: string, props: TlsProps): Loaded {
  const locationKey = `ssl.${kind}.location`;
  const bytes = readFile(locationKey, file);
  const format = formatOf(bytes);
  if (format === 'JCEKS') {
    fail(
      locationKey,
      `${file} is a JCEKS store, which is not supported; convert it with keytool -importkeystore -srckeystore ${file} -srcstoretype JCEKS -destkeystore NEW.p12 -deststoretype PKCS12`,
    );
  }
  if (!format) fail(locationKey, `${file} is not a JKS, PKCS12 or PEM store`);
  const declared = props[`ssl.${kind}.type`]?.toUpperCase();
  if (declared && declared !== format && (declared === 'PEM' || format === 'PEM')) {
    fail(`ssl.${kind}.type`, `${file} is a ${format} store, not ${declared}`);
  }
  if (format === 'PEM') return { format, source: { key: locationKey, where: file, text: bytes.toString() } };
  const passwordKey = `ssl.${kind}.password`;
  const password = props[passwordKey];
  try {
    return {
      format,
      store: format === 'JKS' ? readJks(bytes, password, file) : readPkcs12(bytes, password, file),
    };
  } catch (error) {
    if (error instanceof StoreError) {
      fail(error.about === 'password' ? passwordKey : locationKey, error.message);
    }
    return fail(locationKey, `${file} is not a readable ${format} store: ${reasonOf(error)}`);
  }
}

function formatOf(bytes: Buffer): Format | undefined {
  const magic = bytes.length >= 4 ? bytes.readUInt32BE(0) : 0;
  if (magic === 0xfeedfeed) return 'JKS';
  if (magic === 0xcececece) return 'JCEKS';
  if (bytes[0] === 0x30) return 'PKCS12'; // a DER SEQUENCE
  if (bytes.includes('-----BEGIN ')) return 'PEM';
  return undefined;
}

function certificatesIn(source: Source): X509Certificate[] {
  const blocks = [...source.text.matchAll(PEM_BLOCK)].filter((block) => block[1] === 'CERTIFICATE');
  if (!blocks.length) fail(source.key, `${source.where} holds no PEM certificate`);
  return blocks.map((block, index) => {
    try {
      // Decoding the body ourselves accepts a chain pasted without line breaks, as Kafka does.
      return new X509Certificate(Buffer.from(block[2] ?? '', 'base64'));
    } catch (error) {
      return fail(source.key, `certificate ${index + 1} in ${source.where} is not valid: ${reasonOf(error)}`);
    }
  });
}

/** A PEM private key (PKCS#8, encrypted PKCS#8, or OpenSSL's legacy RSA/EC with Proc-Type headers). */
function privateKeyIn(source: Source, password: string | undefined): KeyObject {
  const block = [...source.text.matchAll(PEM_BLOCK)].find((b) => b[1]?.endsWith('PRIVATE KEY'));
  if (!block) return fail(source.key, `${source.where} holds no PEM private key`);
  const encrypted = block[1] === 'ENCRYPTED PRIVATE KEY' || block[0].includes('Proc-Type: 4,ENCRYPTED');
  if (encrypted && password === undefined) {
    fail('ssl.key.password', `the key in ${source.where} is encrypted`);
  }
  try {
    return createPrivateKey({ key: block[0], passphrase: password });
  } catch (error) {
    if (encrypted) fail('ssl.key.password', `cannot decrypt the key in ${source.where}: ${reasonOf(error)}`);
    return fail(source.key, `cannot read the key in ${source.where}: ${reasonOf(error)}`);
  }
}

const fileSource = (key: string, file: string): Source => ({
  key,
  where: file,
  text: readFile(key, file).toString(),
});

function readFile(key: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    return fail(key, `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? reasonOf(error)})`);
  }
}

const inlineSource = (key: string, text: string): Source => ({ key, where: key, text });

/** OpenSSL errors carry their reason ("bad decrypt") apart from the code-laden message. */
const reasonOf = (error: unknown) => (error as { reason?: string }).reason ?? (error as Error).message;

function fail(key: string, message: string): never {
  throw new Error(`${key}: ${message}`);
}
