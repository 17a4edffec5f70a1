import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';

type Row = {
  name: string;
  size: number;
  partitions: unknown[];
  internalTopic: boolean;
  streamTopic: boolean;
};
type Page = {
  results: Row[];
  page: number;
  total: number;
  pageSize: number;
  before?: string;
  after?: string;
};

let app: RunningApp;
const kafka = testKafka();
const tag = randomUUID().slice(0, 8);
const names = {
  alphaOrders: `test-${tag}-alpha-orders`,
  betaOrders: `test-${tag}-beta-orders`,
  alphaPayments: `test-${tag}-alpha-payments`,
  internal: `_test-${tag}-internal`,
  stream: `test-${tag}-agg-changelog`,
};

beforeAll(async () => {
  app = await startApp();
  await kafka.createTopic(3, { name: names.alphaOrders });
  await Promise.all(
    [names.betaOrders, names.alphaPayments, names.internal, names.stream].map((name) =>
      kafka.createTopic(1, { name }),
    ),
  );
  await kafka.produce(names.alphaOrders, [
    { partition: 0, value: 'a' },
    { partition: 0, value: 'b' },
    { partition: 1, value: 'c' },
    { partition: 2, value: 'd' },
    { partition: 2, value: 'e' },
  ]);
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

const list = async (query: string) => {
  const { status, body } = await getJson(`${app.url}/api/local/topic?${query}`);
  expect(status).toBe(200);
  return body as Page;
};
const namesOf = (page: Page) => page.results.map((r) => r.name);

describe('GET /api/{cluster}/topic', () => {
  it('keeps the names that contain every search term, in any case, sorted', async () => {
    expect(namesOf(await list(`search=${encodeURIComponent(`ALPHA ${tag}`)}`))).toEqual([
      names.alphaOrders,
      names.alphaPayments,
    ]);
    expect(namesOf(await list(`search=${encodeURIComponent(`orders ${tag.toUpperCase()}`)}`))).toEqual([
      names.alphaOrders,
      names.betaOrders,
    ]);
    expect(namesOf(await list(`search=${encodeURIComponent(`alpha orders ${tag}`)}`))).toEqual([
      names.alphaOrders,
    ]);
  });

  it('hides internal and stream names as `show` asks, HIDE_INTERNAL by default, in any case', async () => {
    const all = [names.internal, names.stream, names.alphaOrders, names.alphaPayments, names.betaOrders];
    const shown = async (show?: string) =>
      namesOf(await list(`search=${tag}&uiPageSize=50${show ? `&show=${show}` : ''}`)).sort();
    expect(await shown('ALL')).toEqual([...all].sort());
    expect(await shown()).toEqual(all.filter((n) => n !== names.internal).sort());
    expect(await shown('hide_internal')).toEqual(all.filter((n) => n !== names.internal).sort());
    expect(await shown('Hide_Stream')).toEqual(all.filter((n) => n !== names.stream).sort());
    expect(await shown('HIDE_INTERNAL_STREAM')).toEqual(
      all.filter((n) => n !== names.stream && n !== names.internal).sort(),
    );
    const flagged = (await list(`search=${tag}&show=ALL`)).results;
    expect(flagged.find((r) => r.name === names.internal)).toMatchObject({
      internalTopic: true,
      streamTopic: false,
    });
    expect(flagged.find((r) => r.name === names.stream)).toMatchObject({
      internalTopic: false,
      streamTopic: true,
    });
  });

  it('pages with the total page count, links, and an empty page past the end', async () => {
    const first = await list(`search=${tag}&uiPageSize=2`);
    expect(first).toMatchObject({ page: 2, total: 4, pageSize: 2 });
    expect(first.results).toHaveLength(2);
    expect(first.after).toBe(`/api/local/topic?page=2&search=${tag}&uiPageSize=2`);
    expect(first.before).toBeUndefined();
    const second = await list(`search=${tag}&uiPageSize=2&page=2`);
    expect(namesOf(second)).toHaveLength(2);
    expect(second.before).toBe(`/api/local/topic?page=1&search=${tag}&uiPageSize=2`);
    expect(second.after).toBeUndefined();
    expect(await list(`search=${tag}&uiPageSize=2&page=7`)).toMatchObject({ results: [], page: 2, total: 4 });
    expect(namesOf(await list(`search=${tag}&uiPageSize=2&page=0`))).toEqual(namesOf(first));
    expect(namesOf(await list(`search=${tag}&uiPageSize=x&page=abc`))).toHaveLength(4);
    expect(await list(`search=nothing-has-this-${tag}`)).toEqual({
      results: [],
      page: 0,
      total: 0,
      pageSize: 25,
    });
  });

  it('describes each row with counts, offsets, replicas and sizes', async () => {
    const [row] = (await list(`search=${names.alphaOrders}`)).results;
    expect(row).toMatchObject({
      name: names.alphaOrders,
      internal: false,
      internalTopic: false,
      streamTopic: false,
      replicaCount: 1,
      inSyncReplicaCount: 1,
      size: 5,
    });
    const topic = row as unknown as {
      logDirSize: number;
      partitions: {
        id: number;
        firstOffset: number;
        lastOffset: number;
        logDirSize: number;
        leader: { id: number };
      }[];
    };
    expect(topic.partitions.map((p) => [p.id, p.firstOffset, p.lastOffset])).toEqual([
      [0, 0, 2],
      [1, 0, 1],
      [2, 0, 2],
    ]);
    expect(topic.partitions[0]?.leader.id).toBe(1);
    expect(topic.logDirSize).toBeGreaterThan(0);
    expect(topic.logDirSize).toBe(topic.partitions.reduce((sum, p) => sum + p.logDirSize, 0));
  });

  it('refuses an unknown view with 400 naming the parameter', async () => {
    const { status, body } = await getJson(`${app.url}/api/local/topic?show=SOMETIMES`);
    expect(status).toBe(400);
    expect((body as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
      'querystring.show',
    ]);
  });
});

describe('GET /api/{cluster}/topic/name', () => {
  it('lists every name the view keeps, sorted, without paging', async () => {
    const { status, body } = await getJson(`${app.url}/api/local/topic/name`);
    expect(status).toBe(200);
    const mine = (body as string[]).filter((n) => n.includes(tag));
    expect(mine).toEqual([names.alphaOrders, names.alphaPayments, names.stream, names.betaOrders].sort());
    const all = (await getJson(`${app.url}/api/local/topic/name?show=all`)).body as string[];
    expect(all).toContain(names.internal);
    expect(all).toContain('__consumer_offsets');
  });
});

describe('topic names reused between pages', () => {
  it('shows a topic created or deleted through the console at once, and one made elsewhere within 5 s', async () => {
    const search = (name: string) => list(`search=${name}`).then(namesOf);
    await search(tag); // fills the name cache

    const viaConsole = `test-${tag}-via-console`;
    const created = await fetch(`${app.url}/api/local/topic`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: viaConsole, partition: 1, replication: 1 }),
    });
    expect(created.status).toBe(200);
    expect(await search(viaConsole)).toEqual([viaConsole]);

    const deleted = await fetch(`${app.url}/api/local/topic/${viaConsole}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await search(viaConsole)).toEqual([]);

    const elsewhere = await kafka.createTopic(1, { name: `test-${tag}-elsewhere` });
    const madeAt = Date.now();
    await expect.poll(() => search(elsewhere), { timeout: 8_000, interval: 250 }).toEqual([elsewhere]);
    expect(Date.now() - madeAt).toBeLessThan(5_500);
  });
});
