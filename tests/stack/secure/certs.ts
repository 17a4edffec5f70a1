// The secured broker's certificates and every store form an operator's Java client is handed, made
// with openssl and the JDK's keytool. The broker's SAN is IP:127.0.0.1 only, never DNS:localhost, so
// a client that dials localhost:<port> fails host name verification: that failure needs no fixture.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CLIENT_DN, PASSWORDS } from './settings.ts';

/** Absolute paths of the files under certs/. */
export interface CertFiles {
  caPem: string;
  otherCaPem: string;
  truststoreJks: string;
  truststoreP12: string;
  brokerKeystoreP12: string;
  expiredKeystoreP12: string;
  clientCertPem: string;
  clientKeyPem: string;
  clientKeyEncryptedPem: string;
  /** The encrypted key and the certificate chain in one file: `ssl.keystore.type=PEM` with a location. */
  clientKeystorePem: string;
  clientKeystoreP12: string;
  clientKeystoreJks: string;
}

export function certFiles(dir: string): CertFiles {
  const at = (name: string) => join(dir, name);
  return {
    caPem: at('ca.pem'),
    otherCaPem: at('other-ca.pem'),
    truststoreJks: at('truststore.jks'),
    truststoreP12: at('truststore.p12'),
    brokerKeystoreP12: at('broker.p12'),
    expiredKeystoreP12: at('expired.p12'),
    clientCertPem: at('client.pem'),
    clientKeyPem: at('client.key'),
    clientKeyEncryptedPem: at('client-key-encrypted.pem'),
    clientKeystorePem: at('client-keystore.pem'),
    clientKeystoreP12: at('client.p12'),
    clientKeystoreJks: at('client.jks'),
  };
}

const execFileAsync = promisify(execFile);

async function run(command: string, args: string[], cwd: string): Promise<void> {
  try {
    await execFileAsync(command, args, { cwd });
  } catch (error) {
    const failure = error as { stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

const openssl = (cwd: string, ...args: string[]) => run('openssl', args, cwd);
const keytool = (cwd: string, ...args: string[]) => run('keytool', args, cwd);

function selfSignedCa(dir: string, name: string, cn: string): Promise<void> {
  return openssl(
    dir,
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '3650'],
    ...['-keyout', `${name}.key`, '-out', `${name}.pem`, '-subj', `/CN=${cn}`],
    ...['-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
  );
}

/** A key and a certificate signed by ca.pem with the given X.509 v3 extensions. */
async function signed(dir: string, name: string, subject: string, extensions: string[]): Promise<void> {
  await openssl(
    dir,
    ...['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`],
    ...['-subj', subject],
  );
  writeFileSync(join(dir, `${name}.ext`), `${['basicConstraints=CA:FALSE', ...extensions].join('\n')}\n`);
  await openssl(
    dir,
    ...['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-days', '825'],
    ...['-set_serial', `0x${randomBytes(8).toString('hex')}`, '-extfile', `${name}.ext`],
    ...['-out', `${name}.pem`],
  );
}

/** A PKCS12 keystore: key, certificate and the CA above it. */
const p12 = (dir: string, name: string, password: string) =>
  openssl(
    dir,
    ...['pkcs12', '-export', '-name', name, '-in', `${name}.pem`, '-inkey', `${name}.key`],
    ...['-certfile', 'ca.pem', '-out', `${name}.p12`, '-passout', `pass:${password}`],
  );

/**
 * A broker certificate that expired long ago. openssl 3.0's `x509 -req` cannot backdate, keytool's
 * -gencert can (-startdate), so the CA goes into a PKCS12 store keytool can sign with.
 */
async function expired(dir: string): Promise<void> {
  const caStore = ['-keystore', 'ca.p12', '-storetype', 'PKCS12', '-storepass', PASSWORDS.broker];
  await openssl(
    dir,
    ...['pkcs12', '-export', '-name', 'ca', '-in', 'ca.pem', '-inkey', 'ca.key', '-out', 'ca.p12'],
    ...['-passout', `pass:${PASSWORDS.broker}`],
  );
  await openssl(
    dir,
    ...['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'expired.key', '-out', 'expired.csr'],
    ...['-subj', '/CN=secure-broker-expired'],
  );
  await keytool(
    dir,
    ...['-gencert', ...caStore, '-alias', 'ca', '-infile', 'expired.csr', '-outfile', 'expired.pem', '-rfc'],
    ...['-startdate', '-30d', '-validity', '2', '-ext', 'SAN=IP:127.0.0.1', '-ext', 'EKU=serverAuth'],
  );
  await p12(dir, 'expired', PASSWORDS.broker);
}

async function client(dir: string, files: CertFiles): Promise<void> {
  await signed(dir, 'client', CLIENT_DN, ['extendedKeyUsage=clientAuth']);
  // PBES1 (SHA1 + 3DES), not openssl's default PBES2: Java 17 cannot decrypt a PBES2 PKCS#8 key ("PBES2
  // SecretKeyFactory not available"), so a Java client's PEM keystore needs this. Node reads both.
  await openssl(
    dir,
    ...['pkcs8', '-topk8', '-in', 'client.key', '-out', 'client-key-encrypted.pem'],
    ...['-v1', 'PBE-SHA1-3DES', '-passout', `pass:${PASSWORDS.key}`],
  );
  writeFileSync(
    files.clientKeystorePem,
    [files.clientKeyEncryptedPem, files.clientCertPem, files.caPem]
      .map((f) => readFileSync(f, 'utf8'))
      .join(''),
  );
  await p12(dir, 'client', PASSWORDS.keystore);
  // JKS keeps a key password apart from the store's: the one place `ssl.key.password` differs.
  await keytool(
    dir,
    ...['-importkeystore', '-noprompt', '-srckeystore', 'client.p12', '-srcstoretype', 'PKCS12'],
    ...['-srcstorepass', PASSWORDS.keystore, '-destkeystore', 'client.jks', '-deststoretype', 'JKS'],
    ...['-deststorepass', PASSWORDS.keystore, '-destkeypass', PASSWORDS.key, '-srcalias', 'client'],
  );
}

const truststore = (dir: string, file: string, type: string) =>
  keytool(
    dir,
    ...['-importcert', '-noprompt', '-alias', 'ca', '-file', 'ca.pem', '-keystore', file],
    ...['-storetype', type, '-storepass', PASSWORDS.truststore],
  );

/** Writes every certificate and store into `dir` (about 3 s: keytool is a JVM start each time). */
export async function generateCerts(dir: string): Promise<CertFiles> {
  mkdirSync(dir, { recursive: true });
  const files = certFiles(dir);
  await Promise.all([
    selfSignedCa(dir, 'ca', 'Kafka Console Test CA'),
    selfSignedCa(dir, 'other-ca', 'Other CA'),
  ]);
  await Promise.all([
    signed(dir, 'broker', '/CN=secure-broker', [
      'subjectAltName=IP:127.0.0.1',
      'extendedKeyUsage=serverAuth',
    ]).then(() => p12(dir, 'broker', PASSWORDS.broker)),
    expired(dir),
    client(dir, files),
    truststore(dir, 'truststore.jks', 'JKS'),
    truststore(dir, 'truststore.p12', 'PKCS12'),
  ]);
  return files;
}
