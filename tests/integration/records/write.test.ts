import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchStats } from '../../../packages/server/src/kafka/fetch/fetch.ts';
import { getJson, type RunningApp, request, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { expectReadsStopped } from '../../support/reads-stopped.ts';
import { download, produceMany, waitForTopic } from '../../support/records.ts';
import { eventually } from '../../support/upstreams.ts';

let app: RunningApp;
const kafka = testKafka();
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

type Rec = {
  partition: number;
  offset: number;
  timestamp: string;
  key?: string;
  value?: string;
  headers: { key: string; value: string }[];
};

const call = (method: string, path: string, body?: unknown) =>
  request(`${app.url}/api/local${path}`, { method, body });

async function records(topic: string): Promise<Rec[]> {
  const all: Rec[] = [];
  let next: string | undefined = `/api/local/topic/${topic}/data`;
  while (next) {
    const { body } = (await getJson(`${app.url}${next}`)) as { body: { results: Rec[]; after?: string } };
    if (body.results.length === 0) break;
    all.push(...body.results);
    next = body.after;
  }
  return all;
}

const base = { headers: [], multiMessage: false };

describe('POST /api/{cluster}/topic/{topic}/data', () => {
  it('produces one record with key, headers, timestamp and partition, answered with its offset', async () => {
    const topic = await kafka.createTopic(3);
    await waitForTopic(kafka.admin, topic, 3);
    const sent = await call('POST', `/topic/${topic}/data`, {
      key: 'order-1',
      value: '{"total":42}',
      partition: 2,
      timestamp: '2024-05-01T12:00:00.000+02:00',
      headers: [
        { key: 'source', value: 'console' },
        { key: '', value: 'dropped' },
        { key: 'empty', value: null },
      ],
      multiMessage: false,
      clusterId: 'ignored',
    });
    expect(sent).toEqual({
      status: 200,
      body: [
        {
          topic: { name: topic },
          partition: 2,
          offset: 0,
          timestamp: '2024-05-01T10:00:00.000Z',
          key: 'order-1',
          value: '{"total":42}',
          headers: [
            { key: 'source', value: 'console' },
            { key: 'empty', value: 'null' },
          ],
          truncated: false,
          exceptions: [],
          format: { key: 'TEXT', value: 'JSON' },
        },
      ],
    });
    const [stored] = await records(topic);
    expect(stored).toMatchObject({ partition: 2, offset: 0, key: 'order-1', value: '{"total":42}' });
    expect(stored?.timestamp).toBe('2024-05-01T10:00:00.000Z');
  });

  it('sends the same key to the same partition', async () => {
    const topic = await kafka.createTopic(3);
    await waitForTopic(kafka.admin, topic, 3);
    const sent = await call('POST', `/topic/${topic}/data`, { ...base, key: 'a', value: '1' });
    const again = await call('POST', `/topic/${topic}/data`, { ...base, key: 'a', value: '2' });
    expect(again.body[0].partition).toBe(sent.body[0].partition);
    expect(again.body[0].offset).toBe(sent.body[0].offset + 1);
  });

  it('produces again, from offset 0, after the topic was deleted and re-created under the same name', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    for (const value of ['a', 'b']) {
      expect((await call('POST', `/topic/${topic}/data`, { ...base, value })).status).toBe(200);
    }
    await kafka.admin.deleteTopics({ topics: [topic] });
    const create = () => kafka.admin.createTopics({ topics: [topic], partitions: 1, replicas: 1 });
    await eventually(
      () =>
        create().then(
          () => true,
          () => false,
        ),
      (made) => made,
    );
    await waitForTopic(kafka.admin, topic);
    const sent = await call('POST', `/topic/${topic}/data`, { ...base, value: 'c' });
    expect(sent).toMatchObject({ status: 200, body: [{ partition: 0, offset: 0, value: 'c' }] });
    expect((await records(topic)).map((r) => [r.offset, r.value])).toEqual([[0, 'c']]);
  });

  it('produces several records from lines split on a literal separator', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const sent = await call('POST', `/topic/${topic}/data`, {
      ...base,
      multiMessage: true,
      keyValueSeparator: '=>',
      value: 'k1 =>{"a":1}\r\nk2=>v=>2\n\nk3 =>three ',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.map((r: Rec) => [r.key, r.value, r.offset])).toEqual([
      ['k1', '{"a":1}', 0],
      ['k2', 'v=>2', 1],
      ['k3', 'three ', 2],
    ]);
    const bad = await call('POST', `/topic/${topic}/data`, {
      ...base,
      multiMessage: true,
      keyValueSeparator: ':',
      value: 'a:1\nno separator',
    });
    expect(bad).toMatchObject({ status: 400, body: { fields: [{ field: 'body.value' }] } });
    expect(bad.body.message).toContain('line 2');
    const missing = await call('POST', `/topic/${topic}/data`, { ...base, multiMessage: true, value: 'a:1' });
    expect(missing).toMatchObject({ status: 400, body: { fields: [{ field: 'body.keyValueSeparator' }] } });
  });

  it('takes the separator literally: a catastrophic regex neither stalls the server nor splits by pattern', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const separator = '(a+)+$';
    // As a regular expression this backtracks 2^27 times on the first line and blocks the event loop
    // (the server runs in this process, so the clock starts before the request leaves).
    const started = performance.now();
    const stalling = call('POST', `/topic/${topic}/data`, {
      ...base,
      multiMessage: true,
      keyValueSeparator: separator,
      value: `${'a'.repeat(27)}!\nk(a+)+$v`,
    });
    const health = await fetch(`${app.url}/health`);
    const healthMs = performance.now() - started;
    expect(health.status).toBe(200);
    // A stall detector, not a speed target: the regex took seconds, a literal search microseconds.
    expect(healthMs).toBeLessThan(1_000);
    const refused = await stalling;
    expect(refused).toMatchObject({ status: 400, body: { fields: [{ field: 'body.value' }] } });
    expect(refused.body.message).toContain(`line 1 has no separator '${separator}'`);

    const sent = await call('POST', `/topic/${topic}/data`, {
      ...base,
      multiMessage: true,
      keyValueSeparator: separator,
      value: `${'a'.repeat(27)}(a+)+$!\nk.*(a+)+$v`,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.map((r: Rec) => [r.key, r.value])).toEqual([
      ['a'.repeat(27), '!'],
      ['k.*', 'v'],
    ]);
  });

  it('refuses a produce body above topicData.produceMaxBytes with 413 in the error shape', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const limit = app.config.topicData.produceMaxBytes;
    expect(limit).toBe(4 * 1024 * 1024);
    const res = await fetch(`${app.url}/api/local/topic/${topic}/data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...base, value: 'x'.repeat(limit) }),
    });
    expect(res.status).toBe(413);
    const body = (await res.json()) as { message: string; code: string; requestId: string };
    expect(body).toEqual({
      message: `The request body is larger than the ${limit} bytes this route accepts (topicData.produceMaxBytes)`,
      code: 'BAD_REQUEST',
      requestId: res.headers.get('x-request-id'),
    });
    expect(await records(topic)).toEqual([]);
  });

  it('produces a tombstone (null value) and refuses a partition the topic lacks', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const sent = await call('POST', `/topic/${topic}/data`, { ...base, key: 'gone', value: null });
    expect(sent.status).toBe(200);
    expect(sent.body[0].value).toBeUndefined();
    const [stored] = await records(topic);
    expect(stored).toMatchObject({ key: 'gone' });
    expect(stored?.value).toBeUndefined();
    const bad = await call('POST', `/topic/${topic}/data`, { ...base, value: 'x', partition: 5 });
    // Well-formed, but the topic lacks it: not found, naming the field.
    expect(bad).toMatchObject({ status: 404, body: { fields: [{ field: 'body.partition' }] } });
  });

  it('refuses a keyless record for a compacted topic with 409', async () => {
    const topic = await kafka.createTopic(1, { configs: { 'cleanup.policy': 'compact' } });
    await waitForTopic(kafka.admin, topic);
    const refused = await call('POST', `/topic/${topic}/data`, { ...base, value: 'no key' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Key missing for produce onto compacted topic');
    expect((await call('POST', `/topic/${topic}/data`, { ...base, key: 'k', value: 'v' })).status).toBe(200);
  });

  it('answers 404 for an unknown topic', async () => {
    expect((await call('POST', '/topic/test-topic-nope-404/data', { ...base, value: 'x' })).status).toBe(404);
  });
});

describe('DELETE /api/{cluster}/topic/{topic}/data', () => {
  it('writes a tombstone for the key on a compacted topic', async () => {
    const topic = await kafka.createTopic(2, { configs: { 'cleanup.policy': 'compact' } });
    await waitForTopic(kafka.admin, topic, 2);
    await produceMany(topic, 1, () => ({ partition: 1, key: 'user-7', value: 'alive' }));
    const page = (await getJson(`${app.url}/api/local/topic/${topic}/data`)).body as {
      canDeleteRecords: boolean;
    };
    expect(page.canDeleteRecords).toBe(true);
    const key = Buffer.from('user-7').toString('base64');
    const deleted = await call('DELETE', `/topic/${topic}/data?partition=1&key=${encodeURIComponent(key)}`);
    expect(deleted).toMatchObject({ status: 200, body: { partition: 1, offset: 1, key: 'user-7' } });
    const stored = await records(topic);
    expect(stored.map((r) => [r.key, r.value])).toEqual([
      ['user-7', 'alive'],
      ['user-7', undefined],
    ]);
    const viaBody = await call('DELETE', `/topic/${topic}/data`, { partition: 0, key, clusterId: 'x' });
    expect(viaBody).toMatchObject({ status: 200, body: { partition: 0, offset: 0 } });
  });

  it('refuses on a topic that is not compacted, and without a partition', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    expect((await call('DELETE', `/topic/${topic}/data?partition=0&key=eA==`)).status).toBe(409);
    expect(await call('DELETE', `/topic/${topic}/data?key=eA==`)).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'querystring.partition' }] },
    });
  });
});

describe('DELETE /api/{cluster}/topic/{topic}/data/empty', () => {
  it('deletes every record of a delete-policy topic', async () => {
    const topic = await kafka.createTopic(2);
    await waitForTopic(kafka.admin, topic, 2);
    await produceMany(topic, 10, (i) => ({ partition: i % 2, value: `v${i}` }));
    expect((await call('DELETE', `/topic/${topic}/data/empty`)).status).toBe(204);
    expect(await records(topic)).toEqual([]);
    const after = (await getJson(`${app.url}/api/local/topic/${topic}/data`)).body as { size: number };
    expect(after.size).toBe(0);
    await produceMany(topic, 1, () => ({ partition: 0, value: 'new' }));
    expect((await records(topic)).map((r) => [r.offset, r.value])).toEqual([[5, 'new']]);
  });

  it('refuses a compacted topic with 409', async () => {
    const topic = await kafka.createTopic(1, { configs: { 'cleanup.policy': 'compact' } });
    await waitForTopic(kafka.admin, topic);
    expect((await call('DELETE', `/topic/${topic}/data/empty`)).status).toBe(409);
  });
});

describe('POST /api/{cluster}/topic/{from}/copy/{cluster2}/topic/{to}', () => {
  it('copies the listed partitions from their offsets, keeping key, value, headers and time', async () => {
    const from = await kafka.createTopic(2);
    const to = await kafka.createTopic(2);
    await waitForTopic(kafka.admin, from, 2);
    await waitForTopic(kafka.admin, to, 2);
    await produceMany(from, 20, (i) => ({
      partition: i % 2,
      key: `k${i}`,
      value: `v${i}`,
      headers: { n: String(i) },
      timestamp: Date.parse('2024-05-01T00:00:00Z') + i,
    }));
    const copied = await call('POST', `/topic/${from}/copy/local/topic/${to}`, [
      { partition: 0, offset: 0 },
      { partition: 1, offset: 7 },
    ]);
    expect(copied).toEqual({ status: 200, body: { records: 13 } });
    const stored = await records(to);
    expect(stored).toHaveLength(13);
    expect(stored.filter((r) => r.partition === 1).map((r) => r.value)).toEqual(['v15', 'v17', 'v19']);
    expect(stored.find((r) => r.key === 'k4')).toMatchObject({
      partition: 0,
      value: 'v4',
      headers: [{ key: 'n', value: '4' }],
      timestamp: '2024-05-01T00:00:00.004Z',
    });
  });

  it('copies compressed batches that are bigger than the target’s max.message.bytes once uncompressed', async () => {
    const from = await kafka.createTopic(1);
    const to = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, from);
    await waitForTopic(kafka.admin, to);
    // 3 MiB of values in zstd batches of a few KB: one fetch brings them all, far over the 1 MiB a batch may hold.
    await produceMany(from, 300, (i) => ({ partition: 0, value: `${i} ${'x'.repeat(10 * 1024)}` }), {
      compression: 'zstd',
      batch: 300,
    });
    const copied = await call('POST', `/topic/${from}/copy/local/topic/${to}`, [{ partition: 0, offset: 0 }]);
    expect(copied).toEqual({ status: 200, body: { records: 300 } });
    const stored = await records(to);
    expect(stored.map((r) => r.value?.split(' ')[0])).toEqual(
      Array.from({ length: 300 }, (_, i) => String(i)),
    );
  });

  it('stops reading and writing as soon as the client leaves a copy', async () => {
    const from = await kafka.createTopic(1);
    const to = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, from);
    await waitForTopic(kafka.admin, to);
    const total = 100_000;
    await produceMany(from, total, (i) => ({ partition: 0, value: `value ${i} ${'.'.repeat(200)}` }), {
      batch: 4000,
    });
    const copiedSoFar = async () => {
      const { body } = await getJson(`${app.url}/api/local/topic/${to}/partitions`);
      return (body as { lastOffset: number }[])[0]?.lastOffset;
    };

    const controller = new AbortController();
    const before = fetchStats.requests;
    const copy = fetch(`${app.url}/api/local/topic/${from}/copy/local/topic/${to}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ partition: 0, offset: 0 }]),
      signal: controller.signal,
    }).catch((error: Error) => error);
    // Leave once the copy is under way: three fetches made, or 10 s at most.
    const deadline = Date.now() + 10_000;
    while (fetchStats.requests - before < 3 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await copy).toBeInstanceOf(Error);
    await expectReadsStopped(); // its 500 ms also let a send already on its way land
    const written = await copiedSoFar();
    await new Promise((r) => setTimeout(r, 500));
    expect(await copiedSoFar()).toBe(written);
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(total);
  });

  it('refuses an empty list, the topic itself and unknown topics', async () => {
    const from = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, from);
    expect(
      (await call('POST', `/topic/${from}/copy/local/topic/${from}`, [{ partition: 0, offset: 0 }])).status,
    ).toBe(409);
    expect(await call('POST', `/topic/${from}/copy/local/topic/x`, [])).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: expect.stringContaining('Empty collections') },
    });
    expect(
      (
        await call('POST', `/topic/${from}/copy/local/topic/test-topic-missing`, [
          { partition: 0, offset: 0 },
        ])
      ).status,
    ).toBe(404);
    expect(
      (await call('POST', `/topic/${from}/copy/nowhere/topic/x`, [{ partition: 0, offset: 0 }])).status,
    ).toBe(404);
  });
});

