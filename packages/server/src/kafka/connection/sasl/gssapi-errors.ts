/**
 * MIT Kerberos failures as one line an operator can act on. The GSS-API's own messages are two joined
 * halves ("No credentials were supplied, or the credentials were unavailable or inaccessible: <minor>")
 * where only the minor half names the problem, and several problems read alike: a missing keytab, a
 * principal the keytab lacks and an unknown client all say "Can't find client principal ... in cache
 * collection", so those are told apart by reading the keytab. Principal names and paths are not secret;
 * no key material is ever read into a message.
 */
import { readFileSync } from 'node:fs';

export type Login = { principal?: string | undefined; keyTab?: string | undefined };

/** The minor (mechanism) half of the addon's "major: minor" message, trimmed to one line. */
function minor(message: string): string {
  const text = message.replaceAll(/\s+/g, ' ').trim();
  const at = text.indexOf(': ');
  return at < 0 ? text : text.slice(at + 2);
}

const REASONS: [RegExp, (match: RegExpExecArray) => string][] = [
  [
    /Cannot contact any KDC for realm '([^']*)'/,
    (m) => `no KDC of realm ${m[1]} answers (check krb5.conf's [realms] and that the KDC is up)`,
  ],
  [
    /Clock skew too great/,
    () =>
      "the clocks of the console and the KDC differ by more than krb5.conf's clockskew (5 minutes by default)",
  ],
  [
    /Server (\S+) not found in Kerberos database/,
    (m) =>
      `the KDC does not know the broker's service principal ${m[1]} (check sasl.kerberos.service.name and the host the console connects to)`,
  ],
  [
    /Client '?([^' ]+)'? not found in Kerberos database/,
    (m) => `the KDC does not know the principal ${m[1]}`,
  ],
  [
    /Decrypt integrity check failed|Preauthentication failed|Password incorrect/,
    () =>
      "the keytab's key does not match the KDC's (a keytab made before the principal's key last changed?)",
  ],
  [/Ticket expired/, () => 'the Kerberos ticket has expired'],
  [/Cannot find KDC for realm "([^"]*)"/, (m) => `krb5.conf names no KDC for realm ${m[1]}`],
  [
    /Configuration file does not specify default realm/,
    () => 'krb5.conf names no default_realm and the principal names no realm',
  ],
];

/** The principals a keytab holds (MIT keytab format 0x0502), or undefined when it cannot be read. */
export function keytabPrincipals(file: string): string[] | undefined {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  if (data.length < 2 || data.readUInt16BE(0) !== 0x0502) return undefined;
  const names = new Set<string>();
  let at = 2;
  while (at + 4 <= data.length) {
    const size = data.readInt32BE(at);
    at += 4;
    // A negative size marks a hole left by a removed entry.
    if (size > 0 && at + size <= data.length) {
      let p = at;
      const text = () => {
        const length = data.readUInt16BE(p);
        const value = data.toString('utf8', p + 2, p + 2 + length);
        p += 2 + length;
        return value;
      };
      const count = data.readUInt16BE(p);
      p += 2;
      const realm = text();
      const components = Array.from({ length: count }, text);
      names.add(`${components.join('/')}@${realm}`);
    }
    at += Math.abs(size);
  }
  return [...names];
}

function credentialsReason(login: Login): string | undefined {
  if (!login.keyTab)
    return 'no Kerberos credentials (no keyTab in sasl.jaas.config, and no ticket cache holds the principal)';
  const held = keytabPrincipals(login.keyTab);
  if (!held) return `the keytab ${login.keyTab} cannot be read`;
  const wanted = login.principal ?? '';
  const named = (p: string) => p === wanted || p.split('@')[0] === wanted;
  if (wanted && !held.some(named)) {
    return `the principal ${wanted} is not in the keytab ${login.keyTab} (it holds ${held.join(', ') || 'nothing'})`;
  }
  return undefined;
}

/** One line for a failure of the Kerberos library, naming the problem where it is known. */
export function kerberosReason(error: unknown, login: Login): string {
  const message = error instanceof Error ? error.message : String(error);
  for (const [pattern, reason] of REASONS) {
    const match = pattern.exec(message);
    if (match) return reason(match);
  }
  if (/Can't find client principal|No credentials were supplied/.test(message)) {
    const known = credentialsReason(login);
    if (known) return known;
  }
  return minor(message);
}
