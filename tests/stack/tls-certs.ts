// The HTTPS listeners of the registry and Connect: a test CA, one server certificate for IP 127.0.0.1
// (no DNS name, as the secured broker's), a client certificate, and the store forms an operator hands
// the console's upstream `tls`. openssl only, with P-256 keys, so each file takes milliseconds. The one
// store Java must read as a truststore (Connect's) is JKS written here: Java ignores the certificates of
// an openssl-made PKCS12 (they lack Oracle's trust attribute, which OpenSSL writes only from 3.2), and
// keytool would be a JVM start.
import { execFile } from 'node:child_process';
import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { componentDir } from './paths.ts';

export const tlsDir = componentDir('tls');

/** Every store and keystore here, the servers' included (test-only). */
export const TLS_PASSWORD = 'stack-tls-pw';
export const CLIENT_SUBJECT = '/O=Kafka Console Test/OU=clients/CN=console';

export interface TlsFiles {
  /** The test CA: `ssl.ca.location`, or a PEM `ssl.truststore.location`. */
  caPem: string;
  /** A CA that signed nothing here: the wrong truststore. */
  otherCaPem: string;
  /** The CA alone, made by openssl: the console reads it, Java would find no trusted certificate in it. */
  truststoreP12: string;
  /** The CA as a JKS trusted-certificate entry: Connect's truststore, readable by Java and the console. */
  truststoreJks: string;
  serverCertPem: string;
  serverKeyPem: string;
  /** Connect's keystore: Jetty takes only JDK KeyStore types, so not PEM (KIP-651 is the clients'). */
  serverKeystoreP12: string;
  clientCertPem: string;
  clientKeyPem: string;
  /** Key, certificate and CA, all under TLS_PASSWORD. */
  clientKeystoreP12: string;
}

export function tlsFiles(dir = tlsDir): TlsFiles {
  const at = (name: string) => join(dir, name);
  return {
    caPem: at('ca.pem'),
    otherCaPem: at('other-ca.pem'),
    truststoreP12: at('truststore.p12'),
    truststoreJks: at('truststore.jks'),
    serverCertPem: at('server.pem'),
    serverKeyPem: at('server.key'),
    serverKeystoreP12: at('server.p12'),
    clientCertPem: at('client.pem'),
    clientKeyPem: at('client.key'),
    clientKeystoreP12: at('client.p12'),
  };
}

const execFileAsync = promisify(execFile);

async function openssl(dir: string, ...args: string[]): Promise<void> {
  try {
    await execFileAsync('openssl', args, { cwd: dir });
  } catch (error) {
    const failure = error as { stderr?: string; message: string };
    throw new Error(`openssl ${args.join(' ')} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

const ca = (dir: string, name: string, cn: string) =>
  openssl(
    dir,
    ...['req', '-x509', ...EC_KEY, '-days', '3650', '-keyout', `${name}.key`, '-out', `${name}.pem`],
    ...['-subj', `/CN=${cn}`, '-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
  );

/** OpenSSL 3's `req -CA` makes the key and signs its certificate in one run. */
const issued = (dir: string, name: string, subject: string, extensions: string[]) =>
  openssl(
    dir,
    ...['req', ...EC_KEY, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-days', '825', '-subj', subject],
    ...['-set_serial', `0x${randomBytes(8).toString('hex')}`, '-keyout', `${name}.key`],
    ...['-out', `${name}.pem`, '-addext', 'basicConstraints=CA:FALSE'],
    ...extensions.flatMap((extension) => ['-addext', extension]),
  );

const keystore = (dir: string, name: string) =>
  openssl(
    dir,
    ...['pkcs12', '-export', '-name', name, '-in', `${name}.pem`, '-inkey', `${name}.key`],
    ...['-certfile', 'ca.pem', '-out', `${name}.p12`, '-passout', `pass:${TLS_PASSWORD}`],
  );

/**
 * A JKS store of trusted certificates (the JDK's sun.security.provider.JavaKeyStore): magic, version 2,
 * entries of tag 2 (alias, date, "X.509", DER), then SHA-1 over the password's UTF-16BE bytes, the words
 * "Mighty Aphrodite" and everything before.
 */
export function jksTruststore(certs: { alias: string; pem: string }[], password: string): Buffer {
  const u32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
  const utf = (text: string) => Buffer.concat([Buffer.from([0, text.length]), Buffer.from(text, 'ascii')]);
  const date = Buffer.alloc(8);
  date.writeBigInt64BE(BigInt(Date.now()));
  const body = Buffer.concat([
    u32(0xfeedfeed),
    u32(2),
    u32(certs.length),
    ...certs.flatMap(({ alias, pem }) => {
      const der = new X509Certificate(pem).raw;
      return [u32(2), utf(alias), date, utf('X.509'), u32(der.length), der];
    }),
  ]);
  const digest = createHash('sha1')
    .update(Buffer.from(password, 'utf16le').swap16())
    .update('Mighty Aphrodite')
    .update(body)
    .digest();
  return Buffer.concat([body, digest]);
}

/** Writes every file of `tlsFiles(dir)` afresh (about 0.1 s). */
export async function makeTlsFiles(dir = tlsDir): Promise<TlsFiles> {
  mkdirSync(dir, { recursive: true });
  const files = tlsFiles(dir);
  await Promise.all([ca(dir, 'ca', 'Kafka Console Stack CA'), ca(dir, 'other-ca', 'Kafka Console Other CA')]);
  await Promise.all([
    issued(dir, 'server', '/CN=stack-https', [
      'subjectAltName=IP:127.0.0.1',
      'extendedKeyUsage=serverAuth',
    ]).then(() => keystore(dir, 'server')),
    issued(dir, 'client', CLIENT_SUBJECT, ['extendedKeyUsage=clientAuth']).then(() =>
      keystore(dir, 'client'),
    ),
    openssl(
      dir,
      ...['pkcs12', '-export', '-nokeys', '-name', 'ca', '-in', 'ca.pem', '-out', 'truststore.p12'],
      ...['-passout', `pass:${TLS_PASSWORD}`],
    ),
  ]);
  const caPem = readFileSync(files.caPem, 'utf8');
  writeFileSync(files.truststoreJks, jksTruststore([{ alias: 'ca', pem: caPem }], TLS_PASSWORD));
  return files;
}

/** True when `url` answers 200 over TLS to the test CA's client certificate. */
export function httpsAnswers(url: string, files = tlsFiles()): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const req = request(url, {
        ca: readFileSync(files.caPem),
        cert: readFileSync(files.clientCertPem),
        key: readFileSync(files.clientKeyPem),
        timeout: 3000,
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', () => resolve(false));
      req.end();
    } catch {
      resolve(false);
    }
  });
}
