import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { consoleConsume } from '../../support/console-consumer.ts';
import { testKafka } from '../../support/kafka.ts';
import { download, produceMany, waitForTopic } from '../../support/records.ts';

let app: RunningApp;
const kafka = testKafka();
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

type Element = {
  partition: number;
  offset: number;
  timestamp: number;
  key: string | null;
  value: string | null;
  headers: { key: string; value: string | null }[];
  format: unknown;
};

const api = (path: string) => `${app.url}/api/local${path}`;

function importFile(topic: string, type: string, body: string, query = '') {
  return fetch(api(`/topic/${topic}/data/import${query}`), {
    method: 'POST',
    headers: { 'content-type': type },
    body,
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));
}

async function downloadJson(topic: string): Promise<Element[]> {
  const { status, body } = await download(api(`/topic/${topic}/data/download?format=JSON`));
  expect(status).toBe(200);
  return JSON.parse(body) as Element[];
}

/** A topic with keyed and unkeyed records, headers and chosen timestamps over three partitions. */
async function sourceTopic(): Promise<string> {
  const topic = await kafka.createTopic(3);
  await waitForTopic(kafka.admin, topic, 3);
  await produceMany(topic, 30, (i) => ({
    partition: i % 3,
    key: i % 5 === 0 ? null : `key-${i}`,
    value: i % 7 === 0 ? `{"id":${i},"text":"a, \\"quoted\\" [value]"}` : `plain ${i}\nsecond line`,
    headers: i % 2 ? { trace: `t-${i}`, source: 'import-test' } : ({} as Record<string, string>),
    timestamp: Date.UTC(2024, 0, 1) + i * 1_234,
  }));
  return topic;
}

const comparable = (elements: Element[]) =>
  elements.map(({ partition, offset, timestamp, key, value, headers }) => ({
    partition,
    offset,
    timestamp,
    key,
    value,
    headers,
  }));