describe('GET /api/{cluster}/topic/{topic}/data/download', () => {
  it('streams every matching record as JSON or CSV', async () => {
    const topic = await kafka.createTopic(2);
    await waitForTopic(kafka.admin, topic, 2);
    await produceMany(topic, 3000, (i) => ({
      partition: i % 2,
      key: `k${i}`,
      value: i === 5 ? 'with "quotes", commas\nand lines' : `value ${i}`,
      headers: { h: 'x' },
      timestamp: Date.parse('2024-05-01T00:00:00Z') + i,
    }));
    const res = await fetch(`${app.url}/api/local/topic/${topic}/data/download`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const json = (await res.json()) as Record<string, unknown>[];
    expect(json).toHaveLength(3000);
    expect(json[0]).toEqual({
      partition: 0,
      offset: 0,
      timestamp: 1714521600,
      keySchemaId: null,
      valueSchemaId: null,
      headers: [{ key: 'h', value: 'x' }],
      key: 'k0',
      value: 'value 0',
      format: { key: 'TEXT', value: 'TEXT' },
    });
    const filtered = await fetch(
      `${app.url}/api/local/topic/${topic}/data/download?searchByKey=k5_E&format=csv`,
    );
    expect(filtered.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(filtered.headers.get('content-disposition')).toBe(`attachment; filename="${topic}.csv"`);
    expect(await filtered.text()).toBe(
      'partition,offset,timestamp,key,value,headers,keySchemaId,valueSchemaId\r\n' +
        '1,2,2024-05-01T00:00:00.005Z,k5,"with ""quotes"", commas\nand lines","[{""key"":""h"",""value"":""x""}]",,\r\n',
    );
  });

  it('neutralises spreadsheet formulas in CSV cells (OWASP), and only in CSV', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const values = [
      '=1+2',
      '=HYPERLINK("http://evil.example","click")',
      '+1',
      '-1',
      '@SUM(A1)',
      '\tx',
      '\rx',
      'a=b',
    ];
    await produceMany(topic, values.length, (i) => ({
      partition: 0,
      key: i === 0 ? '=cmd|/c calc' : `k${i}`,
      value: values[i] ?? '',
      timestamp: Date.parse('2024-05-01T00:00:00Z'),
    }));
    const csv = await (await fetch(`${app.url}/api/local/topic/${topic}/data/download?format=csv`)).text();
    expect(csv).toBe(
      'partition,offset,timestamp,key,value,headers,keySchemaId,valueSchemaId\r\n' +
        `0,0,2024-05-01T00:00:00.000Z,'=cmd|/c calc,'=1+2,,,\r\n` +
        `0,1,2024-05-01T00:00:00.000Z,k1,"'=HYPERLINK(""http://evil.example"",""click"")",,,\r\n` +
        `0,2,2024-05-01T00:00:00.000Z,k2,'+1,,,\r\n` +
        `0,3,2024-05-01T00:00:00.000Z,k3,'-1,,,\r\n` +
        `0,4,2024-05-01T00:00:00.000Z,k4,'@SUM(A1),,,\r\n` +
        `0,5,2024-05-01T00:00:00.000Z,k5,'\tx,,,\r\n` +
        `0,6,2024-05-01T00:00:00.000Z,k6,"'\rx",,,\r\n` +
        `0,7,2024-05-01T00:00:00.000Z,k7,a=b,,,\r\n`,
    );
    const json = (await (await fetch(`${app.url}/api/local/topic/${topic}/data/download`)).json()) as {
      value: string;
    }[];
    expect(json.map((r) => r.value)).toEqual(values);
  });

  it('stops reading as soon as the client leaves a download', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic, 1);
    await produceMany(topic, 100_000, (i) => ({ partition: 0, value: `value ${i} ${'.'.repeat(200)}` }), {
      batch: 4000,
    });
    const url = `${app.url}/api/local/topic/${topic}/data/download`;
    const beforeWhole = fetchStats.requests;
    expect(await (await fetch(url)).json()).toHaveLength(100_000);
    const wholeFetches = fetchStats.requests - beforeWhole;

    const controller = new AbortController();
    const res = await fetch(url, { signal: controller.signal });
    const before = fetchStats.requests;
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    expect((await reader.read()).done).toBe(false);
    controller.abort();
    const settled = await expectReadsStopped();
    expect(settled - before).toBeLessThan(wholeFetches / 2);
  });

  it('ends a valid file when a budget the request set stops it, with where to go on in the trailers', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic, 1);
    await produceMany(topic, 10, (i) => ({ partition: 0, value: `value ${i}` }));
    const whole = await download(`${app.url}/api/local/topic/${topic}/data/download`);
    expect((JSON.parse(whole.body) as unknown[]).length).toBe(10);
    expect(whole.trailers['x-scan-stop']).toBeUndefined();
    const part = await download(`${app.url}/api/local/topic/${topic}/data/download?maxRecords=4`);
    expect((JSON.parse(part.body) as { offset: number }[]).map((r) => r.offset)).toEqual([0, 1, 2, 3]);
    expect(part.trailers).toMatchObject({ 'x-scan-stop': 'records', 'x-scan-after': '0-3' });
    const rest = await download(
      `${app.url}/api/local/topic/${topic}/data/download?format=CSV&after=${part.trailers['x-scan-after']}`,
    );
    expect(
      rest.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[1]),
    ).toEqual(['4', '5', '6', '7', '8', '9']);
  });
});
