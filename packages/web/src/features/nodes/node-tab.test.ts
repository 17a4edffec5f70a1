import { describe, expect, it } from 'vitest';
import { nodeTab } from './node-tab';

describe('nodeTab', () => {
  it('opens configs by default when allowed', () => {
    expect(nodeTab(undefined, true)).toBe('configs');
    expect(nodeTab('configs', true)).toBe('configs');
    expect(nodeTab('bogus', true)).toBe('configs');
  });

  it('falls back to logs without NODE READ_CONFIG', () => {
    expect(nodeTab('configs', false)).toBe('logs');
    expect(nodeTab(undefined, false)).toBe('logs');
    expect(nodeTab('logs', true)).toBe('logs');
  });

  it('opens metrics only when the cluster has a Prometheus', () => {
    expect(nodeTab('metrics', true, true)).toBe('metrics');
    expect(nodeTab('metrics', false, true)).toBe('metrics');
    expect(nodeTab('metrics', true, false)).toBe('configs');
    expect(nodeTab('metrics', false, false)).toBe('logs');
  });
});
