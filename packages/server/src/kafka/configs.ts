import type { ConfigEntry, ConfigSource, ConfigType } from '@console/contract';
import { type Admin, ConfigResourceTypes, IncrementalAlterConfigOperationTypes } from '@platformatic/kafka';
import { conflict } from '../platform/errors.ts';
import { readUntil } from './settled.ts';

export type ConfigResource = { type: 'TOPIC' | 'BROKER'; name: string };

/** Kafka's wire codes, by position (DescribeConfigs `config_source` and `config_type`). */
const SOURCES: ConfigSource[] = [
  'UNKNOWN',
  'DYNAMIC_TOPIC_CONFIG',
  'DYNAMIC_BROKER_CONFIG',
  'DYNAMIC_DEFAULT_BROKER_CONFIG',
  'STATIC_BROKER_CONFIG',
  'DEFAULT_CONFIG',
  'DYNAMIC_BROKER_LOGGER_CONFIG',
  'CLIENT_METRICS_CONFIG',
  'GROUP_CONFIG',
];
const TYPES: ConfigType[] = [
  'UNKNOWN',
  'BOOLEAN',
  'STRING',
  'INT',
  'SHORT',
  'LONG',
  'DOUBLE',
  'LIST',
  'CLASS',
  'PASSWORD',
];

const source = (code: number): ConfigSource => SOURCES[code] ?? 'UNKNOWN';
const resourceType = (r: ConfigResource) => ConfigResourceTypes[r.type];

/** The resource's configs with the broker's own documentation and types, sorted by name. */
export async function describeConfigEntries(admin: Admin, resource: ConfigResource): Promise<ConfigEntry[]> {
  const [described] = await admin.describeConfigs({
    resources: [{ resourceType: resourceType(resource), resourceName: resource.name }],
    includeSynonyms: true,
    includeDocumentation: true,
  });
  return (described?.configs ?? [])
    .map((c) => {
      const synonyms = c.synonyms
        .filter((s) => s.name !== c.name || s.source !== c.configSource)
        .map((s) => ({
          name: s.name,
          ...(s.value ? { value: s.value } : {}),
          source: source(s.source),
        }));
      return {
        name: c.name,
        // A value Kafka does not give (null: unset, or sensitive) is left out; an empty one is "", as
        // Kafka's Admin client and `kafka-configs.sh --describe` read it (the throttled-replica lists).
        ...(c.value !== null && c.value !== undefined && !c.isSensitive ? { value: c.value } : {}),
        ...(c.documentation ? { description: c.documentation } : {}),
        type: TYPES[c.configType] ?? 'UNKNOWN',
        source: source(c.configSource),
        readOnly: c.readOnly,
        sensitive: c.isSensitive,
        ...(synonyms.length ? { synonyms } : {}),
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Changes exactly the given keys with incrementalAlterConfigs: SET for a value, DELETE (back to the
 * default) for an empty one. Every other key keeps its value, sensitive ones included; the legacy
 * alterConfigs would replace the whole set and wipe what it was not sent. Keys already at the asked value
 * are skipped; when nothing is left the answer is 409 `No config to update`, as in AKHQ. Returns the
 * keys it changed, with their asked values.
 */
export async function alterConfigEntries(
  admin: Admin,
  resource: ConfigResource,
  wanted: Readonly<Record<string, string>>,
  current: readonly ConfigEntry[],
): Promise<Record<string, string>> {
  const byName = new Map(current.map((c) => [c.name, c]));
  const changes = Object.entries(wanted).filter(([name, value]) => {
    const now = byName.get(name);
    return !now || now.sensitive || (now.value ?? '') !== value;
  });
  if (changes.length === 0) throw conflict('No config to update');
  await admin.incrementalAlterConfigs({
    resources: [
      {
        resourceType: resourceType(resource),
        resourceName: resource.name,
        configs: changes.map(([name, value]) =>
          value.trim() === ''
            ? { name, configOperation: IncrementalAlterConfigOperationTypes.DELETE }
            : { name, configOperation: IncrementalAlterConfigOperationTypes.SET, value },
        ),
      },
    ],
  });
  return Object.fromEntries(changes);
}

/** The source of a value set on the resource itself: what an empty value removes. */
const OWN_SOURCE: Record<ConfigResource['type'], ConfigSource> = {
  TOPIC: 'DYNAMIC_TOPIC_CONFIG',
  BROKER: 'DYNAMIC_BROKER_CONFIG',
};

/**
 * The configs once the changed values show (readUntil: the broker may answer from a metadata image a step
 * behind the controller). Answers the `changed` entries only, as AKHQ does (docs/api-conventions.md#topics).
 */
export async function describeAfterAlter(
  admin: Admin,
  resource: ConfigResource,
  changed: Readonly<Record<string, string>>,
): Promise<ConfigEntry[]> {
  const shows = (entries: readonly ConfigEntry[]) => {
    const byName = new Map(entries.map((c) => [c.name, c]));
    return Object.entries(changed).every(([name, value]) => {
      const entry = byName.get(name);
      if (!entry || entry.sensitive) return true;
      return value.trim() === '' ? entry.source !== OWN_SOURCE[resource.type] : entry.value === value;
    });
  };
  const entries = await readUntil(() => describeConfigEntries(admin, resource), shows);
  return entries.filter((entry) => Object.hasOwn(changed, entry.name));
}
