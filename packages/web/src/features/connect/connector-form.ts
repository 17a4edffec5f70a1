import type { ConnectorConfigs, ConnectPlugin, ConnectPluginDefinition } from '@console/contract';

/** What the connector form edits: one value per plugin setting, and the other keys as a JSON object. */
export type ConnectorFormState = { values: Record<string, string>; transforms: string };

/** Not shown as fields: the form's own Name, and the class chosen by the type. */
export const OWN_KEYS = new Set(['name', 'connector.class']);

const INTEGER = /^-?\d+$/;

export const definitionLabel = (d: ConnectPluginDefinition) => d.displayName ?? d.name;

/**
 * docs/behaviour.md#connect: numbers for LONG, INT, SHORT, DOUBLE; booleans; PASSWORD and required ones
 * filled.
 */
function fieldError(d: ConnectPluginDefinition, raw: string | undefined): string | undefined {
  const value = (raw ?? '').trim();
  const label = definitionLabel(d);
  if (value === '') return d.required || d.type === 'PASSWORD' ? `${label} is required` : undefined;
  switch (d.type) {
    case 'INT':
    case 'LONG':
    case 'SHORT':
      return INTEGER.test(value) ? undefined : `${label} must be a whole number`;
    case 'DOUBLE':
      return Number.isFinite(Number(value)) ? undefined : `${label} must be a number`;
    case 'BOOLEAN':
      return value === 'true' || value === 'false' ? undefined : `${label} must be true or false`;
    default:
      return undefined;
  }
}

/** Errors by setting name; an empty object when every field is valid. */
export function connectorFieldErrors(
  definitions: readonly ConnectPluginDefinition[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const d of definitions) {
    if (OWN_KEYS.has(d.name)) continue;
    const error = fieldError(d, values[d.name]);
    if (error) errors[d.name] = error;
  }
  return errors;
}

/** The extra properties (transforms, predicates, overrides): a JSON object of scalar values, or empty. */
export function parseTransforms(text: string): { configs: Record<string, string> } | { error: string } {
  if (text.trim() === '') return { configs: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'Extra transforms properties must be a JSON object' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { error: 'Extra transforms properties must be a JSON object' };
  const configs: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'object' && value !== null)
      return {
        error: `Extra transforms properties: the value of '${key}' must be a string, number or boolean`,
      };
    configs[key] = String(value ?? '');
  }
  return { configs };
}

/**
 * The payload's configs: empty values omitted (docs/behaviour.md#connect), the extra properties merged in.
 */
export function connectorConfigs(
  state: ConnectorFormState,
  transforms: Record<string, string>,
  className: string,
): ConnectorConfigs {
  const fields = Object.entries(state.values).filter(([, value]) => value.trim() !== '');
  return { ...Object.fromEntries(fields), ...transforms, 'connector.class': className };
}

/** A stored connector's configs split back into the form: known settings as fields, the rest as JSON. */
export function formStateOf(
  definitions: readonly ConnectPluginDefinition[],
  configs: Readonly<Record<string, string>>,
): ConnectorFormState {
  const known = new Set(definitions.map((d) => d.name));
  const values: Record<string, string> = {};
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(configs)) {
    if (OWN_KEYS.has(key)) continue;
    if (known.has(key)) values[key] = value;
    else extra[key] = value;
  }
  return { values, transforms: Object.keys(extra).length ? JSON.stringify(extra, null, 2) : '' };
}

/** The worker's validation errors by setting name (its first per field), from a validate answer. */
export function workerErrors(plugin: ConnectPlugin): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const d of plugin.definitions) {
    const first = d.errors?.[0];
    if (first && !OWN_KEYS.has(d.name)) errors[d.name] = first;
  }
  return errors;
}
