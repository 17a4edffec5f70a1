/**
 * The console against brokers of other Kafka releases (BROKER_VERSIONS, as releases.test.ts): the
 * acceptance flows (topics, configs, produce, browse, search, groups with an offset reset, nodes, ACLs,
 * live tail) answered as that release's own CLI tools report them; what the release cannot do is said
 * with a 409 naming the release it needs; and no answer of the console is a 5xx.
 */
import { randomUUID } from 'node:crypto';
import { Consumer } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../packages/server/src/platform/config/load.ts';
import { acceptanceFlow } from '../support/acceptance-flow.ts';
import { type RunningApp, request, startConfiguredApp } from '../support/app.ts';
import { type VersionedBroker, versionedBroker } from '../support/versioned-broker.ts';

const versions = (process.env.BROKER_VERSIONS ?? '3.9.1')
  .split(',')
  .map((v) => v.trim())
  .filter(Boolean);

/** `a.b.c` at least `x.y` */
const atLeast = (version: string, wanted: string) => {
  const [a = 0, b = 0] = version.split('.').map(Number);
  const [x = 0, y = 0] = wanted.split('.').map(Number);
  return a > x || (a === x && b >= y);
};

describe.each(versions)('the console on Kafka %s', (version) => {
  let broker: VersionedBroker;
  let app: RunningApp;
  const log: string[] = [];
  const id = randomUUID().slice(0, 8);

  beforeAll(async () => {
    broker = await versionedBroker(version);
    const config = parseConfig({
      clusters: { old: { properties: { 'bootstrap.servers': broker.bootstrap } } },
    });
    app = await startConfiguredApp(config, { logStream: { write: (line) => log.push(line) } });
  });
  afterAll(async () => {
    await app?.close();
    await broker?.stop();
  });

  const send = (method: string, path: string, body?: unknown) =>
    request(`${app.url}/api/old${path}`, { method, body });

  it('lists and creates topics, produces, browses, searches, lists groups and tails', async () => {
    await acceptanceFlow(app.url, 'old', `test-topic-flow-${id}`);
  });

  it('shows topic partitions and configs as the release’s kafka-topics and kafka-configs do', async () => {
    const topic = `test-topic-configs-${id}`;
    expect((await send('POST', '/topic', { name: topic, partition: 3, replication: 1 })).status).toBe(200);
    const changed = await send('POST', `/topic/${topic}/configs`, { configs: { 'retention.ms': '7200000' } });
    expect(changed.status).toBe(200);
    const described = await broker.tool('TopicCommand', ['--describe', '--topic', topic]);
    expect(described).toMatch(/PartitionCount:\s*3/);
    expect(described).toMatch(/retention\.ms=7200000/);
    const partitions = (await send('GET', `/topic/${topic}/partitions`)).body as unknown[];
    expect(partitions).toHaveLength(3);
    const configs = (await send('GET', `/topic/${topic}/configs`)).body as { name: string; value: string }[];
    expect(configs.find((c) => c.name === 'retention.ms')?.value).toBe('7200000');
  });

  it('resets a group’s offsets, as the release’s kafka-consumer-groups then reports', async () => {
    const topic = `test-topic-group-${id}`;
    const group = `test-group-${id}`;
    expect((await send('POST', '/topic', { name: topic, partition: 1, replication: 1 })).status).toBe(200);
    for (const value of ['a', 'b', 'c']) {
      const sent = await send('POST', `/topic/${topic}/data`, { value, headers: [], multiMessage: false });
      expect(sent.status).toBe(200);
    }
    // A classic consumer commits offset 3, then leaves: the group is empty and may be reset.
    const consumer = new Consumer({
      clientId: 'brokers-test',
      groupId: group,
      bootstrapBrokers: [broker.bootstrap],
    });
    await consumer
      .commit({ offsets: [{ topic, partition: 0, offset: 3n, leaderEpoch: -1 }] })
      .catch(async () => {
        const stream = await consumer.consume({ topics: [topic], mode: 'earliest', autocommit: false });
        await stream.close();
        await consumer.commit({ offsets: [{ topic, partition: 0, offset: 3n, leaderEpoch: -1 }] });
      });
    await consumer.close();
    const reset = await send('POST', `/group/${group}/offsets`, [{ topic, partition: 0, offset: 1 }]);
    expect(reset.status, JSON.stringify(reset.body)).toBe(204);
    const shown = await broker.tool('ConsumerGroupCommand', ['--describe', '--group', group]);
    expect(shown).toMatch(new RegExp(`${topic}\\s+0\\s+1\\s+3\\s+2`));
    const viaConsole = (await send('GET', `/group/${group}`)).body as { offsets?: { offset: number }[] };
    expect(viaConsole.offsets?.map((o) => o.offset)).toEqual([1]);
  });

  it('lists nodes with the release it guesses, and creates an ACL the release’s kafka-acls lists', async () => {
    const nodes = (await send('GET', '/node')).body as { nodes: { id: number }[] };
    expect(nodes.nodes.map((n) => n.id)).toEqual([1]);
    const overview = (await send('GET', '/overview')).body as { brokers: { version?: string }[] };
    const [major, minor] = version.split('.');
    expect(overview.brokers[0]?.version).toContain(
      version.startsWith('2.') ? 'older than 3.0' : `${major}.${minor}`,
    );
    const topic = `test-topic-acl-${id}`;
    const created = await send('POST', '/acls', {
      resourceType: 'TOPIC',
      resourceName: topic,
      principal: 'User:alice',
      operation: 'READ',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const listed = await broker.tool('AclCommand', ['--list', '--topic', topic]);
    expect(listed).toMatch(/User:alice.*READ.*ALLOW|principal=User:alice.*operation=READ/s);
  });

  it('says what the release cannot do, naming the release it needs, and hides it from the menu', async () => {
    const { body: features } = await send('GET', '/capabilities');
    expect(features.features.shareGroups).toBe(atLeast(version, '4.1'));
    expect(features.features.transactions).toBe(atLeast(version, '3.0'));
    if (!atLeast(version, '4.1')) {
      const shares = await send('GET', '/share-groups');
      expect(shares.status).toBe(409);
      expect(shares.body).toMatchObject({ code: 'CLUSTER_TOO_OLD' });
      expect(shares.body.message).toMatch(
        /^Share groups need Kafka 4\.1 or newer; cluster 'old' runs Kafka /,
      );
    }
    if (!atLeast(version, '3.0')) {
      const transactions = await send('GET', '/transactions');
      expect(transactions.body).toMatchObject({ code: 'CLUSTER_TOO_OLD' });
    }
  });

  it('answers every cluster-wide page with what the release has, or a 409 naming the release it needs', async () => {
    const topic = `test-topic-pages-${id}`;
    expect((await send('POST', '/topic', { name: topic, partition: 1, replication: 1 })).status).toBe(200);
    const pages = [
      '/overview',
      '/topic',
      '/topic/name',
      `/topic/last-record?topics=${topic}`,
      `/topic/${topic}`,
      `/topic/${topic}/partitions`,
      `/topic/${topic}/groups`,
      `/topic/${topic}/logs`,
      `/topic/${topic}/acls`,
      '/group',
      '/group/topics',
      '/reassignments',
      '/acls',
      '/quotas',
      '/transactions',
      `/transactions/open?topic=${topic}`,
      '/node',
      '/node/partitions',
      '/node/1',
      '/node/1/configs',
      '/node/1/logs',
      '/quorum',
      '/features',
      '/capabilities',
    ];
    const answers = await Promise.all(pages.map(async (page) => [page, await send('GET', page)] as const));
    const unexpected = answers.filter(
      ([, a]) => a.status !== 200 && !(a.status === 409 && a.body?.code === 'CLUSTER_TOO_OLD'),
    );
    expect(unexpected.map(([page, a]) => [page, a.status, a.body?.message])).toEqual([]);
  });

  it('wrote no 5xx answer in its log', () => {
    // One line per request (logger.ts): the ones above are all there, and none answered a 5xx.
    const requests = log.filter((line) => /"msg":"request"/.test(line));
    expect(requests.length).toBeGreaterThan(20);
    expect(requests.filter((line) => /"status":5\d\d/.test(line))).toEqual([]);
  });
});
