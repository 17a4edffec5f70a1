import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Topology } from '../../../packages/contract/src/index.ts';
import { type KsqlFake, startKsqlFake } from '../../stack/ksqldb-fake/server.ts';
import { type RunningApp, request, startApp } from '../../support/app.ts';
import { installConfluentClient, openTransactionAndDie } from '../../support/confluent-client.ts';
import { bootstrap, testKafka, uniqueName } from '../../support/kafka.ts';
import { sha256, withSecurity } from '../../support/security.ts';
import { closedPort, eventually, withLocal } from '../../support/upstreams.ts';
import { connectorState, direct, newConnectorName, SINK, SOURCE } from '../connect/support.ts';

// The data-flow map against what this file sets up on the real stack: a consumer group, a FileStream
// source and sink on the stack's Connect worker, ksqlDB queries (a fake of its own, answering
// SHOW QUERIES EXTENDED as ksqlDB does) and a transactional producer left with an open transaction.
const kafka = testKafka();
const connectors: string[] = [];
let dir: string;
let fake: KsqlFake;
let app: RunningApp;
const t = {} as Record<'read' | 'readToo' | 'written' | 'sunk' | 'txn' | 'ksqlIn' | 'ksqlOut', string>;
let group: string;
let source: string;
let sink: string;
const transactionalId = uniqueName('topic').replace('topic', 'txn');
let queryId: string;

const ksql = (statements: string) =>
  fetch(`${fake.url}/ksql`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.ksql.v1+json' },
    body: JSON.stringify({ ksql: statements, streamsProperties: {} }),
  }).then((r) => r.json() as Promise<{ commandStatus?: { queryId?: string } }[]>);

const withFlowKsql = (config: Parameters<ReturnType<typeof withLocal>>[0]) =>
  withLocal((local) => ({
    ksqldb: [...local.ksqldb, { ...(local.ksqldb[0] ?? ({} as never)), name: 'flow', url: fake.url }],
  }))(config);

const map = async (at: RunningApp, query: string, headers: Record<string, string> = {}) => {
  const answer = await request(`${at.url}/api/local/topology?${query}`, { headers });
  return answer as { status: number; body: Topology };
};

const edgesOf = (m: Topology) => m.edges.map((e) => `${e.from} -${e.kind}-> ${e.to}`).sort();
const idsOf = (m: Topology) => m.nodes.map((n) => n.id).sort();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'topology-'));
  await installConfluentClient();
  fake = await startKsqlFake({ port: 0, kafkaClusterId: 'topology' });
  for (const k of ['read', 'readToo', 'written', 'sunk', 'txn'] as const) t[k] = await kafka.createTopic(1);
  t.ksqlIn = uniqueName('topic');
  t.ksqlOut = uniqueName('topic');
  group = await kafka.commitOffsets(t.read, [0]);
  await kafka.admin.alterConsumerGroupOffsets({
    groupId: group,
    topics: [{ name: t.readToo, partitionOffsets: [{ partition: 0, offset: 0n }] }],
  });

  source = newConnectorName();
  sink = newConnectorName();
  connectors.push(source, sink);
  const file = join(dir, 'in.txt');
  await writeFile(file, 'one\ntwo\n');
  for (const [name, configs] of [
    [source, { 'connector.class': SOURCE, file, topic: t.written, 'tasks.max': '1' }],
    [sink, { 'connector.class': SINK, file: join(dir, 'out.txt'), topics: t.sunk, 'tasks.max': '1' }],
  ] as const) {
    const created = await direct('/connectors', 'POST', { name, config: configs });
    expect(created.status).toBe(201);
    await connectorState(name, 'RUNNING');
  }
  // The source wrote its file (Connect tracks the topic, KIP-558); the sink's group holds its topic.
  await eventually(
    () => direct<Record<string, { topics: string[] }>>(`/connectors/${source}/topics`),
    (a) => (a.body[source]?.topics ?? []).includes(t.written),
    60_000,
  );
  await eventually(
    () => kafka.admin.describeGroups({ groups: [`connect-${sink}`] }),
    (groups) => (groups.get(`connect-${sink}`)?.members.size ?? 0) > 0,
    60_000,
  );

  await ksql(
    `CREATE STREAM flow_in (id INT KEY, qty INT) WITH (KAFKA_TOPIC='${t.ksqlIn}', VALUE_FORMAT='JSON');`,
  );
  const [created] = await ksql(
    `CREATE STREAM flow_out WITH (KAFKA_TOPIC='${t.ksqlOut}') AS SELECT id, qty FROM flow_in EMIT CHANGES;`,
  );
  queryId = created?.commandStatus?.queryId ?? '';

  await openTransactionAndDie(bootstrap(), t.txn, transactionalId, 2);
  app = await startApp(withFlowKsql);
}, 240_000);

