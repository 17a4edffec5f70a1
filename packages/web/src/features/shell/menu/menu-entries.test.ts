import type { Cluster } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { menuEntries } from './menu-entries';

const everything = {
  NODE: ['READ' as const],
  TOPIC: ['READ' as const],
  TOPIC_DATA: ['READ' as const],
  CONSUMER_GROUP: ['READ' as const],
  SHARE_GROUP: ['READ' as const],
  ACL: ['READ' as const],
  SCHEMA: ['READ' as const],
  CONNECTOR: ['READ' as const],
  KSQLDB: ['READ' as const],
};

const menuFeatures = (changes: { scramUsers: boolean }) => ({
  transactions: true,
  producers: true,
  consumerGroupsKip848: true,
  shareGroups: true,
  quorum: true,
  clientQuotas: true,
  reassignments: true,
  ...changes,
});

const full: Cluster = { id: 'local', registry: true, connects: ['c 1', 'c2'], ksqldbs: ['k1'] };

describe('menuEntries', () => {
  it('lists every entry in the documented order for a full cluster and full rights', () => {
    expect(menuEntries(full, everything).map((e) => [e.label, e.path])).toEqual([
      ['Overview', '/local/overview'],
      ['Insights', '/local/insights'],
      ['Nodes', '/local/node'],
      ['Topics', '/local/topic'],
      ['Live Tail', '/local/tail'],
      ['Data flow', '/local/data-flow'],
      ['Consumer Groups', '/local/group'],
      ['Share Groups', '/local/share-group'],
      ['Streams Apps', '/local/streams-group'],
      ['Reassignments', '/local/reassignments'],
      ['ACLS', '/local/acls'],
      ['Schema Registry', '/local/schema'],
      ['Connect', '/local/connect/c%201'],
      ['ksqlDB', '/local/ksqldb/k1'],
      ['Settings', '/local/settings'],
    ]);
  });

  it('hides what the cluster’s Kafka release cannot do, and nothing while that is not known', () => {
    const older = {
      transactions: true,
      producers: true,
      consumerGroupsKip848: false,
      shareGroups: false,
      quorum: false,
      clientQuotas: true,
      reassignments: true,
      scramUsers: false,
    };
    const labels = (features?: typeof older) => menuEntries(full, everything, features).map((e) => e.label);
    expect(labels(older)).not.toContain('Share Groups');
    expect(labels(older)).toContain('Reassignments');
    expect(labels(undefined)).toContain('Share Groups');
    expect(labels({ ...older, reassignments: false })).not.toContain('Reassignments');
  });

  it('shows Users after ACLS with SCRAM_USER READ, unless the release has no SCRAM APIs', () => {
    const rights = { ACL: ['READ' as const], SCRAM_USER: ['READ' as const] };
    expect(menuEntries(full, rights).map((e) => [e.label, e.path])).toEqual([
      ['ACLS', '/local/acls'],
      ['Users', '/local/scram-users'],
      ['Settings', '/local/settings'],
    ]);
    const features = menuFeatures({ scramUsers: false });
    expect(menuEntries(full, rights, features).map((e) => e.label)).not.toContain('Users');
  });

  it('always shows Settings, even without roles', () => {
    expect(menuEntries(full, {}).map((e) => e.label)).toEqual(['Settings']);
  });

  it('shows Audit, before Settings, only with AUDIT READ', () => {
    expect(menuEntries(full, { AUDIT: ['READ'] }).map((e) => [e.label, e.path])).toEqual([
      ['Audit', '/local/audit'],
      ['Settings', '/local/settings'],
    ]);
    expect(menuEntries(full, everything).map((e) => e.label)).not.toContain('Audit');
  });

  it('needs READ, not another action', () => {
    expect(menuEntries(full, { TOPIC: ['CREATE'] }).map((e) => e.label)).toEqual(['Settings']);
  });

  it('hides schema without a registry or with GLUE, and connect/ksqlDB when none are listed', () => {
    const bare: Cluster = { id: 'x', registry: true, registryType: 'GLUE' };
    const labels = menuEntries(bare, everything).map((e) => e.label);
    expect(labels).not.toContain('Schema Registry');
    expect(labels).not.toContain('Connect');
    expect(labels).not.toContain('ksqlDB');
    expect(menuEntries({ id: 'y', registry: false }, everything).map((e) => e.label)).not.toContain(
      'Schema Registry',
    );
  });
});
