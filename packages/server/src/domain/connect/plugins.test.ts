import { describe, expect, it } from 'vitest';
import type { ConfigKeyDefinition, ConfigValidation } from '../../upstreams/connect/client.ts';
import { passwordKeys, REGISTRY_DEFINITIONS, toDefinition, toPlugin, validationErrors } from './plugins.ts';

const definition = (
  name: string,
  group: string | null,
  order: number,
  extra: Partial<ConfigKeyDefinition> = {},
) =>
  ({
    name,
    type: 'STRING',
    required: false,
    default_value: null,
    importance: 'LOW',
    documentation: null,
    group,
    width: 'NONE',
    display_name: name,
    dependents: [],
    order_in_group: order,
    ...extra,
  }) satisfies ConfigKeyDefinition;

const validation = (
  defs: ConfigKeyDefinition[],
  errors: Record<string, string[]> = {},
): ConfigValidation => ({
  name: 'x',
  error_count: Object.values(errors).flat().length,
  configs: defs.map((d) => ({ definition: d, value: { name: d.name, errors: errors[d.name] ?? [] } })),
});

describe('connect plugins', () => {
  it('sorts definitions by group with Others last, then by order, with the 11 Schema Registry ones', () => {
    const plugin = toPlugin(
      { class: 'org.example.JdbcSinkConnector', type: 'sink', version: '1.0' },
      validation([
        definition('file', null, -1),
        definition('errors.tolerance', 'Error Handling', 3),
        definition('tasks.max', 'Common', 4),
        definition('name', 'Common', 1),
      ]),
    );
    expect(plugin.shortClassName).toBe('JdbcSinkConnector');
    expect(plugin.definitions.map((d) => `${d.group}:${d.name}`)).toEqual([
      'Common:name',
      'Common:tasks.max',
      'Error Handling:errors.tolerance',
      ...REGISTRY_DEFINITIONS.map((d) => `Schema Registry:${d.name}`),
      'Others:file',
    ]);
    expect(REGISTRY_DEFINITIONS).toHaveLength(11);
  });

  it('drops a display name that only restates the name, and empty optional fields', () => {
    expect(toDefinition(definition('topics', 'Common', 4, { display_name: 'Topics' }))).toEqual({
      name: 'topics',
      type: 'STRING',
      required: false,
      importance: 'LOW',
      group: 'Common',
      width: 'NONE',
      order: 4,
    });
    expect(
      toDefinition(definition('tasks.max', 'Common', 4, { display_name: 'Tasks max' })).displayName,
    ).toBe('Tasks max');
  });

  it('finds PASSWORD keys and lists every field error', () => {
    const v = validation(
      [
        definition('connection.password', 'Connection', 1, { type: 'PASSWORD' }),
        definition('topic', null, -1),
      ],
      { topic: ['Missing required configuration "topic" which has no default value.'] },
    );
    expect([...passwordKeys(v)]).toEqual(['connection.password']);
    expect(validationErrors(v)).toEqual([
      {
        field: 'body.configs.topic',
        message: 'Missing required configuration "topic" which has no default value.',
      },
    ]);
  });
});
