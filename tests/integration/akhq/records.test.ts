import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TailBody } from '../../../packages/contract/src/index.ts';
import { type RunningApp, request, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, sseMessages, waitForTopic } from '../../support/records.ts';
import { expectAkhq } from './models.ts';

/**
 * The record routes as AKHQ's client calls them (`sort=Oldest`, `partition=All`, comma-joined topics,
 * partitions and offsets as text), every record checked against AKHQ's `Record` model: each names its
 * topic as an object with `name`, which AKHQ's live tail reads (`record.topic.name`).
 */
let app: RunningApp;
const kafka = testKafka();
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

const call = (method: string, path: string, body?: unknown) =>
  request(`${app.url}/api/local${path}`, { method, body });

async function topicWith(records: number, partitions = 2): Promise<string> {
  const topic = await kafka.createTopic(partitions);
  await waitForTopic(kafka.admin, topic, partitions);
  await produceMany(topic, records, (i) => ({
    partition: i % partitions,
    key: `k${i}`,
    value: `{"n":${i}}`,
    headers: { source: 'akhq-fixture' },
    timestamp: Date.UTC(2024, 4, 1) + i * 1000,
  }));
  return topic;
}

describe('AKHQ record routes', () => {
  it('GET …/data and …/data/record/{p}/{o} answer Records naming their topic', async () => {
    const topic = await topicWith(4);
    const page = await call('GET', `/topic/${topic}/data?sort=Oldest&partition=All`);
    expect(page.status).toBe(200);
    expectAkhq(page.body, 'RecordPage');
    expect(page.body.results).toHaveLength(4);
    for (const record of page.body.results) expect(record.topic).toEqual({ name: topic });
    const one = await call('GET', `/topic/${topic}/data/record/1/0`);
    expectAkhq(one.body, 'RecordPage');
    expect(one.body.results).toMatchObject([{ topic: { name: topic }, partition: 1, offset: 0, key: 'k1' }]);
  });

  it('GET topic/last-record answers the whole newest record of each topic (comma-joined, as the list sends)', async () => {
    const [a, b] = [await topicWith(6), await topicWith(0, 1)];
    const { status, body } = await call(
      'GET',
      `/topic/last-record?topics=${encodeURIComponent(`${a},${b}`)}`,
    );
    expect(status).toBe(200);
    expectAkhq(body, 'Record{}');
    expect(Object.keys(body)).toEqual([a]);
    expect(body[a]).toMatchObject({
      topic: { name: a },
      key: 'k5',
      value: '{"n":5}',
      partition: 1,
      offset: 2,
      timestamp: '2024-05-01T00:00:05.000Z',
      headers: [{ key: 'source', value: 'akhq-fixture' }],
    });
  });

  it('POST …/data answers the produced Records; DELETE …/data the tombstone Record', async () => {
    const topic = await kafka.createTopic(1, { configs: { 'cleanup.policy': 'compact' } });
    await waitForTopic(kafka.admin, topic);
    const produced = await call('POST', `/topic/${topic}/data`, {
      clusterId: 'local',
      topicId: topic,
      value: '{"a":1}',
      key: 'k',
      partition: '0',
      headers: [{ key: 'h', value: 'v' }],
      multiMessage: false,
      keySchema: '',
      valueSchema: '',
    });
    expect(produced.status).toBe(200);
    expectAkhq(produced.body, 'Record[]');
    expect(produced.body).toMatchObject([{ topic: { name: topic }, partition: 0, offset: 0 }]);
    const key = Buffer.from('k').toString('base64');
    const tombstone = await call('DELETE', `/topic/${topic}/data?partition=0&key=${encodeURIComponent(key)}`);
    expect(tombstone.status).toBe(200);
    expectAkhq(tombstone.body, 'Record');
    expect(tombstone.body).toMatchObject({ topic: { name: topic }, partition: 0, offset: 1, key: 'k' });
  });

  it('POST …/copy takes partitions and offsets as text, as AKHQ’s copy page sends them', async () => {
    const from = await topicWith(6);
    const to = await kafka.createTopic(2);
    await waitForTopic(kafka.admin, to, 2);
    const { status, body } = await call('POST', `/topic/${from}/copy/local/topic/${to}`, [
      { partition: '0', offset: '1' },
      { partition: '1', offset: '0' },
    ]);
    expect(status).toBe(200);
    expectAkhq(body, 'CopyResult');
    expect(body).toEqual({ records: 5 });
    expect(
      await call('POST', `/topic/${from}/copy/local/topic/${to}`, [{ partition: 'zero', offset: '0' }]),
    ).toMatchObject({ status: 400, body: { fields: [{ field: 'body.0.partition' }] } });
  });

  it('GET …/data/search streams searchBody events whose records name their topic', async () => {
    const topic = await topicWith(4);
    const res = await fetch(
      `${app.url}/api/local/topic/${topic}/data/search?sort=Oldest&partition=All&searchByKey=k2_C`,
    );
    const found = [];
    for await (const message of sseMessages(res)) {
      if (message.event === 'searchEnd') break;
      found.push(...((message.data as { records?: unknown[] }).records ?? []));
    }
    expectAkhq(found, 'Record[]');
    expect(found).toMatchObject([{ topic: { name: topic }, key: 'k2' }]);
  });

  it('GET tail/sse sends records whose topic is an object with `name`, as AKHQ’s tail page reads it', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    const controller = new AbortController();
    const res = await fetch(`${app.url}/api/local/tail/sse?topics=${topic}&size=100`, {
      signal: controller.signal,
    });
    const events = sseMessages(res);
    await events.next();
    await produceMany(topic, 2, (i) => ({ partition: 0, value: `tail ${i}` }));
    const records: unknown[] = [];
    const deadline = setTimeout(() => controller.abort(), 15_000);
    try {
      while (records.length < 2) {
        const next = await events.next();
        if (next.done) break;
        records.push(...((next.value.data as TailBody).records ?? []));
      }
    } finally {
      clearTimeout(deadline);
      controller.abort();
    }
    expectAkhq(records, 'Record[]');
    expect(records).toMatchObject([
      { topic: { name: topic }, value: 'tail 0' },
      { topic: { name: topic }, value: 'tail 1' },
    ]);
  });
});
