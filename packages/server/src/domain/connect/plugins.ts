import type { ConnectorType, ConnectPlugin, ConnectPluginDefinition, FieldError } from '@console/contract';
import type { ConfigKeyDefinition, ConfigValidation, PluginInfo } from '../../upstreams/connect/client.ts';

const OTHERS = 'Others';
const REGISTRY_GROUP = 'Schema Registry';

/**
 * The Schema Registry settings of Confluent's converters, which no plugin declares: AKHQ adds these 11 so
 * the create form offers them (docs/api-conventions.md#connect-plugin).
 */
const REGISTRY_SETTINGS: [name: string, displayName: string, type: string][] = [
  ['schema.registry.url', 'Schema registry Url', 'STRING'],
  ['schema.registry.basic.auth.user.info', 'Schema registry basic auth as user:password', 'STRING'],
  ['basic.auth.credentials.source', 'Schema registry basic auth source', 'STRING'],
  ['key.converter.schemas.enable', 'Enable key schemas', 'BOOLEAN'],
  ['key.converter.schema.registry.url', 'Key schema registry Url', 'STRING'],
  [
    'key.converter.schema.registry.basic.auth.user.info',
    'Key schema registry basic auth as user:password',
    'STRING',
  ],
  ['key.converter.basic.auth.credentials.source', 'Key schema registry basic auth source', 'STRING'],
  ['value.converter.schemas.enable', 'Enable value schemas', 'BOOLEAN'],
  ['value.converter.schema.registry.url', 'Value schema registry Url', 'STRING'],
  [
    'value.converter.schema.registry.basic.auth.user.info',
    'Value schema registry basic auth as user:password',
    'STRING',
  ],
  ['value.converter.basic.auth.credentials.source', 'Value schema registry basic auth source', 'STRING'],
];

export const REGISTRY_DEFINITIONS: readonly ConnectPluginDefinition[] = REGISTRY_SETTINGS.map(
  ([name, displayName, type]) => ({
    name,
    type,
    required: false,
    importance: 'MEDIUM',
    group: REGISTRY_GROUP,
    displayName,
    order: 0,
  }),
);

export const shortClassName = (className: string) => className.split('.').at(-1) ?? className;

export function connectorType(type: string | undefined): ConnectorType {
  const lower = type?.toLowerCase();
  return lower === 'source' || lower === 'sink' ? lower : 'unknown';
}

/** A definition as the form reads it; `displayName` is dropped when it only restates the name. */
export function toDefinition(d: ConfigKeyDefinition): ConnectPluginDefinition {
  const restates = d.display_name?.toLowerCase().replaceAll('.', ' ') === d.name.toLowerCase();
  return {
    name: d.name,
    type: d.type,
    required: d.required,
    ...(d.default_value !== null && d.default_value !== '' ? { defaultValue: d.default_value } : {}),
    importance: d.importance,
    ...(d.documentation ? { documentation: d.documentation } : {}),
    group: d.group ?? OTHERS,
    ...(d.width ? { width: d.width } : {}),
    ...(d.display_name && !restates ? { displayName: d.display_name } : {}),
    ...(d.dependents?.length ? { dependents: d.dependents } : {}),
    order: d.order_in_group ?? d.order ?? 0,
  };
}

/** Group order, with "Others" (definitions without a group) last, then the plugin's order in the group. */
export function byGroupThenOrder(a: ConnectPluginDefinition, b: ConnectPluginDefinition): number {
  if (a.group !== b.group) {
    if (a.group === OTHERS) return 1;
    if (b.group === OTHERS) return -1;
    return a.group < b.group ? -1 : 1;
  }
  return a.order - b.order;
}

/**
 * A plugin with the definitions its validation reported plus the Schema Registry group, sorted; with
 * `withErrors`, each definition carries the worker's errors for the value sent, and the plugin their count.
 */
export function toPlugin(info: PluginInfo, validation: ConfigValidation, withErrors = false): ConnectPlugin {
  const definitions = validation.configs.map((c) => {
    const definition = toDefinition(c.definition);
    return withErrors && c.value.errors.length ? { ...definition, errors: c.value.errors } : definition;
  });
  return {
    className: info.class,
    type: connectorType(info.type),
    version: info.version ?? '',
    shortClassName: shortClassName(info.class),
    definitions: [...definitions, ...REGISTRY_DEFINITIONS].sort(byGroupThenOrder),
    ...(withErrors ? { errorCount: validation.error_count } : {}),
  };
}

/** The names of the PASSWORD-typed definitions: the values to mask. */
export const passwordKeys = (validation: ConfigValidation) =>
  new Set(validation.configs.filter((c) => c.definition.type === 'PASSWORD').map((c) => c.definition.name));

/** Each config's validation errors, as the 400's fields. */
export const validationErrors = (validation: ConfigValidation): FieldError[] =>
  validation.configs.flatMap((c) =>
    c.value.errors.map((message) => ({ field: `body.configs.${c.value.name}`, message })),
  );
