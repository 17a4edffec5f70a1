import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Producer } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { consoleConsume } from '../../support/console-consumer.ts';
import { bootstrap, testKafka } from '../../support/kafka.ts';
import { produceMany, type SseMessage, sseMessages, waitForTopic } from '../../support/records.ts';
import { eventually, send } from '../../support/upstreams.ts';
import { connectorState, direct, lines, newConnectorName, SINK } from '../connect/support.ts';

let app: RunningApp;
let dir: string;
const kafka = testKafka();
const connectors: string[] = [];
beforeAll(async () => {
  app = await startApp();
  dir = await mkdtemp(join(tmpdir(), 'redrive-'));
});
afterAll(async () => {
  for (const name of connectors) await direct(`/connectors/${name}`, 'DELETE');
  await app.close();
  await kafka.cleanup();
});

const api = (path: string) => `${app.url}/api/local${path}`;

type Counts = {
  read: number;
  matched: number;
  targets: Record<string, number>;
  unresolved: number;
  missing: string[];
  denied: string[];
  after?: string;
  reason: string;
};
type End = Counts & { sent: number };

const dryRun = (path: string, body: object) => send<Counts>(api(path), 'POST', { ...body, dryRun: true });

/** Starts a run and reads its events; `onEvent` sees each as it arrives. */
async function run(path: string, body: object, onEvent?: (m: SseMessage) => Promise<void> | void) {
  const response = await fetch(api(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const events: SseMessage[] = [];
  for await (const message of sseMessages(response)) {
    events.push(message);
    await onEvent?.(message);
  }
  return events;
}

const endOf = (events: SseMessage[]) => {
  const last = events.at(-1);
  expect(last?.event).toBe('moveEnd');
  return last?.data as End;
};

type Element = {
  partition: number;
  key: string | null;
  value: string | null;
  timestamp: number;
  headers: { key: string; value: string | null }[];
};
async function records(topic: string): Promise<Element[]> {
  const res = await fetch(api(`/topic/${topic}/data/download?format=JSON`));
  expect(res.status).toBe(200);
  // The download gives epoch seconds (with milliseconds as the fraction): back to milliseconds.
  return ((await res.json()) as Element[]).map((e) => ({ ...e, timestamp: Math.round(e.timestamp * 1000) }));
}

describe('redrive a Kafka Connect dead-letter topic', () => {
  it('sends the records a sink could not convert back to their topic; once the cause is fixed the sink writes each exactly once', {
    timeout: 240_000,
  }, async () => {
    const topic = await kafka.createTopic(1);
    const dlq = await kafka.createTopic(1);
    const name = newConnectorName();
    connectors.push(name);
    const file = join(dir, `${name}.out`);
    const sink = {
      'connector.class': SINK,
      file,
      topics: topic,
      'tasks.max': '1',
      'value.converter': 'org.apache.kafka.connect.json.JsonConverter',
      'value.converter.schemas.enable': 'false',
      'errors.tolerance': 'all',
      'errors.deadletterqueue.topic.name': dlq,
      'errors.deadletterqueue.topic.replication.factor': '1',
      'errors.deadletterqueue.context.headers.enable': 'true',
    };
    expect((await direct(`/connectors/${name}/config`, 'PUT', sink)).status).toBeLessThan(300);
    await connectorState(name, 'RUNNING');
    await kafka.produce(topic, [
      { partition: 0, value: '"alpha"' },
      { partition: 0, value: 'not json 1' },
      { partition: 0, value: '"beta"' },
      { partition: 0, value: 'not json 2' },
      { partition: 0, value: 'not json 3' },
    ]);
    await eventually(
      () => lines(file),
      (l) => l.length === 2,
      60_000,
    );
    const dead = await eventually(
      () => records(dlq),
      (r) => r.length === 3,
      60_000,
    );
    expect(dead[0]?.headers.map((h) => h.key)).toContain('__connect.errors.topic');

    const counts = await dryRun(`/topic/${dlq}/data/redrive`, {});
    expect(counts.status).toBe(200);
    expect(counts.body).toMatchObject({
      read: 3,
      matched: 3,
      targets: { [topic]: 3 },
      unresolved: 0,
      missing: [],
      denied: [],
      reason: 'end',
    });

    // The cause: a converter that takes any text. The sink is made again with it, under the same name (its
    // consumer group goes on from its committed offset). Changing the config in place raced: Connect reports
    // the old task RUNNING until the new one has started, and a redrive in between was read by the old task,
    // which sent the records back to the dead-letter topic (seen in Connect's log: the new task started at
    // offset 8). Once the connector is gone its task has stopped, before the new connector's task starts.
    expect((await direct(`/connectors/${name}`, 'DELETE')).status).toBeLessThan(300);
    await eventually(
      () => direct(`/connectors/${name}/status`),
      (a) => a.status === 404,
      60_000,
    );
    const fixed = { ...sink, 'value.converter': 'org.apache.kafka.connect.storage.StringConverter' };
    expect((await direct(`/connectors/${name}/config`, 'PUT', fixed)).status).toBeLessThan(300);
    await connectorState(name, 'RUNNING');

    const end = endOf(await run(`/topic/${dlq}/data/redrive`, {}));
    expect(end).toMatchObject({
      sent: 3,
      targets: { [topic]: 3 },
      unresolved: 0,
      reason: 'end',
      after: '0-2',
    });
    const written = await eventually(
      () => lines(file),
      (l) => l.length >= 5,
      60_000,
    );
    // Give the sink time to write anything twice before comparing.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await lines(file)).toEqual(['alpha', 'beta', 'not json 1', 'not json 2', 'not json 3']);
    expect(written).toHaveLength(5);
    // The error context stays behind in the dead-letter topic.
    const back = (await records(topic)).slice(5);
    expect(back.map((r) => r.value)).toEqual(['not json 1', 'not json 2', 'not json 3']);
    expect(back.flatMap((r) => r.headers.map((h) => h.key))).not.toContain('__connect.errors.topic');
  });
});

describe('redrive a Spring Kafka dead-letter topic', () => {
  it('sends each record to the topic and partition its headers name, keeping key, value, timestamp and other headers', async () => {
    const first = await kafka.createTopic(3);
    const second = await kafka.createTopic(2);
    const dlq = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, first, 3);
    await waitForTopic(kafka.admin, second, 2);
    const partitionBytes = (n: number) => {
      const b = Buffer.alloc(4);
      b.writeInt32BE(n);
      return b;
    };
    const producer = new Producer({ clientId: 'redrive-test', bootstrapBrokers: [bootstrap()] });
    const header = (k: string, v: string | Buffer) =>
      [Buffer.from(k), Buffer.isBuffer(v) ? v : Buffer.from(v)] as [Buffer, Buffer];
    try {
      await producer.send({
        messages: [0, 1, 2, 3, 4, 5].map((i) => ({
          topic: dlq,
          partition: 0,
          key: Buffer.from(`key-${i}`),
          value: Buffer.from(`value-${i}`),
          timestamp: BigInt(Date.UTC(2025, 5, 1) + i * 1000),
          headers: new Map([
            header('kafka_dlt-original-topic', i % 2 ? second : first),
            header('kafka_dlt-original-partition', partitionBytes(i % 2)),
            header('kafka_dlt-exception-message', 'boom'),
            header('trace', `t-${i}`),
          ]),
        })),
      });
    } finally {
      await producer.close();
    }
    const counts = await dryRun(`/topic/${dlq}/data/redrive`, { target: { rule: 'spring' } });
    expect(counts.body).toMatchObject({ targets: { [first]: 3, [second]: 3 }, unresolved: 0 });

    const end = endOf(await run(`/topic/${dlq}/data/redrive`, { target: { rule: 'spring' } }));
    expect(end).toMatchObject({ sent: 6, targets: { [first]: 3, [second]: 3 }, reason: 'end' });
    const inFirst = await records(first);
    expect(inFirst.map((r) => [r.partition, r.key, r.value, r.timestamp])).toEqual(
      [0, 2, 4].map((i) => [0, `key-${i}`, `value-${i}`, Date.UTC(2025, 5, 1) + i * 1000]),
    );
    expect(inFirst[0]?.headers).toEqual([{ key: 'trace', value: 't-0' }]);
    const inSecond = await records(second);
    expect(inSecond.map((r) => [r.partition, r.value])).toEqual([1, 3, 5].map((i) => [1, `value-${i}`]));
    // Kafka's own consumer reads the same keys and create times.
    const read = await consoleConsume(second, 1, 3);
    expect(read.map((r) => [r.key, r.timestamp])).toEqual(
      [1, 3, 5].map((i) => [`key-${i}`, Date.UTC(2025, 5, 1) + i * 1000]),
    );

    // keepErrorHeaders and a filter on a header: only key-0, with its error context.
    const again = endOf(
      await run(`/topic/${dlq}/data/redrive`, {
        target: { rule: 'spring' },
        keepErrorHeaders: true,
        filter: 'headers["trace"] == "t-0"',
      }),
    );
    expect(again).toMatchObject({ read: 6, matched: 1, sent: 1, targets: { [first]: 1 } });
    const kept = (await records(first)).at(-1);
    expect(kept?.headers.map((h) => h.key)).toEqual([
      'kafka_dlt-original-topic',
      'kafka_dlt-original-partition',
      'kafka_dlt-exception-message',
      'trace',
    ]);
  });

  it('counts records whose headers name no topic as unresolved, and lists missing targets in the dry run', async () => {
    const dlq = await kafka.createTopic(1);
    await produceMany(dlq, 4, (i) => ({
      partition: 0,
      value: `v${i}`,
      headers:
        i < 2 ? { 'kafka_dlt-original-topic': 'no-such-topic-redrive' } : ({} as Record<string, string>),
    }));
    const counts = await dryRun(`/topic/${dlq}/data/redrive`, {});
    expect(counts.body).toMatchObject({
      targets: { 'no-such-topic-redrive': 2 },
      unresolved: 2,
      missing: ['no-such-topic-redrive'],
    });
    const events = await run(`/topic/${dlq}/data/redrive`, {});
    expect(events.at(-1)).toMatchObject({ event: 'moveError', data: { code: 'NOT_FOUND' } });
    expect(JSON.stringify(events.at(-1)?.data)).toContain('no-such-topic-redrive');
  });
});

describe('stop and resume', () => {
  it('stops a paced run on Stop with the cursor of what was sent; the resume sends the rest, nothing twice', {
    timeout: 120_000,
  }, async () => {
    const dlq = await kafka.createTopic(2);
    const target = await kafka.createTopic(2);
    await waitForTopic(kafka.admin, dlq, 2);
    await waitForTopic(kafka.admin, target, 2);
    await produceMany(dlq, 300, (i) => ({ partition: i % 2, key: `k${i}`, value: `record-${i}` }));
    const body = { target: { rule: 'topic', topic: target }, ratePerSecond: 100 };
    let id = '';
    const first = await run(`/topic/${dlq}/data/redrive`, body, async (m) => {
      if (m.event === 'moveStart') id = (m.data as { id: string }).id;
      if (m.event === 'moveProgress' && (m.data as End).sent >= 50) {
        const stop = await send<{ running: boolean }>(api(`/data/move/${id}/stop`), 'POST');
        expect(stop.status).toBe(200);
      }
    });
    const stopped = endOf(first);
    expect(stopped.reason).toBe('stopped');
    expect(stopped.sent).toBeGreaterThanOrEqual(50);
    expect(stopped.sent).toBeLessThan(300);
    expect(stopped.after).toMatch(/^0-\d+(_1-\d+)?$/);
    const status = await send<{ running: boolean; last: End }>(api(`/data/move/${id}`));
    expect(status.body).toMatchObject({ running: false, last: { sent: stopped.sent, after: stopped.after } });
    expect((await records(target)).length).toBe(stopped.sent);

    const rest = endOf(
      await run(`/topic/${dlq}/data/redrive`, { ...body, ratePerSecond: undefined, after: stopped.after }),
    );
    expect(rest.reason).toBe('end');
    expect(stopped.sent + rest.sent).toBe(300);
    const values = (await records(target)).map((r) => r.value);
    expect(values).toHaveLength(300);
    expect(new Set(values).size).toBe(300);
  });

  it("answers 404 for another user's or an unknown run", async () => {
    const answer = await send<{ code: string }>(
      api('/data/move/00000000-0000-0000-0000-000000000000/stop'),
      'POST',
    );
    expect(answer).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});

describe('replay a range to another topic', () => {
  it('copies the records of a time range the filter keeps, partitions and timestamps kept', async () => {
    const source = await kafka.createTopic(2);
    const target = await kafka.createTopic(2);
    await waitForTopic(kafka.admin, source, 2);
    await waitForTopic(kafka.admin, target, 2);
    const base = Date.UTC(2025, 0, 1);
    await produceMany(source, 40, (i) => ({
      partition: i % 2,
      key: `k${i}`,
      value: JSON.stringify({ n: i, kind: i % 4 === 0 ? 'keep' : 'other' }),
      headers: { seq: String(i) },
      timestamp: base + i * 60_000,
    }));
    const body = {
      toTopic: target,
      startTimestamp: new Date(base + 10 * 60_000).toISOString(),
      endTimestamp: new Date(base + 30 * 60_000).toISOString(),
      filter: 'value.kind == "keep"',
    };
    const counts = await dryRun(`/topic/${source}/data/replay`, body);
    // 10..29 in time, every fourth: 12, 16, 20, 24, 28.
    expect(counts.body).toMatchObject({ matched: 5, targets: { [target]: 5 }, reason: 'end' });
    const end = endOf(await run(`/topic/${source}/data/replay`, body));
    expect(end).toMatchObject({ sent: 5, reason: 'end' });
    const copied = await records(target);
    expect(copied.map((r) => [r.partition, r.key, r.timestamp]).sort()).toEqual(
      [12, 16, 20, 24, 28].map((i) => [0, `k${i}`, base + i * 60_000]).sort(),
    );
    expect(copied.every((r) => r.headers.some((h) => h.key === 'seq'))).toBe(true);
  });

  it('reads only the offsets asked for, both ends included', async () => {
    const source = await kafka.createTopic(1);
    const target = await kafka.createTopic(1);
    await produceMany(source, 20, (i) => ({ partition: 0, value: `v${i}` }));
    const end = endOf(
      await run(`/topic/${source}/data/replay`, {
        toTopic: target,
        offsets: [{ partition: 0, start: 5, end: 9 }],
      }),
    );
    expect(end).toMatchObject({ read: 5, sent: 5, after: '0-9' });
    expect((await records(target)).map((r) => r.value)).toEqual(['v5', 'v6', 'v7', 'v8', 'v9']);
  });

  it('refuses bad bodies naming the field, and a replay into its own topic', async () => {
    const source = await kafka.createTopic(1);
    const bad = await send<{ fields?: { field: string }[]; code: string }>(
      api(`/topic/${source}/data/redrive`),
      'POST',
      {
        target: { rule: 'header' },
      },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('target.header');
    const partition = await send(api(`/topic/${source}/data/replay`), 'POST', {
      toTopic: 'x',
      partitions: [7],
    });
    expect(partition.status).toBe(400);
    expect(JSON.stringify(partition.body)).toContain('body.partitions.0');
    const self = await send<{ code: string }>(api(`/topic/${source}/data/replay`), 'POST', {
      toTopic: source,
    });
    expect(self).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    const missing = await send<{ code: string }>(api(`/topic/${source}/data/replay`), 'POST', {
      toTopic: 'no-such-replay-target',
    });
    expect(missing.status).toBe(404);
  });
});
