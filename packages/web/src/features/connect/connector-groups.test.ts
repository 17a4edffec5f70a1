import type { ConnectPluginDefinition } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { fieldGroups } from './connector-groups';

const def = (name: string, group: string, required = false): ConnectPluginDefinition => ({
  name,
  group,
  required,
  type: 'STRING',
  importance: 'HIGH',
  order: 0,
});

describe('fieldGroups', () => {
  it('puts required settings first, then the plugin groups, then the generic groups', () => {
    const groups = fieldGroups([
      def('name', 'Common', true),
      def('tasks.max', 'Common'),
      def('topics', 'Common'),
      def('transforms', 'Transforms'),
      def('topic', 'File', true),
      def('file', 'File'),
      def('batch.size', 'File'),
      def('path', 'Others'),
    ]);
    expect(groups.map((g) => [g.name, g.generic, g.items.map((d) => d.name)])).toEqual([
      ['Required', false, ['topics', 'topic']],
      ['File', false, ['file', 'batch.size']],
      ['Others', false, ['path']],
      ['Common', true, ['tasks.max']],
      ['Transforms', true, ['transforms']],
    ]);
  });
});
