/**
 * Records keep their timestamps: records written years apart, with headers, null keys and
 * values and the largest record the broker takes, are produced through the console and copied in
 * batches that hold them together; Kafka's own console consumer reads back exactly what was written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, request, startApp } from '../../support/app.ts';
import { type ConsumedRecord, consoleConsume } from '../../support/console-consumer.ts';
import { testKafka } from '../../support/kafka.ts';
import { waitForTopic } from '../../support/records.ts';

let app: RunningApp;
const kafka = testKafka();
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
  await kafka.cleanup();
});

const call = (method: string, path: string, body: unknown) =>
  request(`${app.url}/api/local${path}`, { method, body });

// Kafka 4 brokers refuse timestamps over an hour ahead (log.message.timestamp.after.max.ms), so all are past.
// The broker's default max.message.bytes (1048588) less the batch and record overhead.
const LARGEST = 1_048_588 - 200;

type Written = {
  timestamp: string;
  key?: string;
  value?: string;
  headers?: { key: string; value: string }[];
};
const WRITTEN: Written[] = [
  { timestamp: '2026-11-28T17:01:11.000Z', key: 'now', value: 'written now' },
  { timestamp: '2024-05-01T00:00:00.000Z', key: 'then', value: 'written on 2024-05-01' },
  {
    timestamp: '2026-11-28T17:01:12.000Z',
    key: 'again',
    value: 'now again',
    headers: [{ key: 'trace', value: 'abc' }],
  },
  { timestamp: '1999-12-31T23:59:59.999Z', value: 'no key, last century' },
  { timestamp: '2001-09-09T01:46:40.000Z', key: 'tombstone' },
  { timestamp: '2021-10-03T02:58:49.000Z', key: 'big', value: 'x'.repeat(LARGEST) },
  { timestamp: '2026-11-28T17:01:13.000Z', key: 'last', value: 'after the big one' },
];

/** What Kafka's console consumer prints for each written record. */
const expected = WRITTEN.map((w, offset) => ({
  partition: 0,
  offset,
  timestamp: Date.parse(w.timestamp),
  key: w.key ?? 'null',
  headers: w.headers ? w.headers.map((h) => `${h.key}:${h.value}`).join(',') : 'NO_HEADERS',
  value: w.value ?? 'null',
}));

/** Long values compared by length and first characters, so a failure prints readably. */
const shortened = (records: ConsumedRecord[]) =>
  records.map((r) => ({
    ...r,
    value: r.value.length > 100 ? `${r.value.slice(0, 10)}…(${r.value.length})` : r.value,
  }));

describe('timestamps years apart in one batch', () => {
  it('produces and copies them so that Kafka’s console consumer reads back every timestamp, key, header and value', async () => {
    const from = await kafka.createTopic(1);
    const to = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, from);
    await waitForTopic(kafka.admin, to);
    for (const w of WRITTEN) {
      const sent = await call('POST', `/topic/${from}/data`, { headers: [], multiMessage: false, ...w });
      expect(sent.status, JSON.stringify(sent.body).slice(0, 300)).toBe(200);
    }
    expect(shortened(await consoleConsume(from, 0, WRITTEN.length))).toEqual(shortened(expected));

    const copied = await call('POST', `/topic/${from}/copy/local/topic/${to}`, [{ partition: 0, offset: 0 }]);
    expect(copied).toEqual({ status: 200, body: { records: WRITTEN.length } });
    expect(shortened(await consoleConsume(to, 0, WRITTEN.length))).toEqual(shortened(expected));
  });
});
