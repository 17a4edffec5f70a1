// Kafka Streams apps on the stack's broker: two real Kafka Streams 4.4 apps (tests/support/streams-app.ts),
// one on the streams rebalance protocol (KIP-1071), one classic, with Kafka 4.4's kafka-streams-groups.sh
// (StreamsGroupCommand) as the other side of every read and write.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamsGroup } from '../../../packages/contract/src/index.ts';
import { streamsAppTopics } from '../../../packages/server/src/domain/streams-groups/app-topics.ts';
import { type RunningApp, request, startApp } from '../../support/app.ts';
import { bootstrap, testKafka, uniqueName } from '../../support/kafka.ts';
import { kafkaTool } from '../../support/kafka-tools.ts';
import { formLogin, sessionCookie, sha256, withSecurity } from '../../support/security.ts';
import { type RunningStreamsApp, startStreamsApp } from '../../support/streams-app.ts';

let app: RunningApp;
let secured: RunningApp;
const kafka = testKafka();
let source: string;
let sink: string;
const streamsId = uniqueName('group');
const classicId = uniqueName('group');
let streamsApp: RunningStreamsApp | undefined;
let classicApp: RunningStreamsApp | undefined;

beforeAll(async () => {
  [app, secured] = await Promise.all([
    startApp(),
    startApp(
      withSecurity({
        defaultGroup: null,
        roles: { topics: [{ resources: ['TOPIC'], actions: ['READ'] }] },
        groups: { devs: [{ role: 'topics' }] },
        users: [{ username: 'dev', password: sha256('pw'), groups: ['devs'] }],
      }),
    ),
  ]);
  source = await kafka.createTopic(2);
  sink = await kafka.createTopic(1);
  const words = ['a', 'b', 'a', 'c', 'a', 'b'];
  await kafka.produce(
    source,
    words.map((value, i) => ({ partition: i % 2, key: `k${i}`, value })),
  );
  [streamsApp, classicApp] = await Promise.all([
    startStreamsApp({ bootstrap: bootstrap(), applicationId: streamsId, source, sink, protocol: 'streams' }),
    startStreamsApp({ bootstrap: bootstrap(), applicationId: classicId, source, sink, protocol: 'classic' }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.allSettled([streamsApp?.stop(), classicApp?.stop()]);
  await kafka.admin.deleteGroups({ groups: [streamsId, classicId] }).catch(() => undefined);
  const internal = (await kafka.admin.listTopics()).filter(
    (t) => t.startsWith(`${streamsId}-`) || t.startsWith(`${classicId}-`),
  );
  if (internal.length) await kafka.admin.deleteTopics({ topics: internal }).catch(() => undefined);
  await kafka.cleanup();
  await Promise.all([app?.close(), secured?.close()]);
}, 120_000);

const call = (method: string, path: string, body?: unknown) =>
  request(`${app.url}/api/local${path}`, { method, body });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const streamsTool = (args: string[]) =>
  kafkaTool('streams.StreamsGroupCommand', ['--bootstrap-server', bootstrap(), ...args]);

/** A table the tool prints: header names → the cells of each row, columns split on runs of spaces. */
function table(out: string): Record<string, string>[] {
  const lines = out.split('\n').filter((l) => l.trim() !== '');
  const header = (lines[0] ?? '').trim().split(/\s+/);
  return lines.slice(1).map((l) => {
    const cells = l.trim().split(/\s+/);
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
}

const settled = (g: StreamsGroup) =>
  g.state === 'STABLE' && g.offsets.length > 0 && g.offsets.every((o) => o.lag === 0);

describe('streams groups', () => {
  it('answers what kafka-streams-groups.sh --describe prints, field by field', async () => {
    const described = await until(
      async (): Promise<StreamsGroup> => (await call('GET', `/streams-group/${streamsId}`)).body,
      settled,
    );
    expect(described.protocol).toBe('streams');

    const state = table(await streamsTool(['--describe', '--group', streamsId, '--state', '--verbose']))[0];
    expect(described.state).toBe(state?.STATE?.toUpperCase());
    expect(String(described.groupEpoch)).toBe(state?.['GROUP-EPOCH']);
    expect(String(described.assignmentEpoch)).toBe(state?.['TARGET-ASSIGNMENT-EPOCH']);
    expect(String(described.members.length)).toBe(state?.['#MEMBERS']);

    const offsets = table(await streamsTool(['--describe', '--group', streamsId, '--offsets', '--verbose']));
    const ours = described.offsets.map(
      (o: {
        topic: string;
        partition: number;
        currentOffset?: number;
        logEndOffset: number;
        lag: number;
      }) => ({
        TOPIC: o.topic,
        PARTITION: String(o.partition),
        'CURRENT-OFFSET': o.currentOffset === undefined ? '-' : String(o.currentOffset),
        'LOG-END-OFFSET': String(o.logEndOffset),
        'OFFSET-LAG': String(o.lag),
      }),
    );
    const theirs = offsets.map((r) => ({
      TOPIC: r.TOPIC,
      PARTITION: r.PARTITION,
      'CURRENT-OFFSET': r['CURRENT-OFFSET'],
      'LOG-END-OFFSET': r['LOG-END-OFFSET'],
      'OFFSET-LAG': r['OFFSET-LAG'],
    }));
    const order = (a: { TOPIC?: string; PARTITION?: string }, b: { TOPIC?: string; PARTITION?: string }) =>
      `${a.TOPIC}/${a.PARTITION}`.localeCompare(`${b.TOPIC}/${b.PARTITION}`);
    expect(ours.sort(order)).toEqual(theirs.sort(order));
    expect(ours.map((r: { TOPIC: string }) => r.TOPIC)).toContain(source);

    const members = await streamsTool(['--describe', '--group', streamsId, '--members', '--verbose']);
    const rows = table(members).filter((r) => r.GROUP === streamsId);
    expect(rows).toHaveLength(described.members.length);
    for (const row of rows) {
      const m = described.members.find((x: { memberId: string }) => x.memberId === row.MEMBER);
      expect(m).toMatchObject({
        protocol: row['MEMBER-PROTOCOL'],
        memberEpoch: Number(row['MEMBER-EPOCH']),
        processId: row.PROCESS,
        clientId: row['CLIENT-ID'],
        topologyEpoch: Number(row['TOPOLOGY-EPOCH']),
      });
      // ACTIVE: 0:[0,1]; 1:[0,1]; as the tool prints the member's active tasks
      const active = (m?.assignment?.active ?? [])
        .map((t) => `${t.subtopologyId}:[${t.partitions.join(',')}]`)
        .join('; ');
      expect(members).toContain(`ACTIVE: ${active};`);
    }
  });

  it("shows the app's subtopologies with source, repartition and changelog topics", async () => {
    const { body } = await call('GET', `/streams-group/${streamsId}`);
    const repartition = `${streamsId}-counts-repartition`;
    const changelog = `${streamsId}-counts-changelog`;
    expect(body.subtopologies).toEqual([
      {
        id: '0',
        sourceTopics: [source],
        repartitionSourceTopics: [],
        repartitionSinkTopics: [repartition],
        changelogTopics: [],
      },
      {
        id: '1',
        sourceTopics: [],
        repartitionSourceTopics: [{ name: repartition, partitions: 2 }],
        repartitionSinkTopics: [],
        changelogTopics: [{ name: changelog, partitions: 2 }],
      },
    ]);
    expect(body.internalTopics).toEqual([changelog, repartition].sort());
  });

  it('lists both apps, the classic one recognised by its internal topics', async () => {
    const { body } = await until(
      () => call('GET', `/streams-group?search=${streamsId.slice(11)}+`),
      (a) => a.status === 200,
    );
    const list = (await call('GET', '/streams-group')).body;
    const byId = new Map(list.results.map((g: { id: string }) => [g.id, g]));
    expect(body.results.map((g: { id: string }) => g.id)).toEqual([streamsId]);
    expect(byId.get(streamsId)).toMatchObject({ protocol: 'streams' });
    expect(byId.get(classicId)).toMatchObject({
      protocol: 'classic',
      internalTopics: [`${classicId}-counts-changelog`, `${classicId}-counts-repartition`],
    });
    expect(list.notice).toBeUndefined();
    // kafka-streams-groups.sh lists only the streams protocol's groups
    const listed = (await streamsTool(['--list'])).split('\n');
    expect(listed).toContain(streamsId);
    expect(listed).not.toContain(classicId);
  });

  it("describes the classic app's members by process and its offsets with lag", async () => {
    const g = await until(
      async (): Promise<StreamsGroup> => (await call('GET', `/streams-group/${classicId}`)).body,
      settled,
    );
    expect(g).toMatchObject({ protocol: 'classic', subtopologies: [] });
    expect(g.members.length).toBeGreaterThan(0);
    for (const m of g.members) expect(m.processId).toMatch(/^[0-9a-f-]{36}$/);
    expect(g.offsets.map((o: { topic: string }) => o.topic)).toContain(source);
  });

  it("tells the data-flow map each app's source, repartition and changelog topics", async () => {
    const apps = await streamsAppTopics(kafka.admin);
    expect(apps.find((a) => a.groupId === streamsId)).toEqual({
      groupId: streamsId,
      protocol: 'streams',
      sources: [source],
      sinks: [],
      repartition: [`${streamsId}-counts-repartition`],
      changelog: [`${streamsId}-counts-changelog`],
    });
    expect(apps.find((a) => a.groupId === classicId)).toEqual({
      groupId: classicId,
      protocol: 'classic',
      sources: [source],
      sinks: [],
      repartition: [`${classicId}-counts-repartition`],
      changelog: [`${classicId}-counts-changelog`],
    });
  });

  it('puts both apps on the data-flow map: reading their source, writing their changelog, writing and reading their repartition topic', async () => {
    const map = await until(
      () => call('GET', `/topology?topic=${source}&depth=1`),
      (a) => JSON.stringify(a.body).includes(`streams-group:${streamsId}`),
      30_000,
    );
    expect(map.status).toBe(200);
    const edges = (map.body as { edges: { from: string; to: string; kind: string }[] }).edges.map(
      (e) => `${e.from} -${e.kind}-> ${e.to}`,
    );
    for (const id of [streamsId, classicId]) {
      expect(edges, edges.join('\n')).toContain(`topic:${source} -reads-> streams-group:${id}`);
    }
    // The classic app is a consumer group as well: shown once, as the Streams app.
    expect(edges.some((e) => e.includes(`consumer-group:${classicId}`))).toBe(false);
    const app = await call(
      'GET',
      `/topology?node=${encodeURIComponent(`streams-group:${streamsId}`)}&depth=1`,
    );
    const around = (app.body as { edges: { from: string; to: string; kind: string }[] }).edges.map(
      (e) => `${e.from} -${e.kind}-> ${e.to}`,
    );
    expect(around).toEqual(
      expect.arrayContaining([
        `streams-group:${streamsId} -writes-> topic:${streamsId}-counts-changelog`,
        `streams-group:${streamsId} -writes-> topic:${streamsId}-counts-repartition`,
        `topic:${streamsId}-counts-repartition -reads-> streams-group:${streamsId}`,
      ]),
    );
  });

  it('previews a reset while the app runs and refuses to commit it until the app stops', async () => {
    const preview = await call('POST', `/streams-group/${streamsId}/offsets?dryRun=true`, { to: 'EARLIEST' });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ topic: source, partition: 0, newOffset: 0, lagAfter: 3 }),
      ]),
    );
    const refused = await call('POST', `/streams-group/${streamsId}/offsets`, { to: 'EARLIEST' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/must be inactive first/);
  });

  it('refuses bad reset bodies naming the field', async () => {
    const noTime = await call('POST', `/streams-group/${streamsId}/offsets?dryRun=true`, { to: 'TIMESTAMP' });
    expect(noTime.status).toBe(400);
    expect(noTime.body.fields.map((f: { field: string }) => f.field)).toContain('body.timestamp');
    const notInput = await call('POST', `/streams-group/${streamsId}/offsets?dryRun=true`, {
      to: 'LATEST',
      topics: [sink],
    });
    expect(notInput.status).toBe(400);
    expect(notInput.body.fields).toEqual([
      { field: 'body.topics.0', message: expect.stringContaining(sink) },
    ]);
  });

  it('answers 403 to a caller without CONSUMER_GROUP rights, 404 for an id that is no Streams app', async () => {
    const cookie = sessionCookie(await formLogin(secured.url, 'dev', 'pw'));
    const denied = await request(`${secured.url}/api/local/streams-group/${streamsId}`, {
      headers: { cookie },
    });
    expect(denied.status).toBe(403);
    const listed = await request(`${secured.url}/api/local/streams-group`, { headers: { cookie } });
    expect(listed.status).toBe(403);
    const missing = await call('GET', `/streams-group/${uniqueName('group')}`);
    expect(missing.status).toBe(404);
  });

  it('resets an inactive app to the earliest offsets as the tool then reads them, and deletes it', async () => {
    await streamsApp?.stop();
    streamsApp = undefined;
    await until(
      async () => (await call('GET', `/streams-group/${streamsId}`)).body,
      (g) => g.state === 'EMPTY',
    );
    // The tool's own plan for the same reset: the same new offset on every source partition.
    const plan = async (to: string) =>
      table(
        await streamsTool([
          '--reset-offsets',
          '--group',
          streamsId,
          '--input-topic',
          source,
          to,
          '--dry-run',
        ]),
      )
        .filter((r) => r.TOPIC === source)
        .map((r) => [Number(r.PARTITION), Number(r['NEW-OFFSET'])])
        .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
    const ourPlan = (rows: { topic: string; partition: number; newOffset: number }[]) =>
      rows.filter((r) => r.topic === source).map((r) => [r.partition, r.newOffset]);
    const preview = await call('POST', `/streams-group/${streamsId}/offsets?dryRun=true`, { to: 'EARLIEST' });
    expect(ourPlan(preview.body)).toEqual(await plan('--to-earliest'));

    const reset = await call('POST', `/streams-group/${streamsId}/offsets`, { to: 'EARLIEST' });
    expect(reset.status).toBe(200);
    // --to-current plans the committed offsets: the tool reads the reset ones.
    expect(await plan('--to-current')).toEqual([
      [0, 0],
      [1, 0],
    ]);
    const after = (await call('GET', `/streams-group/${streamsId}`)).body;
    const sourceRows = after.offsets.filter((o: { topic: string }) => o.topic === source);
    expect(sourceRows.map((o: { currentOffset: number }) => o.currentOffset)).toEqual([0, 0]);

    const deleted = await call('DELETE', `/streams-group/${streamsId}`);
    expect(deleted.status).toBe(204);
    expect((await call('GET', `/streams-group/${streamsId}`)).status).toBe(404);
    expect(await streamsTool(['--list'])).not.toContain(streamsId);
  }, 120_000);
});
