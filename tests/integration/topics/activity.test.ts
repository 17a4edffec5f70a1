import { AclOperations, AclPermissionTypes, ResourcePatternTypes, ResourceTypes } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, type RunningApp, startApp } from '../../support/app.ts';
import { testKafka, uniqueName } from '../../support/kafka.ts';

let app: RunningApp;
const kafka = testKafka();
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

const get = async (path: string) => {
  const { status, body } = await getJson(`${app.url}/api/local${path}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as never;
};

describe('GET /api/{cluster}/topic/last-record', () => {
  it('answers the newest record of each topic, whole as AKHQ; empty and unknown topics are absent', async () => {
    const busy = await kafka.createTopic(2);
    const quiet = await kafka.createTopic(1);
    const newest = new Date('2024-05-01T10:34:56.789Z');
    await kafka.produce(busy, [
      { partition: 0, value: 'old', timestamp: new Date('2024-05-01T08:00:00Z') },
      { partition: 1, value: 'new', timestamp: newest },
      { partition: 0, value: 'middle', timestamp: new Date('2024-05-01T09:00:00Z') },
    ]);
    const unknown = uniqueName('topic');
    const expected = {
      [busy]: {
        topic: { name: busy },
        partition: 1,
        offset: 0,
        timestamp: '2024-05-01T10:34:56.789Z',
        value: 'new',
        headers: [],
        truncated: false,
        exceptions: [],
        format: { value: 'TEXT' },
      },
    };
    expect(
      await get(`/topic/last-record?topics=${encodeURIComponent([busy, quiet, unknown].join(','))}`),
    ).toEqual(expected);
    expect(await get(`/topic/last-record?topics=${busy}&topics=${quiet}`)).toEqual(expected);
    expect(await get('/topic/last-record')).toEqual({});
  });

  it('creates no consumer group while reading', async () => {
    const topic = await kafka.createTopic(1);
    await kafka.produce(topic, [{ partition: 0, value: 'x' }]);
    const before = new Set((await kafka.admin.listGroups()).keys());
    await get(`/topic/last-record?topics=${topic}`);
    const after = [...(await kafka.admin.listGroups()).keys()].filter((g) => !before.has(g));
    expect(after).toEqual([]);
  });
});

describe('GET /api/{cluster}/topic/{topic}/offsets/start', () => {
  it('answers per partition the first offset at or after the time, leaving out partitions with none', async () => {
    const topic = await kafka.createTopic(2);
    await kafka.produce(topic, [
      { partition: 0, value: 'a', timestamp: new Date('2024-05-01T08:00:00Z') },
      { partition: 0, value: 'b', timestamp: new Date('2024-05-01T09:00:00Z') },
      { partition: 0, value: 'c', timestamp: new Date('2024-05-01T10:00:00Z') },
      { partition: 1, value: 'd', timestamp: new Date('2024-05-01T08:30:00Z') },
    ]);
    const at = (ts: string) => get(`/topic/${topic}/offsets/start?timestamp=${encodeURIComponent(ts)}`);
    expect(await at('2024-05-01T10:30:00.000+02:00')).toEqual([
      { topic, partition: 0, offset: 1 },
      { topic, partition: 1, offset: 0 },
    ]);
    expect(await at('2024-05-01T09:30:00Z')).toEqual([{ topic, partition: 0, offset: 2 }]);
    expect(await at('2030-01-01T00:00:00Z')).toEqual([]);
    const bad = await getJson(`${app.url}/api/local/topic/${topic}/offsets/start?timestamp=yesterday`);
    expect(bad).toMatchObject({ status: 400, body: { fields: [{ field: 'querystring.timestamp' }] } });
  });
});

describe('GET /api/{cluster}/topic/{topic}/logs', () => {
  it("lists every replica's log dir", async () => {
    const topic = await kafka.createTopic(2);
    await kafka.produce(topic, [{ partition: 1, value: 'x'.repeat(100) }]);
    const logs = (await get(`/topic/${topic}/logs`)) as { partition: number; size: number }[];
    expect(logs).toEqual([
      { brokerId: 1, path: expect.any(String), topic, partition: 0, size: 0, offsetLag: 0, future: false },
      {
        brokerId: 1,
        path: expect.any(String),
        topic,
        partition: 1,
        size: expect.any(Number),
        offsetLag: 0,
        future: false,
      },
    ]);
    expect(logs[1]?.size).toBeGreaterThan(100);
  });
});

describe('GET /api/{cluster}/topic/{topic}/acls', () => {
  it("lists the topic's bindings by principal, and nothing for a topic without any", async () => {
    const topic = await kafka.createTopic();
    const binding = {
      resourceType: ResourceTypes.TOPIC,
      resourceName: topic,
      resourcePatternType: ResourcePatternTypes.LITERAL,
      principal: 'User:console-test-reader',
      host: '*',
      operation: AclOperations.READ,
      permissionType: AclPermissionTypes.ALLOW,
    };
    await kafka.admin.createAcls({ creations: [binding] });
    try {
      const expected = [
        {
          principal: 'User:console-test-reader',
          acls: [
            {
              host: '*',
              operation: { operation: 'READ', permissionType: 'ALLOW' },
              resource: { resourceType: 'TOPIC', name: topic, patternType: 'LITERAL' },
            },
          ],
        },
      ];
      // ACLs reach the broker's authorizer asynchronously after the controller took them.
      await expect.poll(() => get(`/topic/${topic}/acls`), { timeout: 5_000 }).toEqual(expected);
      expect(await get(`/topic/${uniqueName('topic')}/acls`)).toEqual([]);
    } finally {
      await kafka.admin.deleteAcls({ filters: [binding] });
    }
  });
});

type Group = {
  id: string;
  state: string;
  offsets?: { topic: string; partition: number; offset?: number; lastOffset?: number; offsetLag?: number }[];
  activeTopics?: string[];
  topics?: string[];
  members?: { assignments?: { topic: string; partition: number }[] }[];
};

describe('consumer groups of topics', () => {
  let read: string;
  let other: string;
  let idle: string;
  let active: string;
  let modern: string;
  let elsewhere: string;
  beforeAll(async () => {
    read = await kafka.createTopic(2);
    other = await kafka.createTopic(1);
    await kafka.produce(
      read,
      Array.from({ length: 10 }, (_, i) => ({ partition: 0, value: `r${i}` })),
    );
    idle = await kafka.commitOffsets(read, [4, 0]);
    elsewhere = await kafka.commitOffsets(other, [0]);
    active = await kafka.joinGroup(read);
    modern = await kafka.joinGroup(other, 'consumer');
  });

  it('GET /topic/{topic}/groups lists groups with offsets on it, or only those consuming it', async () => {
    const all = (await get(`/topic/${read}/groups`)) as Group[];
    expect(all.map((g) => g.id)).toEqual([idle, active].sort());
    const idleGroup = all.find((g) => g.id === idle);
    expect(idleGroup).toMatchObject({ state: 'EMPTY', topics: [read] });
    expect(idleGroup?.offsets).toEqual([
      { topic: read, partition: 0, offset: 4, firstOffset: 0, lastOffset: 10, offsetLag: 6 },
      { topic: read, partition: 1, offset: 0, firstOffset: 0, lastOffset: 0, offsetLag: 0 },
    ]);
    const activeGroup = all.find((g) => g.id === active);
    expect(activeGroup).toMatchObject({ state: 'STABLE', activeTopics: [read] });
    expect(activeGroup?.members?.[0]?.assignments).toEqual([
      { topic: read, partition: 0 },
      { topic: read, partition: 1 },
    ]);

    const consuming = (await get(`/topic/${read}/groups?groupsListView=hide_empty`)) as Group[];
    expect(consuming.map((g) => g.id)).toEqual([active]);
  });

  it('GET /group/topics lists the groups of several topics, [] without topics', async () => {
    const groups = (await get(`/group/topics?topics=${encodeURIComponent(`${read},${other}`)}`)) as Group[];
    expect(groups.map((g) => g.id)).toEqual([idle, active, elsewhere, modern].sort());
    expect(groups.find((g) => g.id === elsewhere)?.topics).toEqual([other]);
    const consuming = (await get(
      `/group/topics?topics=${read}&topics=${other}&groupsListView=HIDE_EMPTY`,
    )) as Group[];
    expect(consuming.map((g) => g.id)).toEqual([active, modern].sort());
    expect(await get('/group/topics')).toEqual([]);
  });

  it('describes a group of the KIP-848 consumer protocol too', async () => {
    const [group] = (await get(`/topic/${other}/groups?groupsListView=HIDE_EMPTY`)) as Group[];
    expect(group).toMatchObject({ id: modern, state: 'STABLE', activeTopics: [other], topics: [other] });
    expect(group?.members?.[0]?.assignments).toEqual([{ topic: other, partition: 0 }]);
  });
});
