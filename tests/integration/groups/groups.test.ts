import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ConsumerGroup,
  GroupList,
  OffsetPreviewRow,
  TimeOffset,
} from '../../../packages/contract/src/index.ts';
import { type RunningApp, request, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';

let app: RunningApp;
const kafka = testKafka();
let topic: string;
let live: string;
let stopped: string;
let middle: Date;

const send = (method: string, path: string, body?: unknown) =>
  request(`${app.url}/api/local${path}`, { method, body });
const group = async (id: string) => (await send('GET', `/group/${id}`)).body as ConsumerGroup;

beforeAll(async () => {
  app = await startApp();
  topic = await kafka.createTopic(2);
  const early = new Date(Date.now() - 3_600_000);
  middle = new Date(Date.now() - 1_800_000);
  await kafka.produce(topic, [
    { partition: 0, value: 'a', timestamp: early },
    { partition: 0, value: 'b', timestamp: early },
    { partition: 0, value: 'c' },
    { partition: 0, value: 'd' },
    { partition: 1, value: 'e', timestamp: early },
    { partition: 1, value: 'f' },
  ]);
  // Partition 1 has no committed offset: shown as such, not as zero lag.
  stopped = await kafka.commitOffsets(topic, [1]);
  live = await kafka.joinGroup(topic);
});
afterAll(async () => {
  await app?.close();
  await kafka.cleanup();
});

describe('consumer groups', () => {
  it('lists groups with state, members and lag, searchable and paged', async () => {
    const { status, body } = await send('GET', `/group?search=${stopped}`);
    expect(status).toBe(200);
    const page = body as GroupList;
    expect(page.total).toBe(1);
    expect(page.results.map((g) => g.id)).toEqual([stopped]);
    const [g] = page.results;
    expect(g?.state).toBe('EMPTY');
    expect(g?.members).toBeUndefined();
    expect(g?.offsets).toEqual([
      expect.objectContaining({ topic, partition: 0, offset: 1, lastOffset: 4, offsetLag: 3 }),
    ]);
    expect(g?.topics).toEqual([topic]);

    const past = (await send('GET', `/group?search=${stopped}&page=5`)).body as GroupList;
    expect(past.results).toEqual([]);
  });

  it('describes a live group with its members and their assignments', async () => {
    const described = await group(live);
    expect(described.state).toBe('STABLE');
    expect(described.members).toHaveLength(1);
    expect(described.members?.[0]?.assignments).toEqual([
      { topic, partition: 0 },
      { topic, partition: 1 },
    ]);
    expect(described.activeTopics).toEqual([topic]);
    const members = (await send('GET', `/group/${live}/members`)).body;
    expect(members).toEqual(described.members);
    expect((await send('GET', `/group/${live}/acls`)).body).toEqual([]);
  });

  it('answers an unknown group as Kafka describes it: DEAD, nothing else', async () => {
    const unknown = await send('GET', '/group/no-such-group-anywhere');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ id: 'no-such-group-anywhere', state: 'DEAD' });
  });

  it('previews an offset reset without committing, then commits first, last, timestamp and explicit offsets', async () => {
    const toFirst = [
      { topic, partition: 0, offset: 0 },
      { topic, partition: 1, offset: 0 },
    ];
    const preview = await send('POST', `/group/${stopped}/offsets?dryRun=true`, toFirst);
    expect(preview.status).toBe(200);
    expect(preview.body as OffsetPreviewRow[]).toEqual([
      { topic, partition: 0, currentOffset: 1, newOffset: 0, lastOffset: 4, lagBefore: 3, lagAfter: 4 },
      { topic, partition: 1, newOffset: 0, lastOffset: 2, lagAfter: 2 },
    ]);
    expect((await group(stopped)).offsets?.map((o) => o.offset)).toEqual([1]);

    expect((await send('POST', `/group/${stopped}/offsets`, toFirst)).status).toBe(204);
    expect((await group(stopped)).offsets?.map((o) => o.offset)).toEqual([0, 0]);

    // Past the end is kept at the end: reset to last.
    const toLast = [
      { topic, partition: 0, offset: 999 },
      { topic, partition: 1, offset: 999 },
    ];
    expect((await send('POST', `/group/${stopped}/offsets`, toLast)).status).toBe(204);
    expect((await group(stopped)).offsets?.map((o) => [o.offset, o.offsetLag])).toEqual([
      [4, 0],
      [2, 0],
    ]);

    const at = (await send('GET', `/group/${stopped}/offsets/start?timestamp=${middle.toISOString()}`))
      .body as TimeOffset[];
    expect(at).toEqual([
      { topic, partition: 0, offset: 2 },
      { topic, partition: 1, offset: 1 },
    ]);
    expect((await send('POST', `/group/${stopped}/offsets`, at)).status).toBe(204);
    expect((await group(stopped)).offsets?.map((o) => o.offset)).toEqual([2, 1]);

    const explicit = [{ topic, partition: 1, offset: 0 }];
    expect((await send('POST', `/group/${stopped}/offsets`, explicit)).status).toBe(204);
    expect((await group(stopped)).offsets?.map((o) => o.offset)).toEqual([2, 0]);
  });

  it('refuses offset changes and deletes while the group has active members, and names bad input', async () => {
    const refused = await send('POST', `/group/${live}/offsets`, [{ topic, partition: 0, offset: 0 }]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /must be inactive first: it has 1 active member; stop its consumers before updating its offsets/,
    );
    const dry = await send('POST', `/group/${live}/offsets?dryRun=true`, [
      { topic, partition: 0, offset: 0 },
    ]);
    expect(dry.status).toBe(200);
    expect((await send('DELETE', `/group/${live}`)).status).toBe(409);

    const bad = await send('POST', `/group/${stopped}/offsets`, [{ topic, partition: 9, offset: 0 }]);
    expect(bad.status).toBe(409);
    expect(bad.body.fields.map((f: { field: string }) => f.field)).toEqual(['body.0.partition']);
    const negative = await send('POST', `/group/${stopped}/offsets`, [{ topic, partition: 0, offset: -1 }]);
    expect(negative.status).toBe(400);
    expect(negative.body.fields.map((f: { field: string }) => f.field)).toEqual(['body.0.offset']);
  });

  it("deletes a topic's offsets, then the group", async () => {
    const other = await kafka.createTopic(1);
    const id = await kafka.commitOffsets(topic, [1, 1]);
    await send('POST', `/group/${id}/offsets`, [{ topic: other, partition: 0, offset: 0 }]);
    expect((await group(id)).topics?.sort()).toEqual([topic, other].sort());

    expect((await send('DELETE', `/group/${id}/topic/${topic}`)).status).toBe(204);
    expect((await group(id)).topics).toEqual([other]);
    expect((await send('DELETE', `/group/${id}/topic/no-such-topic-${Date.now()}`)).status).toBe(409);

    expect((await send('DELETE', `/group/${id}`)).status).toBe(204);
    expect((await group(id)).state).toBe('DEAD');
  });
});
