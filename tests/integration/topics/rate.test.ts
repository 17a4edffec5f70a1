/**
 * A topic's traffic counted from Kafka's time index: records written with chosen timestamps (100 in one
 * hour, 200 in the next, 300 in the third, over three partitions) come back as exactly those counts per
 * hourly bucket, in any time form, and a window whose records were deleted counts 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopicRate } from '../../../packages/contract/src/index.ts';
import { getJson, type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, waitForTopic } from '../../support/records.ts';

let app: RunningApp;
const kafka = testKafka();
let topic: string;
const T0 = Date.parse('2024-05-01T00:00:00.000Z');
const HOUR = 3_600_000;
/** Record i's hour: the first 100 in hour 0, the next 200 in hour 1, the last 300 in hour 2. */
const hourOf = (i: number) => (i < 100 ? 0 : i < 300 ? 1 : 2);

beforeAll(async () => {
  app = await startApp();
  topic = await kafka.createTopic(3);
  await waitForTopic(kafka.admin, topic, 3);
  await produceMany(topic, 600, (i) => ({
    partition: i % 3,
    value: `record ${i}`,
    // Spread through the hour, and not in order inside it: the time index must still count each once.
    timestamp: T0 + hourOf(i) * HOUR + ((i * 7919) % HOUR),
  }));
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

const rate = async (query: string) => {
  const { status, body } = await getJson(`${app.url}/api/local/topic/${topic}/rate?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as TopicRate;
};

describe('GET /api/{cluster}/topic/{topic}/rate', () => {
  it('counts exactly the records written in each hour, summed over partitions', async () => {
    const answer = await rate(`from=${T0}&to=${T0 + 3 * HOUR}&buckets=3`);
    expect(answer).toEqual({
      from: '2024-05-01T00:00:00.000Z',
      to: '2024-05-01T03:00:00.000Z',
      step: HOUR,
      buckets: [
        { start: '2024-05-01T00:00:00.000Z', end: '2024-05-01T01:00:00.000Z', records: 100 },
        { start: '2024-05-01T01:00:00.000Z', end: '2024-05-01T02:00:00.000Z', records: 200 },
        { start: '2024-05-01T02:00:00.000Z', end: '2024-05-01T03:00:00.000Z', records: 300 },
      ],
    });
  });

  it('takes ISO-8601 times, counts 0 outside the records, and adds up to the topic in any bucketing', async () => {
    const wide = await rate('from=2024-04-30T22:00:00Z&to=2024-05-01T05:00:00%2B00:00&buckets=7');
    expect(wide.buckets.map((b) => b.records)).toEqual([0, 0, 100, 200, 300, 0, 0]);
    const fine = await rate(`from=${T0}&to=${T0 + 3 * HOUR}&buckets=500`);
    expect(fine.buckets).toHaveLength(500);
    expect(fine.buckets.reduce((sum, b) => sum + b.records, 0)).toBe(600);
  });

  it('starts at the oldest record kept when asked from=earliest', async () => {
    const answer = await rate(`from=earliest&to=${T0 + 3 * HOUR}&buckets=3`);
    expect(answer.from).toBe('2024-05-01T00:00:00.000Z');
    expect(answer.buckets.map((b) => b.records)).toEqual([100, 200, 300]);
  });

  it('counts 0 for a window whose records were deleted, as retention would', async () => {
    // Delete, per partition, everything written in the first hour (its records are the first ones).
    const firstHour = [0, 1, 2].map((p) => ({
      partition: p,
      offset: BigInt(Array.from({ length: 100 }, (_, i) => i).filter((i) => i % 3 === p).length),
    }));
    await kafka.admin.deleteRecords({ topics: [{ name: topic, partitions: firstHour }] });
    const answer = await rate(`from=${T0}&to=${T0 + 3 * HOUR}&buckets=3`);
    expect(answer.buckets.map((b) => b.records)).toEqual([0, 200, 300]);
  });

  it('refuses a window that ends before it starts, or too many buckets, naming the field', async () => {
    const backwards = await getJson(`${app.url}/api/local/topic/${topic}/rate?from=${T0}&to=${T0 - 1}`);
    expect(backwards).toMatchObject({ status: 400, body: { message: expect.stringContaining('from') } });
    const many = await getJson(`${app.url}/api/local/topic/${topic}/rate?buckets=501`);
    expect(many).toMatchObject({ status: 400, body: { message: expect.stringContaining('buckets') } });
    expect((await getJson(`${app.url}/api/local/topic/no-such-topic-${Date.now()}/rate`)).status).toBe(404);
  });
});

describe('GET /api/{cluster}/topic/traffic and the list sorted by traffic', () => {
  it('answers each named topic’s records per hour over the last 24 hours, and sorts the list by them', async () => {
    const busy = await kafka.createTopic(2);
    const quiet = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, busy, 2);
    await waitForTopic(kafka.admin, quiet);
    const now = Date.now();
    // 50 records between 150 and 130 minutes ago in `busy`, 5 an hour ago in `quiet`.
    await produceMany(busy, 50, (i) => ({
      partition: i % 2,
      value: `b${i}`,
      timestamp: now - 150 * 60_000 + i * 24_000,
    }));
    await produceMany(quiet, 5, (i) => ({ partition: 0, value: `q${i}`, timestamp: now - 60 * 60_000 + i }));
    const { status, body } = await getJson(
      `${app.url}/api/local/topic/traffic?topics=${busy},${quiet},${topic}`,
    );
    expect(status).toBe(200);
    const { topics, step } = body as { topics: Record<string, number[]>; step: number };
    expect(step).toBe(HOUR);
    expect(topics[busy]).toHaveLength(24);
    expect(topics[busy]?.reduce((a, b) => a + b, 0)).toBe(50);
    expect(topics[busy]?.slice(0, 20).every((n) => n === 0)).toBe(true);
    expect(topics[quiet]?.reduce((a, b) => a + b, 0)).toBe(5);
    // Records dated 2024 wrote nothing in the last 24 hours.
    expect(topics[topic]?.every((n) => n === 0)).toBe(true);

    const sorted = await getJson(`${app.url}/api/local/topic?search=test-topic&sort=traffic&order=desc`);
    const names = (sorted.body as { results: { name: string }[] }).results.map((t) => t.name);
    expect(names.indexOf(busy)).toBeLessThan(names.indexOf(quiet));
    expect(names.indexOf(quiet)).toBeLessThan(
      names.indexOf(topic) === -1 ? Number.MAX_SAFE_INTEGER : names.indexOf(topic),
    );
  });

  it('refuses more than a page of topics in one traffic request, naming the field', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `t${i}`).join(',');
    const answer = await getJson(`${app.url}/api/local/topic/traffic?topics=${many}`);
    expect(answer).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('querystring.topics') },
    });
  });
});