describe('POST /api/{cluster}/topic/{topic}/data/import', () => {
  it("takes the console's own JSON download back: keys, values, headers, timestamps and partitions the same", async () => {
    const source = await sourceTopic();
    const file = await downloadJson(source);
    expect(file).toHaveLength(30);
    const target = await kafka.createTopic(3);
    await waitForTopic(kafka.admin, target, 3);
    const answer = await importFile(target, 'application/json', JSON.stringify(file), '?keepPartitions=true');
    expect(answer).toEqual({ status: 200, body: { written: 30, skipped: 0, errors: [], dryRun: false } });
    expect(comparable(await downloadJson(target))).toEqual(comparable(file));
    // Kafka's own consumer reads the same keys, headers and create times.
    const read = await consoleConsume(target, 1, 10);
    const expected = file.filter((e) => e.partition === 1);
    expect(read.map((r) => [r.key, r.timestamp])).toEqual(
      expected.map((e) => [e.key ?? 'null', Math.round(e.timestamp * 1000)]),
    );
    expect(read.find((r) => r.headers !== 'NO_HEADERS')?.headers).toMatch(/trace:t-\d+,source:import-test/);
  }, 120_000);

  it('takes JSON lines and CSV the same; without keepPartitions a keyed record goes to the same partition each time', async () => {
    const source = await sourceTopic();
    const file = await downloadJson(source);
    const lines = file.map((e) => JSON.stringify(e)).join('\n');
    const fromLines = await kafka.createTopic(3);
    await waitForTopic(kafka.admin, fromLines, 3);
    expect((await importFile(fromLines, 'application/x-ndjson', lines)).body).toMatchObject({ written: 30 });
    const once = await downloadJson(fromLines);
    const values = (elements: Element[]) => elements.map((e) => `${e.key}=${e.value}`).sort();
    expect(values(once)).toEqual(values(file));
    // Imported again by key, each keyed record lands where it did the first time.
    const again = await kafka.createTopic(3);
    await waitForTopic(kafka.admin, again, 3);
    await importFile(again, 'application/x-ndjson', lines);
    const where = (elements: Element[]) =>
      elements
        .filter((e) => e.key !== null)
        .map((e) => `${e.key}@${e.partition}`)
        .sort();
    expect(where(await downloadJson(again))).toEqual(where(once));
    const csv = await download(api(`/topic/${source}/data/download?format=CSV`));
    const fromCsv = await kafka.createTopic(3);
    await waitForTopic(kafka.admin, fromCsv, 3);
    const answer = await importFile(fromCsv, 'text/csv', csv.body, '?keepPartitions=true');
    expect(answer.body).toMatchObject({ written: 30, skipped: 0 });
    expect(comparable(await downloadJson(fromCsv))).toEqual(comparable(file));
  }, 120_000);

  it('names bad line 50,000 of 60,000 and writes nothing', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic, 1);
    const lines = Array.from({ length: 60_000 }, (_, i) =>
      i === 49_999
        ? '{"key":"k","value":"v","partition":"one"'
        : JSON.stringify({ key: `k${i}`, value: `v${i}` }),
    );
    const answer = await importFile(topic, 'application/x-ndjson', lines.join('\n'));
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual([
      { field: 'body.line.50000', message: expect.stringContaining('not JSON') },
    ]);
    const ends = await kafka.admin.listOffsets({
      topics: [{ name: topic, partitions: [{ partitionIndex: 0, timestamp: -1n }] }],
    });
    expect(Number(ends[0]?.partitions[0]?.offset)).toBe(0);
  }, 120_000);

  it('skips bad records by choice, listing each with its line and field, and a dry run writes nothing', async () => {
    const topic = await kafka.createTopic(2);
    await waitForTopic(kafka.admin, topic, 2);
    const lines = [
      '{"key":"a","value":"1","partition":0,"timestamp":"2024-02-01T00:00:00Z"}',
      '{"key":"b","value":"2","partition":5}',
      '{"key":"c","value":"AAE","format":{"value":"BINARY"},"partition":1}',
      '{"key":"d","value":{"json":true},"partition":1,"timestamp":1706745600000}',
    ].join('\n');
    const dry = await importFile(
      topic,
      'application/x-ndjson',
      lines,
      '?keepPartitions=true&dryRun=true&onError=skip',
    );
    expect(dry.body).toEqual({
      written: 2,
      skipped: 2,
      errors: [
        { line: 2, message: expect.stringMatching(/^partition: is 5; topic '.+' has 2 partition\(s\)$/) },
        { line: 3, message: 'value: is not base64, which BINARY is' },
      ],
      dryRun: true,
    });
    expect(await downloadJson(topic)).toEqual([]);
    const run = await importFile(topic, 'application/x-ndjson', lines, '?keepPartitions=true&onError=skip');
    expect(run.body).toMatchObject({ written: 2, skipped: 2 });
    const written = await downloadJson(topic);
    expect(written.map((e) => [e.key, e.value, e.partition, e.timestamp])).toEqual([
      ['a', '1', 0, Date.UTC(2024, 1, 1) / 1000],
      ['d', '{"json":true}', 1, Date.UTC(2024, 1, 1) / 1000],
    ]);
  }, 60_000);

  it('refuses another media type with 415, no file with 400 naming the body, and an unknown CSV column by name', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic, 1);
    expect((await importFile(topic, 'text/plain', 'x')).status).toBe(415);
    const empty = await fetch(api(`/topic/${topic}/data/import`), { method: 'POST' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { fields: unknown }).fields).toEqual([
      { field: 'body', message: expect.stringContaining('application/x-ndjson') },
    ]);
    const answer = await importFile(topic, 'text/csv', 'key,valeu\nk,v\n');
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual([
      { field: 'body.line.1', message: expect.stringContaining('unknown column valeu') },
    ]);
  });
});
