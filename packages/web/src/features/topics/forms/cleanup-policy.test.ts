import type { ConfigEntry } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { canEmptyTopic } from './cleanup-policy';

const policy = (value: string): ConfigEntry[] => [
  {
    name: 'cleanup.policy',
    value,
    type: 'LIST',
    source: 'DEFAULT_CONFIG',
    readOnly: false,
    sensitive: false,
  },
];

describe('canEmptyTopic', () => {
  it('allows delete and compact,delete', () => {
    expect(canEmptyTopic(policy('delete'))).toBe(true);
    expect(canEmptyTopic(policy('compact, delete'))).toBe(true);
  });

  it('refuses compact and unknown configs', () => {
    expect(canEmptyTopic(policy('compact'))).toBe(false);
    expect(canEmptyTopic([])).toBe(false);
    expect(canEmptyTopic(undefined)).toBe(false);
  });
});
