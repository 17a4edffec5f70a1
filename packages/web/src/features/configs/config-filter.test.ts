import type { ConfigEntry } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { filterConfigs, topicOverride } from './config-filter';

const entry = (name: string, source: string): ConfigEntry =>
  ({ name, source, value: '1', readOnly: false, sensitive: false, type: 'LONG' }) as unknown as ConfigEntry;
const configs = [
  entry('retention.ms', 'DYNAMIC_TOPIC_CONFIG'),
  entry('min.insync.replicas', 'STATIC_BROKER_CONFIG'),
  entry('flush.ms', 'DEFAULT_CONFIG'),
];
const names = (list: ConfigEntry[]) => list.map((c) => c.name);

describe('filterConfigs', () => {
  it('keeps names holding every word, in any case', () => {
    expect(names(filterConfigs(configs, { text: 'MS', overriddenOnly: false }))).toEqual([
      'retention.ms',
      'flush.ms',
    ]);
    expect(names(filterConfigs(configs, { text: 'ret ms', overriddenOnly: false }))).toEqual([
      'retention.ms',
    ]);
  });

  it('overridden only: not at the default for a broker, set on the topic itself for a topic', () => {
    const only = { text: '', overriddenOnly: true };
    expect(names(filterConfigs(configs, only))).toEqual(['retention.ms', 'min.insync.replicas']);
    expect(names(filterConfigs(configs, only, topicOverride))).toEqual(['retention.ms']);
  });
});
