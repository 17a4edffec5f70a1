import { type FieldError, MASKED_SECRET } from '@console/contract';

/**
 * Config names that hold secrets whatever their declared type: dynamic keys (`consumer.override.*`,
 * transforms, converters) are not in a plugin's definitions. `basic.auth.credentials.source` is not one.
 */
const SECRET_NAME = /password|secret|jaas\.config$|basic\.auth\.user\.info$/i;

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
  const rest = value.replace(REFERENCE, '');
  return rest !== value && /^[\s:;,/]*$/.test(rest);
}

/** Configs as answered: secrets masked (akhq#505), empty values and references left as they are. */
export function maskSecrets(
  configs: Readonly<Record<string, string>>,
  isSecret: (key: string) => boolean,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(configs).map(([key, value]) => [
      key,
      isSecret(key) && value !== '' && !isReferenceOnly(value) ? MASKED_SECRET : value,
    ]),
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
    if (value !== MASKED_SECRET) configs[key] = value;
    else if (Object.hasOwn(stored, key)) configs[key] = stored[key] as string;
    else
      unresolved.push({
        field: `body.configs.${key}`,
        message: 'a masked value with no stored secret: type it',
      });
  }
  return { configs, unresolved };
}
