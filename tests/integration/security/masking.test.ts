import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectTask, DataRecord, TailBody } from '../../../packages/contract/src/index.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { type Outgoing, produceMany, sseMessages, waitForTopic } from '../../support/records.ts';
import { sha256, withSecurity } from '../../support/security.ts';
import { eventually } from '../../support/upstreams.ts';

// Two users with the same topic rights; `masked` sees security.masking's masks on every
// way records leave the server, `clear` (also in group `auditors`, named in unmaskedFor) sees clear values.
const tag = randomUUID().slice(0, 8);
const SECRET = `masking-secret-${tag}-0123456789abcdef`;
const kafka = testKafka();
const basic = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:pw`).toString('base64')}` });
const masked = basic('masked');
const clear = basic('clear');
const hmac = (text: string) => createHmac('sha256', SECRET).update(text).digest('hex');

const ANN = 'ann@example.com';
const CARD = '4111111111111111';
const TOKEN = 'Bearer s3cret-token';
/** Even records carry ANN's email in a masked field; odd ones only in `note`, which is not masked. */
const record = (i: number): Outgoing => ({
  partition: 0,
  key: `cust-${i}`,
  value: JSON.stringify({
    card: { number: i % 2 ? '5500000000000004' : CARD },
    email: i % 2 ? `bob${i}@example.com` : ANN,
    note: i % 2 ? `friend of ${ANN}` : 'first',
  }),
  headers: { authorization: TOKEN, trace: `t-${i}` },
});

let app: RunningApp;
let topic: string;
let target: string;
beforeAll(async () => {
  app = await startApp(
    withSecurity({
      defaultGroup: null,
      maskingSecret: SECRET,
      masking: [
        {
          topics: [`pay-${tag}-.*`],
          paths: ['value.card.number'],
          mask: 'KEEP_LAST',
          keep: 4,
          unmaskedFor: ['auditors'],
        },
        { topics: [`pay-${tag}-.*`], paths: ['value.email'], mask: 'HASH', unmaskedFor: ['auditors'] },
        {
          topics: [`pay-${tag}-.*`],
          paths: ['headers.authorization'],
          mask: 'REPLACE',
          unmaskedFor: ['auditors'],
        },
      ],
      roles: {
        data: [
          { resources: ['TOPIC', 'TOPIC_DATA'], actions: ['READ', 'CREATE'] },
          { resources: ['KSQLDB'], actions: ['READ', 'EXECUTE'] },
          { resources: ['CONNECTOR'], actions: ['READ'] },
        ],
      },
      groups: { payments: [{ role: 'data', patterns: [`(pay|out)-${tag}-.*`, '.*'] }], auditors: [] },
      users: [
        { username: 'masked', password: sha256('pw'), groups: ['payments'] },
        { username: 'clear', password: sha256('pw'), groups: ['payments', 'auditors'] },
      ],
    }),
  );
  topic = await kafka.createTopic(1, { name: `pay-${tag}-cards` });
  target = await kafka.createTopic(1, { name: `out-${tag}-copy` });
  await waitForTopic(kafka.admin, topic);
  await produceMany(topic, 2, record);
});
const connector = `test-connector-${tag}`;
const connectUrl = () => {
  const url = process.env.CONNECT_URL;
  if (!url) throw new Error('CONNECT_URL is not set: the stack global setup did not run');
  return url;
};
afterAll(async () => {
  await fetch(`${connectUrl()}/connectors/${connector}`, { method: 'DELETE' }).catch(() => undefined);
  await app?.close();
  await kafka.cleanup();
});

