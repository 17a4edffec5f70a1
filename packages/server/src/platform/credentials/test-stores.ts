import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The stores tls-stores.test.ts reads, made per run by the real JDK keytool and openssl as operators make them. */
const dir = mkdtempSync(join(tmpdir(), 'tls-stores-'));
export const at = (name: string) => join(dir, name);
const run = (command: string, ...args: string[]) =>
  execFileSync(command, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const keytool = (...args: string[]) => run('keytool', ...args);
const openssl = (...args: string[]) => run('openssl', ...args);
const words = (text: string) => text.split(' ');
const store = (file: string, password: string) => ['-keystore', at(file), '-storepass', password];

export const PW = {
  ca: 'Ca-Pa55',
  trust: 'Trust-Pa55',
  server: 'Server-Pa55',
  jks: 'Jks-Pa55',
  jksKey: 'JksKey-Pa55',
  p12: 'P12-Pa55',
  p12Key: 'P12Key-Pa55',
  pem: 'Pem-Pa55',
  ossl: 'Ossl-Pa55',
  wrong: 'Guess-123',
};
/** What keytool -exportcert -rfc and openssl print: the output is compared with these. */
export const pem = { ca: '', client: '', clientKey: '' };

/** keytool cannot give a PKCS12 key its own password; Java's KeyStore API (so a Kafka user) can. */
const REKEY = `import java.io.*; import java.security.*;
public class Rekey { public static void main(String[] a) throws Exception {
  KeyStore src = KeyStore.getInstance("JKS"); src.load(new FileInputStream(a[0]), a[1].toCharArray());
  KeyStore dst = KeyStore.getInstance("PKCS12"); dst.load(null, null);
  dst.setKeyEntry("client", src.getKey("client", a[2].toCharArray()), a[5].toCharArray(), src.getCertificateChain("client"));
  dst.store(new FileOutputStream(a[3]), a[4].toCharArray());
}}`;

/** A key pair in `file` whose certificate the CA signs; the reply carries the CA to complete the chain. */
function issue(
  alias: string,
  file: string,
  [password, keyPassword]: string[],
  keyArgs: string[],
  ext: string[],
) {
  const own = ['-alias', alias, ...store(file, password ?? ''), '-keypass', keyPassword ?? ''];
  keytool('-genkeypair', ...own, ...keyArgs, '-dname', `CN=${alias}`);
  writeFileSync(at(`${alias}.csr`), keytool('-certreq', ...own));
  const ca = ['-alias', 'ca', ...store('ca.p12', PW.ca)];
  const signed = keytool('-gencert', ...ca, '-infile', at(`${alias}.csr`), '-rfc', ...ext);
  writeFileSync(at(`${alias}.crt`), signed + pem.ca);
  keytool('-importcert', '-noprompt', ...own, '-file', at(`${alias}.crt`));
}

export function makeStores() {
  keytool(...words('-genkeypair -alias ca -keyalg EC -dname CN=ca -ext bc:c'), ...store('ca.p12', PW.ca));
  pem.ca = keytool('-exportcert', '-rfc', '-alias', 'ca', ...store('ca.p12', PW.ca));
  writeFileSync(at('ca.pem'), pem.ca);
  const trust = (file: string, ...args: string[]) =>
    keytool(
      ...words('-importcert -noprompt -alias ca -file'),
      at('ca.pem'),
      ...store(file, PW.trust),
      ...args,
    );
  trust('trust.jks', '-storetype', 'JKS');
  trust('trust.p12', '-storetype', 'PKCS12');
  trust('trust.jceks', '-storetype', 'JCEKS');
  trust('trust-legacy.p12', '-storetype', 'PKCS12', '-J-Dkeystore.pkcs12.legacy'); // as Java 8 wrote them
  issue('localhost', 'server.p12', [PW.server, PW.server], ['-keyalg', 'EC'], ['-ext', 'san=dns:localhost']);
  issue('client', 'client.jks', [PW.jks, PW.jksKey], ['-storetype', 'JKS', '-keyalg', 'RSA'], []);
  pem.client = keytool('-exportcert', '-rfc', '-alias', 'client', ...store('client.jks', PW.jks));
  writeFileSync(at('Rekey.java'), REKEY);
  run('java', at('Rekey.java'), at('client.jks'), PW.jks, PW.jksKey, at('client.p12'), PW.p12, PW.p12Key);
  // openssl reads only one-password PKCS12, so it prints the key from a copy made so.
  const source = ['-srckeystore', at('client.jks'), '-srcstorepass', PW.jks, '-srckeypass', PW.jksKey];
  const target = ['-destkeystore', at('same.p12'), '-deststoretype', 'PKCS12', '-deststorepass', PW.ossl];
  keytool('-importkeystore', '-srcalias', 'client', ...source, ...target);
  const printed = openssl(
    ...words('pkcs12 -nocerts -nodes -in'),
    at('same.p12'),
    '-passin',
    `pass:${PW.ossl}`,
  );
  pem.clientKey = printed.slice(printed.indexOf('-----BEGIN'));
  writeFileSync(at('client.key'), pem.clientKey);
  const encrypt = ['-in', at('client.key'), '-passout', `pass:${PW.pem}`];
  openssl('pkcs8', '-topk8', ...encrypt, '-v2', 'aes-256-cbc', '-out', at('client-pkcs8.key'));
  openssl('rsa', ...encrypt, '-aes256', '-traditional', '-out', at('client-legacy.key'));
  writeFileSync(at('keystore.pem'), readFileSync(at('client-pkcs8.key'), 'utf8') + pem.client + pem.ca);
  const bundle = ['pkcs12', '-export', '-inkey', at('client.key'), '-in', at('client.crt')];
  const protect = ['-passout', `pass:${PW.ossl}`];
  openssl(...bundle, ...protect, '-out', at('openssl.p12'));
  const legacy = words('-certpbe PBE-SHA1-3DES -keypbe PBE-SHA1-3DES -macalg sha1');
  openssl(...bundle, ...protect, ...legacy, '-out', at('3des.p12'));
}

export const removeStores = () => rmSync(dir, { recursive: true, force: true });
