import { describe, expect, it } from 'vitest';
import { topicTab, topicTabs } from './topic-tab';

const all = { data: true, groups: true, configs: true, acls: true };

describe('topicTab', () => {
  it('keeps an allowed tab and opens data by default', () => {
    expect(topicTab('logs', all)).toBe('logs');
    expect(topicTab(undefined, all)).toBe('data');
    expect(topicTab('bogus', all)).toBe('data');
  });

  it('opens configs without TOPIC_DATA READ, and partitions without configs either', () => {
    expect(topicTab(undefined, { ...all, data: false })).toBe('configs');
    expect(topicTab('data', { ...all, data: false })).toBe('configs');
    expect(topicTab('acls', { data: false, groups: false, configs: false, acls: false })).toBe('partitions');
  });
});

describe('topicTabs', () => {
  it('lists the tabs in the documented order, leaving out the forbidden ones', () => {
    expect(topicTabs(all).map((t) => t.label)).toEqual([
      'Data',
      'Partitions',
      'Traffic',
      'Consumer Groups',
      'Flow',
      'Configs',
      'ACLS',
      'Logs',
    ]);
    expect(topicTabs({ data: false, groups: false, configs: true, acls: false }).map((t) => t.key)).toEqual([
      'partitions',
      'traffic',
      'flow',
      'configs',
      'logs',
    ]);
  });
});