const api = (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
  fetch(`${app.url}/api/local${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });

async function json<T>(path: string, headers: Record<string, string>): Promise<T> {
  const res = await api(path, headers);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** What `masked` must see of an even record: the card's last 4 digits, the email's HMAC, no token. */
function expectMasked(r: DataRecord | undefined) {
  const value = JSON.parse(r?.value ?? '');
  expect(value.card.number).toBe('****1111');
  expect(value.email).toBe(hmac(ANN));
  expect(r?.headers).toContainEqual({ key: 'authorization', value: '****' });
  expect(r?.headers).toContainEqual({ key: 'trace', value: expect.stringMatching(/^t-/) });
}
function expectClear(r: DataRecord | undefined) {
  const value = JSON.parse(r?.value ?? '');
  expect(value.card.number).toBe(CARD);
  expect(value.email).toBe(ANN);
  expect(r?.headers).toContainEqual({ key: 'authorization', value: TOKEN });
}

async function search(query: string, headers: Record<string, string>): Promise<DataRecord[]> {
  const res = await api(`/topic/${topic}/data/search?${query}`, headers);
  expect(res.status).toBe(200);
  const found: DataRecord[] = [];
  for await (const m of sseMessages(res)) {
    if (m.event === 'searchBody') found.push(...((m.data as { records?: DataRecord[] }).records ?? []));
  }
  return found;
}

describe('masking by role', () => {
  it('masks the data page, which also feeds the produce form\'s "copy" prefill', async () => {
    const seen = await json<{ results: DataRecord[] }>(`/topic/${topic}/data`, masked);
    expectMasked(seen.results.find((r) => r.offset === 0));
    const plain = await json<{ results: DataRecord[] }>(`/topic/${topic}/data`, clear);
    expectClear(plain.results.find((r) => r.offset === 0));
  });

  it('masks the single record', async () => {
    expectMasked(
      (await json<{ results: DataRecord[] }>(`/topic/${topic}/data/record/0/0`, masked)).results[0],
    );
    expectClear((await json<{ results: DataRecord[] }>(`/topic/${topic}/data/record/0/0`, clear)).results[0]);
  });

  it('searches the masked record: no match on a clear value, a match on its hash', async () => {
    const byEmail = `searchByValue=${encodeURIComponent(ANN)}`;
    expect((await search(byEmail, masked)).map((r) => r.offset)).toEqual([1]);
    expect((await search(byEmail, clear)).map((r) => r.offset)).toEqual([0, 1]);
    expect((await search(`searchByValue=${CARD}`, masked)).map((r) => r.offset)).toEqual([]);
    expect((await search(`searchByHeaderValue=s3cret`, masked)).map((r) => r.offset)).toEqual([]);
    expect((await search(`searchByHeaderValue=s3cret`, clear)).map((r) => r.offset)).toEqual([0, 1]);
    const byHash = await search(`searchByValue=${hmac(ANN)}`, masked);
    expect(byHash.map((r) => r.offset)).toEqual([0]);
    expectMasked(byHash[0]);
  });

  it('masks downloads, JSON and CSV', async () => {
    for (const format of ['JSON', 'CSV']) {
      const hidden = await (await api(`/topic/${topic}/data/download?format=${format}`, masked)).text();
      expect(hidden).toContain(hmac(ANN));
      expect(hidden).not.toContain(CARD);
      expect(hidden).not.toContain('s3cret');
      const shown = await (await api(`/topic/${topic}/data/download?format=${format}`, clear)).text();
      expect(shown).toContain(CARD);
      expect(shown).toContain('s3cret');
    }
  });

  it("masks the topic list's last-record column", async () => {
    const last = (h: Record<string, string>) =>
      json<Record<string, DataRecord>>(`/topic/last-record?topics=${topic}`, h);
    expect((await last(masked))[topic]?.value).not.toContain('5500000000000004');
    expect((await last(masked))[topic]?.headers).toContainEqual({ key: 'authorization', value: '****' });
    expect((await last(clear))[topic]?.value).toContain('5500000000000004');
  });

  it('masks live tails per viewer, the filter matching the masked record', async () => {
    const open = async (query: string, headers: Record<string, string>) => {
      const controller = new AbortController();
      const res = await fetch(`${app.url}/api/local/tail/sse?topics=${topic}&${query}`, {
        headers,
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      const events = sseMessages(res);
      expect((await events.next()).value?.event).toBe('tailBody');
      const first = async () => {
        const deadline = setTimeout(() => controller.abort(), 15_000);
        try {
          for (;;) {
            const next = await events.next();
            const records = (next.value?.data as TailBody | undefined)?.records;
            if (next.done || records?.length) return records?.[0];
          }
        } finally {
          clearTimeout(deadline);
          controller.abort();
        }
      };
      return first;
    };
    const maskedAll = await open('', masked);
    const maskedByEmail = await open(`search=${encodeURIComponent(ANN)}`, masked);
    const clearAll = await open('', clear);
    await produceMany(topic, 2, (i) => record(i + 2));
    expectMasked(await maskedAll());
    expectClear(await clearAll());
    // The even record holds ANN only where `masked` sees a hash: the first match is the odd one.
    expect((await maskedByEmail())?.offset).toBe(3);
  });

  it('refuses a masked copy (it would write clear bytes) and copies for the unmasked', async () => {
    const copy = (h: Record<string, string>) =>
      api(`/topic/${topic}/copy/local/topic/${target}`, h, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ partition: 0, offset: 0 }]),
      });
    const refused = await copy(masked);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('security.masking');
    expect((await copy(clear)).status).toBe(200);
  });

  it('refuses ksqlDB queries to a caller masked on the cluster', async () => {
    const query = (h: Record<string, string>) =>
      api('/ksqldb/local/queries/pull', h, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sql: 'SELECT * FROM nothing_here;' }),
      });
    const refused = await query(masked);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('security.masking');
    expect((await query(clear)).status).not.toBe(403);
  });

  it('hides Connect task traces (they quote records) from a caller masked on the cluster', async () => {
    // A sink that cannot open its file fails with a trace; made at the worker, as an operator would.
    const made = await fetch(`${connectUrl()}/connectors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: connector,
        config: {
          'connector.class': 'org.apache.kafka.connect.file.FileStreamSinkConnector',
          topics: topic,
          file: `/nonexistent-${tag}/out.txt`,
        },
      }),
    });
    expect(made.status).toBe(201);
    const tasks = (h: Record<string, string>) => json<ConnectTask[]>(`/connect/local/${connector}/tasks`, h);
    const failed = await eventually(
      () => tasks(clear),
      (list) => list.some((t) => t.state === 'FAILED'),
    );
    expect(failed[0]?.trace).toContain('Exception');
    const hidden = await tasks(masked);
    expect(hidden).toMatchObject([{ state: 'FAILED' }]);
    expect(hidden[0]?.trace).toBeUndefined();
    const definition = await (await api(`/connect/local/${connector}`, masked)).text();
    expect(definition).not.toContain('Exception');
  });
});