afterAll(async () => {
  for (const name of connectors) await direct(`/connectors/${name}`, 'DELETE').catch(() => undefined);
  await app?.close();
  await fake?.close();
  await kafka.cleanup();
  await rm(dir, { recursive: true, force: true });
});

describe('the data-flow map of one topic', () => {
  it('shows the consumer group that committed offsets on the topic, and nothing else', async () => {
    const { status, body } = await map(app, `topic=${t.read}`);
    expect(status).toBe(200);
    expect(idsOf(body)).toEqual([`consumer-group:${group}`, `topic:${t.read}`].sort());
    expect(edgesOf(body)).toEqual([`topic:${t.read} -reads-> consumer-group:${group}`]);
    expect(body.depth).toBe(1);
    expect(body.truncated).toBe(false);
  });

  it('reaches the other topic the group reads at depth 2, not at depth 1', async () => {
    const one = await map(app, `topic=${t.read}&depth=1`);
    const two = await map(app, `topic=${t.read}&depth=2`);
    expect(idsOf(one.body)).not.toContain(`topic:${t.readToo}`);
    expect(edgesOf(two.body)).toEqual(
      [
        `topic:${t.read} -reads-> consumer-group:${group}`,
        `topic:${t.readToo} -reads-> consumer-group:${group}`,
      ].sort(),
    );
  });

  it('shows the FileStream source writing its topic, and any producer only by id', async () => {
    const { body } = await map(app, `topic=${t.written}`);
    const connector = `connector:local/${source}`;
    const producers = body.nodes.filter((n) => n.kind === 'producer');
    // Any producer DescribeProducers knows here is the worker's own, which has no transactional id.
    expect(producers.every((p) => /^producer \d+$/.test(p.name))).toBe(true);
    expect(edgesOf(body)).toEqual(
      [
        `${connector} -writes-> topic:${t.written}`,
        ...producers.map((p) => `${p.id} -writes-> topic:${t.written}`),
      ].sort(),
    );
    expect(body.nodes.find((n) => n.id === connector)).toEqual({
      id: connector,
      kind: 'connector',
      name: source,
      owner: 'local',
    });
  });

  it("shows the FileStream sink and its worker's consumer group reading its topic", async () => {
    const { body } = await map(app, `topic=${t.sunk}`);
    expect(edgesOf(body)).toEqual(
      [
        `topic:${t.sunk} -reads-> connector:local/${sink}`,
        `topic:${t.sunk} -reads-> consumer-group:connect-${sink}`,
      ].sort(),
    );
  });

  it('shows a ksqlDB query between the topics of its source and sink streams', async () => {
    const query = `ksqldb-query:flow/${queryId}`;
    const one = await map(app, `topic=${t.ksqlIn}`);
    expect(edgesOf(one.body)).toEqual([`topic:${t.ksqlIn} -reads-> ${query}`]);
    const two = await map(app, `topic=${t.ksqlIn}&depth=2`);
    expect(edgesOf(two.body)).toEqual(
      [`topic:${t.ksqlIn} -reads-> ${query}`, `${query} -writes-> topic:${t.ksqlOut}`].sort(),
    );
  });

  it('shows the transactional producer with an open transaction on the topic by its transactional id', async () => {
    const { body } = await map(app, `topic=${t.txn}`);
    expect(edgesOf(body)).toEqual([`producer:${transactionalId} -writes-> topic:${t.txn}`]);
    expect(body.sources.find((s) => s.name === 'transactions')).toMatchObject({
      ageMs: expect.any(Number),
      note: expect.stringMatching(/open transaction/),
    });
  });

  it('starts from a node or a search as well as from a topic', async () => {
    const byNode = await map(app, `node=${encodeURIComponent(`consumer-group:${group}`)}`);
    expect(idsOf(byNode.body)).toEqual(
      [`consumer-group:${group}`, `topic:${t.read}`, `topic:${t.readToo}`].sort(),
    );
    const bySearch = await map(app, `q=${encodeURIComponent(source)}`);
    expect(idsOf(bySearch.body)).toEqual([`connector:local/${source}`, `topic:${t.written}`].sort());
  });

  it('tells the age of every source', async () => {
    const { body } = await map(app, `topic=${t.read}`);
    const names = body.sources.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['consumer-groups', 'connect', 'ksqldb', 'transactions', 'producers']),
    );
    for (const s of body.sources.filter((x) => x.name !== 'producers'))
      expect(s.ageMs).toBeGreaterThanOrEqual(0);
  });

  it('refuses a request naming no start with a 400 naming the field', async () => {
    const none = await map(app, '');
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'BAD_REQUEST', fields: [{ field: 'query.topic' }] });
    const bad = await map(app, 'node=nothing-here');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: [{ field: 'query.node' }] });
    const deep = await map(app, `topic=${t.read}&depth=9`);
    expect(deep.status).toBe(400);
  });
});

