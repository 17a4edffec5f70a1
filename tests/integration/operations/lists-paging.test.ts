// The transaction and share group lists page on the server like the topic and group lists (AKHQ's
// `page` parameter and `{results, page, total}`): 30 transactional ids and 30 share groups of this test,
// 25 a page, a name search, and only the shown transactional ids described. Kafka's TransactionsCommand
// and ShareGroupCommand list the same names.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareGroupList, TransactionList } from '../../../packages/contract/src/index.ts';
import { type BuiltRequest, requestsChannel } from '../../../packages/server/src/kafka/protocol.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { initTransactionalIds } from '../../support/hanging-transaction.ts';
import { bootstrap, testKafka } from '../../support/kafka.ts';
import { stackTool, toolTable } from '../../support/kafka-tools.ts';
import { sha256, withSecurity } from '../../support/security.ts';

const kafka = testKafka();
const prefix = `test-paging-${randomUUID()}`;
const names = Array.from({ length: 30 }, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`);
let topic: string;
let app: RunningApp;
/** The app with security on and one user who may read only ids `<prefix>-0N`. */
let narrow: RunningApp;

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${app.url}/api/local${path}`);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const built: BuiltRequest[] = [];
const record = (message: unknown) => built.push(message as BuiltRequest);

beforeAll(async () => {
  app = await startApp();
  topic = await kafka.createTopic(1);
  await initTransactionalIds(bootstrap(), names);
  // Setting a share group's start offset makes the (empty) group, as ShareGroupCommand --reset-offsets does.
  for (const group of names) {
    const res = await fetch(`${app.url}/api/local/share-groups/${group}/offsets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ topic, partition: 0, offset: 0 }]),
    });
    if (res.status !== 204) throw new Error(`share group ${group}: ${res.status} ${await res.text()}`);
  }
  narrow = await startApp(
    withSecurity({
      defaultGroup: null,
      roles: { 'ops-read': [{ resources: ['TRANSACTION', 'SHARE_GROUP'], actions: ['READ'] }] },
      groups: { tens: [{ role: 'ops-read', patterns: [`${prefix}-0.`], clusters: ['local'] }] },
      users: [{ username: 'narrow', password: sha256('pw'), groups: ['tens'] }],
    }),
  );
  requestsChannel.subscribe(record);
}, 180_000);

afterAll(async () => {
  requestsChannel.unsubscribe(record);
  for (const group of names) {
    await fetch(`${app.url}/api/local/share-groups/${group}`, { method: 'DELETE' }).catch(() => undefined);
  }
  await app?.close();
  await narrow?.close();
  await kafka.cleanup();
}, 120_000);

describe('the transaction list', () => {
  it('answers a page of 25 by name, with the total and the link to the next page, describing only those 25', async () => {
    built.length = 0;
    const first = await get<TransactionList>(`/transactions?search=${prefix}`);
    expect(first).toMatchObject({ page: 2, total: 30, pageSize: 25 });
    expect(first.after).toBe(`/api/local/transactions?page=2&search=${prefix}`);
    expect(first.before).toBeUndefined();
    expect(first.results.map((t) => t.transactionalId)).toEqual(names.slice(0, 25));
    expect(first.results.every((t) => t.state === 'Empty')).toBe(true);
    const described = built
      .filter((r) => r.api === 'DescribeTransactions')
      .flatMap((r) => r.args[0] as string[]);
    expect(described.sort()).toEqual(names.slice(0, 25));
  });

  it('answers the last page, an empty page past the end, and narrows by a search term', async () => {
    const second = await get<TransactionList>(`/transactions?search=${prefix}&page=2`);
    expect(second.results.map((t) => t.transactionalId)).toEqual(names.slice(25));
    expect(second).toMatchObject({
      page: 2,
      total: 30,
      before: `/api/local/transactions?page=1&search=${prefix}`,
    });
    expect((await get<TransactionList>(`/transactions?search=${prefix}&page=9`)).results).toEqual([]);
    const narrowed = await get<TransactionList>(`/transactions?search=${prefix}-1`);
    expect(narrowed).toMatchObject({ page: 1, total: 10 });
    expect(narrowed.results.map((t) => t.transactionalId)).toEqual(names.slice(10, 20));
  });

  it('counts the ids TransactionsCommand lists', async () => {
    const listed = toolTable(await stackTool('TransactionsCommand', ['list']))
      .map((row) => row.TransactionalId ?? '')
      .filter((id) => id.startsWith(prefix));
    expect(listed.sort()).toEqual(names);
  });
});

describe('the share group list', () => {
  it('answers pages of 25 by id, with the total, as ShareGroupCommand lists them', async () => {
    const first = await get<ShareGroupList>(`/share-groups?search=${prefix}`);
    expect(first).toMatchObject({ page: 2, total: 30, pageSize: 25 });
    expect(first.after).toBe(`/api/local/share-groups?page=2&search=${prefix}`);
    expect(first.results.map((g) => g.id)).toEqual(names.slice(0, 25));
    expect(first.results[0]).toEqual({ id: names[0], type: 'share', state: 'EMPTY' });
    const second = await get<ShareGroupList>(`/share-groups?search=${prefix}&page=2`);
    expect(second.results.map((g) => g.id)).toEqual(names.slice(25));
    const narrowed = await get<ShareGroupList>(`/share-groups?search=${prefix}-2`);
    expect(narrowed.results.map((g) => g.id)).toEqual(names.slice(20, 30));
    const listed = (await stackTool('consumer.group.ShareGroupCommand', ['--list']))
      .split('\n')
      .map((line) => line.trim())
      .filter((id) => id.startsWith(prefix));
    expect(listed.sort()).toEqual(names);
  });

  it('refuses nothing for a bad page: page 1 as AKHQ reads it', async () => {
    const bad = await get<ShareGroupList>(`/share-groups?search=${prefix}&page=0`);
    expect(bad.results.map((g) => g.id)).toEqual(names.slice(0, 25));
  });
});

describe('both lists for a user who may read some ids', () => {
  it('page and count only those: 10 ids on one page, not 25 with holes', async () => {
    const headers = { authorization: `Basic ${Buffer.from('narrow:pw').toString('base64')}` };
    for (const path of ['transactions', 'share-groups']) {
      const res = await fetch(`${narrow.url}/api/local/${path}?search=${prefix}`, { headers });
      const body = (await res.json()) as { results: ({ id: string } | { transactionalId: string })[] };
      expect(body).toMatchObject({ page: 1, total: 10 });
      expect(body.results.map((r) => ('id' in r ? r.id : r.transactionalId))).toEqual(names.slice(0, 10));
    }
  });
});
