/**
 * Brokers of other Kafka releases (tests/stack/versions/) answer their own CLI and the console's client.
 * BROKER_VERSIONS (comma list) picks the releases: CI runs 3.9.1 only, `pnpm test:brokers` all of them.
 * With BROKER_APIS_OUT=<file>, writes which API keys (and versions) each release answers, as markdown:
 * what the console can ask of that release.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Admin } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type VersionedBroker, versionedBroker } from '../support/versioned-broker.ts';

type Api = Awaited<ReturnType<Admin['listApis']>>[number];

const versions = (process.env.BROKER_VERSIONS ?? '3.9.1')
  .split(',')
  .map((version) => version.trim())
  .filter(Boolean);
const answered = new Map<string, Api[]>();

describe.each(versions)('Kafka %s', (version) => {
  let broker: VersionedBroker;
  let admin: Admin;
  const topic = `test-topic-${randomUUID()}`;

  beforeAll(async () => {
    broker = await versionedBroker(version);
    admin = new Admin({ clientId: 'releases-test', bootstrapBrokers: [broker.bootstrap] });
  });

  afterAll(async () => {
    await admin?.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin?.close();
    await broker?.stop();
  });

  it('creates, lists and describes a topic with its own TopicCommand', async () => {
    const created = await broker.tool('TopicCommand', [
      '--create',
      '--topic',
      topic,
      '--partitions',
      '3',
      '--replication-factor',
      '1',
    ]);
    expect(created).toContain(`Created topic ${topic}`);
    expect((await broker.tool('TopicCommand', ['--list'])).split('\n')).toContain(topic);
    const described = await broker.tool('TopicCommand', ['--describe', '--topic', topic]);
    expect(described).toMatch(/PartitionCount:\s*3\s+ReplicationFactor:\s*1/);
    expect(described.match(/Leader: 1/g)).toHaveLength(3);
  });

  it("answers ApiVersions and Metadata to the console's client", async () => {
    const apis = await admin.listApis();
    answered.set(version, apis);
    expect(apis.map((api) => api.name)).toEqual(expect.arrayContaining(['Metadata', 'CreateTopics']));
    const cluster = await admin.metadata({ topics: [] });
    expect([...cluster.brokers.values()].map((b) => `${b.host}:${b.port}`)).toEqual([broker.bootstrap]);
    expect(cluster.id).toBeTruthy();
    const described = await admin.metadata({ topics: [topic] });
    expect(described.topics.get(topic)?.partitionsCount).toBe(3);
  });
});

/** One row per API key, one column per release: the highest version it answers ("min-max" if min > 0). */
function apiTable(): string {
  const releases = [...answered.keys()];
  const keys = new Map<number, string>();
  for (const apis of answered.values())
    for (const api of apis) keys.set(api.apiKey, api.name ?? '(no name in @platformatic/kafka)');
  const rows = [...keys.entries()]
    .sort(([a], [b]) => a - b)
    .map(([key, name]) => {
      const cells = releases.map((release) => {
        const api = answered.get(release)?.find((a) => a.apiKey === key);
        return api ? (api.minVersion > 0 ? `${api.minVersion}-${api.maxVersion}` : `${api.maxVersion}`) : '–';
      });
      return `| ${key} ${name} | ${cells.join(' | ')} |`;
    });
  return [
    '# API keys each Kafka release answers',
    '',
    'ApiVersions as `@platformatic/kafka` Admin `listApis()` reads it from a broker of each release',
    '(tests/brokers/releases.test.ts, `BROKER_APIS_OUT=<this file> pnpm test:brokers`). A cell is the highest',
    'version the broker answers, `min-max` where it refuses the oldest ones (4.0 dropped them, KIP-896); `–`',
    'is an API the broker does not answer on its client listener.',
    '',
    `| API key | ${releases.join(' | ')} |`,
    `|---|${releases.map(() => '---').join('|')}|`,
    ...rows,
    '',
  ].join('\n');
}

afterAll(() => {
  const file = process.env.BROKER_APIS_OUT;
  if (file && answered.size > 0) writeFileSync(file, apiTable());
});
