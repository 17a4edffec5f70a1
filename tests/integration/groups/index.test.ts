import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsumerGroup } from '../../../packages/contract/src/index.ts';
import { exchange, type RunningApp, startApp } from '../../support/app.ts';
import { testKafka, uniqueName } from '../../support/kafka.ts';

/**
 * The group index behind a topic's groups tab and the topic list's groups column: the console's own
 * writes show at once, consumers started since it was built show at once, groups made elsewhere after
 * the next refresh; every answer says how old the index is.
 */
let app: RunningApp;
/** A second console whose index is rebuilt every second (the first keeps the default 30 s). */
let quick: RunningApp;
const kafka = testKafka();
const REFRESH_MS = 1_000;
const madeByConsole: string[] = [];
beforeAll(async () => {
  app = await startApp();
  quick = await startApp((c) => ({ ...c, groupIndex: { refreshMs: REFRESH_MS } }));
});
afterAll(async () => {
  await app.close();
  await quick.close();
  await kafka.admin.deleteGroups({ groups: madeByConsole }).catch(() => undefined);
  await kafka.cleanup();
});

const call = (method: string, path: string, body?: unknown, on = app) =>
  exchange(`${on.url}/api/local${path}`, { method, body });
const groupsOf = async (topic: string, view = 'ALL', on = app) => {
  const res = await call('GET', `/topic/${topic}/groups?groupsListView=${view}`, undefined, on);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as ConsumerGroup[]).map((g) => g.id);
};

describe('the group index', () => {
  let topic: string;
  let first: string;
  beforeAll(async () => {
    topic = await kafka.createTopic(2);
    await kafka.produce(topic, [
      { partition: 0, value: 'a' },
      { partition: 0, value: 'b' },
      { partition: 1, value: 'c' },
    ]);
    first = await kafka.commitOffsets(topic, [1, 0]);
  });

  it('answers how old it is, in seconds, with the groups it found', async () => {
    const res = await call('GET', `/group/topics?topics=${topic}`);
    expect(res.status).toBe(200);
    expect((res.body as ConsumerGroup[]).map((g) => g.id)).toEqual([first]);
    const age = Number(res.headers.get('x-groups-index-age'));
    expect(Number.isInteger(age) && age >= 0 && age < 60).toBe(true);
    expect((await call('GET', `/topic/${topic}/groups`)).headers.get('x-groups-index-age')).toMatch(/^\d+$/);
  });

  it("follows the console's own offset resets, offset deletes and group deletes at once", async () => {
    await groupsOf(topic);
    const reset = uniqueName('group');
    madeByConsole.push(reset);
    const commit = await call('POST', `/group/${reset}/offsets`, [{ topic, partition: 0, offset: 1 }]);
    expect(commit.status).toBe(204);
    expect(await groupsOf(topic)).toEqual([first, reset].sort());

    expect((await call('DELETE', `/group/${reset}/topic/${topic}`)).status).toBe(204);
    expect(await groupsOf(topic)).toEqual([first]);
    const again = await call('POST', `/group/${reset}/offsets`, [{ topic, partition: 1, offset: 0 }]);
    expect(again.status).toBe(204);
    expect(await groupsOf(topic)).toEqual([first, reset].sort());
    expect((await call('DELETE', `/group/${reset}`)).status).toBe(204);
    expect(await groupsOf(topic)).toEqual([first]);
  });

  it('shows a consumer started since it was built at once, with its assignment', async () => {
    await groupsOf(topic);
    const consumer = await kafka.joinGroup(topic);
    expect(await groupsOf(topic, 'HIDE_EMPTY')).toEqual([consumer]);
    expect(await groupsOf(topic)).toEqual([first, consumer].sort());
  });

  it('shows a group that committed elsewhere after its next refresh', async () => {
    const before = await groupsOf(topic, 'ALL', quick);
    const elsewhere = await kafka.commitOffsets(topic, [2, 1]);
    const deadline = Date.now() + 10 * REFRESH_MS;
    let seen = before;
    while (!seen.includes(elsewhere) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, REFRESH_MS / 4));
      seen = await groupsOf(topic, 'ALL', quick);
    }
    expect(seen).toEqual([...before, elsewhere].sort());
    const found = (await call('GET', `/topic/${topic}/groups`, undefined, quick)).body as ConsumerGroup[];
    expect(found.find((g) => g.id === elsewhere)?.offsets).toEqual([
      { topic, partition: 0, offset: 2, firstOffset: 0, lastOffset: 2, offsetLag: 0 },
      { topic, partition: 1, offset: 1, firstOffset: 0, lastOffset: 1, offsetLag: 0 },
    ]);
  });
});

describe("the topic list's groups column", () => {
  it('carries at most perTopic groups a topic, consuming ones first, and counts the rest in x-groups-more', async () => {
    const [busy, quiet] = [await kafka.createTopic(1), await kafka.createTopic(1)];
    await kafka.produce(busy, [{ partition: 0, value: 'a' }]);
    await kafka.produce(quiet, [{ partition: 0, value: 'b' }]);
    // Ids that sort as named; committed through the console, so its index (built earlier) has them at once.
    const base = uniqueName('group');
    const commit = async (id: string, topics: string[]) => {
      madeByConsole.push(id);
      const body = topics.map((topic) => ({ topic, partition: 0, offset: 1 }));
      expect((await call('POST', `/group/${id}/offsets`, body)).status).toBe(204);
      return id;
    };
    const idle: string[] = [];
    for (const n of [1, 2, 3, 4]) idle.push(await commit(`${base}-b${n}`, [busy]));
    // Fifth of the idle groups on busy (left out there), first on quiet (kept there).
    const both = await commit(`${base}-c`, [busy, quiet]);
    const alone = await commit(`${base}-q`, [quiet]);
    const consumer = await kafka.joinGroup(busy);
    const column = async (query: string) => {
      const res = await call('GET', `/group/topics?topics=${busy},${quiet}${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const groups = res.body as ConsumerGroup[];
      return { groups, ids: groups.map((g) => g.id), more: res.headers.get('x-groups-more') };
    };

    const capped = await column('&perTopic=2');
    expect(capped.ids).toEqual([consumer, idle[0], both, alone].sort());
    expect(capped.more).toBe(`${busy}=4`);
    // Kept for quiet only, it is answered on quiet only.
    expect(capped.groups.find((g) => g.id === both)?.topics).toEqual([quiet]);
    const hideEmpty = await column('&perTopic=2&groupsListView=HIDE_EMPTY');
    expect({ ids: hideEmpty.ids, more: hideEmpty.more }).toEqual({ ids: [consumer], more: null });
    const every = await column('');
    expect(every.ids).toEqual([consumer, ...idle, both, alone].sort());
    expect(every.groups.find((g) => g.id === both)?.topics).toEqual([busy, quiet].sort());
    expect(every.more).toBeNull();
    const bad = await call('GET', `/group/topics?topics=${busy}&perTopic=0`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('perTopic');
  });
});
