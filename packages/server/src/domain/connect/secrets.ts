import { type FieldError, MASKED_SECRET } from '@console/contract';

/**
 * Config names that hold secrets whatever their declared type: dynamic keys (`consumer.override.*`,
 * transforms, converters) are not in a plugin's definitions. `basic.auth.credentials.source` is not one.
 */
const SECRET_NAME =
  /password|passwd|pwd|secret|token$|credentials\.json$|(?:api|access|private|signing)[._-]?key$|jaas\.config$|user\.info$/i;

/**
 * Credentials inside values, whatever the key: `user:pass@` after `//`, Oracle's
 * `thin:user/pass@`, and `password=`/`pwd=`/`passwd=` parameters (JDBC query strings, `;`-separated
 * SQL Server URLs). Each keeps its text and loses the credential. Every one of them runs in linear time:
 * a value is the user's text.
 */
const CREDENTIALS_IN_VALUES: RegExp[] = [
  /(\/\/[^/?#@\s:]*:)([^/?#@\s]+)(@)/g,
  /(thin:[^/@\s:]*\/)([^@\s]+)(@)/gi,
  /((?:^|[?&;:\s])(?:password|passwd|pwd)\s*=\s*)([^&;\s]+)()/gi,
];

/** A value with the credentials inside it masked; the same value when it holds none. */
export function maskCredentials(value: string): string {
  let masked = value;
  for (const pattern of CREDENTIALS_IN_VALUES) {
    masked = masked.replace(pattern, (_all, before: string, secret: string, after: string) =>
      isReferenceOnly(secret) ? `${before}${secret}${after}` : `${before}${MASKED_SECRET}${after}`,
    );
  }
  return masked;
}

/** A config provider reference (KIP-297), e.g. `${file:/etc/secrets.properties:db.password}`. */
const REFERENCE = /\$\{[^}:]*:[^}]*\}/g;

/** Which of a connector's configs are secrets: its plugin's PASSWORD definitions plus secret-looking names. */
export function secretMatcher(passwordKeys: ReadonlySet<string>): (key: string) => boolean {
  return (key) => passwordKeys.has(key) || SECRET_NAME.test(key);
}

/**
 * True when a value is only config provider references (with separators), so it holds no secret itself:
 * shown as it is, it survives an edit (kafbat#1887 masks and then loses them).
 */
export function isReferenceOnly(value: string): boolean {
  // The reference pattern could scan long values quadratically; a reference is never this long.
  if (value.length > 4_096) return false;
  const rest = value.replace(REFERENCE, '');
  return rest !== value && /^[\s:;,/]*$/.test(rest);
}

/**
 * Configs as answered: secrets masked (akhq#505), empty values and references left as they are, and
 * credentials inside other values (URLs) masked where they stand.
 */
export function maskSecrets(
  configs: Readonly<Record<string, string>>,
  isSecret: (key: string) => boolean,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(configs).map(([key, value]) => [
      key,
      value === '' || isReferenceOnly(value) ? value : isSecret(key) ? MASKED_SECRET : maskCredentials(value),
    ]),
  );
}

/** True when a credential position of the value holds the mask (it was shown masked, then edited). */
function maskedInside(value: string): boolean {
  return CREDENTIALS_IN_VALUES.some((pattern) =>
    [...value.matchAll(pattern)].some((m) => m[2] === MASKED_SECRET),
  );
}

/**
 * Configs to store: each value still `MASKED_SECRET` takes the stored one, so an edit that did not retype a
 * secret keeps it. A masked value with nothing stored cannot be resolved and is reported per field.
 */
export function restoreSecrets(
  sent: Readonly<Record<string, string>>,
  stored: Readonly<Record<string, string>>,
): { configs: Record<string, string>; unresolved: FieldError[] } {
  const unresolved: FieldError[] = [];
  const configs: Record<string, string> = {};
  for (const [key, value] of Object.entries(sent)) {
    const before = Object.hasOwn(stored, key) ? (stored[key] as string) : undefined;
    if (!value.includes(MASKED_SECRET)) configs[key] = value;
    else if (before !== undefined && (value === MASKED_SECRET || value === maskCredentials(before)))
      configs[key] = before;
    else if (value !== MASKED_SECRET && !maskedInside(value)) configs[key] = value;
    else
      unresolved.push({
        field: `body.configs.${key}`,
        message:
          value === MASKED_SECRET
            ? 'a masked value with no stored secret: type it'
            : 'a masked credential inside a changed value: type the credential',
      });
  }
  return { configs, unresolved };
}