describe('who sees what on the map', () => {
  let secured: RunningApp;
  const basic = (user: string) => ({
    authorization: `Basic ${Buffer.from(`${user}:pw`).toString('base64')}`,
  });

  beforeAll(async () => {
    secured = await startApp((config) =>
      withSecurity({
        defaultGroup: null,
        roles: { topics: [{ resources: ['TOPIC'], actions: ['READ'] }] },
        groups: { topics: [{ role: 'topics', patterns: ['test-topic-.*'] }] },
        users: [{ username: 'topics', password: sha256('pw'), groups: ['topics'] }],
      })(withFlowKsql(config)),
    );
  });
  afterAll(() => secured?.close());

  it('drops the nodes a caller may not read with their edges, never naming them', async () => {
    const { status, body } = await map(secured, `topic=${t.read}&depth=2`, basic('topics'));
    expect(status).toBe(200);
    expect(idsOf(body)).toEqual([`topic:${t.read}`]);
    expect(body.edges).toEqual([]);
    expect(JSON.stringify(body)).not.toContain(group);
  });

  it('refuses a topic the caller may not read', async () => {
    const { status } = await map(secured, 'topic=other-topic', basic('topics'));
    expect(status).toBe(403);
  });
});

describe('a map while Connect is down', () => {
  it('answers the rest of the map, with the Connect source’s error', async () => {
    const port = await closedPort();
    const down = await startApp((config) =>
      withLocal((local) => ({
        connect: local.connect.map((c) => ({ ...c, url: `http://127.0.0.1:${port}` })),
      }))(config),
    );
    try {
      const { status, body } = await map(down, `topic=${t.read}`);
      expect(status).toBe(200);
      expect(edgesOf(body)).toEqual([`topic:${t.read} -reads-> consumer-group:${group}`]);
      const connect = body.sources.find((s) => s.name === 'connect');
      expect(connect).toMatchObject({ owner: 'local', error: expect.any(String), code: expect.any(String) });
    } finally {
      await down.close();
    }
  });
});
