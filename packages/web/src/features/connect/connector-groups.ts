import type { ConnectPluginDefinition } from '@console/contract';
import { OWN_KEYS } from './connector-form';

/**
 * Groups Kafka Connect adds to every connector (ConnectorConfig, SinkConnectorConfig,
 * SourceConnectorConfig) and the console's Schema Registry group: collapsed under the plugin's own.
 * "Others" is not one of them: it holds the plugin's settings that name no group.
 */
const GENERIC_GROUPS = new Set([
  'Common',
  'Transforms',
  'Predicates',
  'Error Handling',
  'Topic Creation',
  'Exactly Once Support',
  'offsets.topic',
  'Schema Registry',
]);

/** A sink needs one of these (Connect refuses it otherwise), though neither is marked required. */
const SINK_TOPICS = new Set(['topics', 'topics.regex']);

export type FieldGroup = { name: string; items: ConnectPluginDefinition[]; generic: boolean };

/**
 * The form's sections in order: every required setting first (a sink's topics too),
 * then the plugin's own groups, then the generic ones (shown collapsed).
 */
export function fieldGroups(definitions: readonly ConnectPluginDefinition[]): FieldGroup[] {
  const shown = definitions.filter((d) => !OWN_KEYS.has(d.name));
  const first = (d: ConnectPluginDefinition) => d.required || SINK_TOPICS.has(d.name);
  const required = shown.filter(first);
  const byGroup = new Map<string, ConnectPluginDefinition[]>();
  for (const d of shown) {
    if (first(d)) continue;
    byGroup.set(d.group, [...(byGroup.get(d.group) ?? []), d]);
  }
  const groups = [...byGroup].map(([name, items]) => ({ name, items, generic: GENERIC_GROUPS.has(name) }));
  return [
    ...(required.length ? [{ name: 'Required', items: required, generic: false }] : []),
    ...groups.filter((g) => !g.generic),
    ...groups.filter((g) => g.generic),
  ];
}
