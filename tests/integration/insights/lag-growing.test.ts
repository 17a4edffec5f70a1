// The lag-growing insight against the real lag history: an hour of earlier samples written into a history
// topic of this test's own (as the console's sampler writes them), then a console reading it while
// sampling a real group whose member holds its partition and whose lag stays above them.
import { randomUUID } from 'node:crypto';
import { Consumer } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LagHistoryConfig } from '../../../packages/server/src/platform/config/lag-history.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { bootstrap, testKafka } from '../../support/kafka.ts';

type Finding = {
  id: string;
  severity: string;
  kind: string;
  object: { type: string; name: string; topic?: string };
  evidence: string[];
};

const kafka = testKafka();
const INTERVAL_MS = 1_000;
const MINUTE = 60_000;
const historyTopic = `_console_lag_history_test-${randomUUID()}`;
const electionGroup = `test-group-insights-election-${randomUUID()}`;
const group = `test-group-insights-lag-${randomUUID()}`;
let topic = '';
let app: RunningApp;
let consumer: Consumer | undefined;

/** One earlier sample as the sampler writes it (history-records.ts): the group's point, then the end mark. */
function sample(t: number, lag: number) {
  const bucket = Math.floor(t / INTERVAL_MS);
  return [
    {
      key: JSON.stringify(['p', group, topic, bucket]),
      value: JSON.stringify({ t, lag, p: [[0, lag]], m: true }),
    },
    { key: JSON.stringify(['s', bucket]), value: JSON.stringify({ t, points: 1 }) },
  ].map((r) => ({ ...r, partition: 0, timestamp: new Date(t) }));
}

beforeAll(async () => {
  topic = await kafka.createTopic(1);
  await kafka.produce(
    topic,
    Array.from({ length: 20 }, (_, i) => ({ partition: 0, value: `v${i}` })),
  );
  await kafka.admin.alterConsumerGroupOffsets({
    groupId: group,
    topics: [{ name: topic, partitionOffsets: [{ partition: 0, offset: 0n }] }],
  });
  // A member that never commits: the group is live and its lag stays at 20.
  consumer = new Consumer({
    groupId: group,
    clientId: 'insights-lag-tests',
    bootstrapBrokers: [bootstrap()],
    autocommit: false,
    sessionTimeout: 10_000,
    heartbeatInterval: 500,
  });
  const joined = new Promise<void>((resolve) => consumer?.once('consumer:group:join', () => resolve()));
  await consumer.consume({ topics: [topic], mode: 'committed' });
  await joined;
  // Samples every 5 minutes over the last 66, the lag rising from 1 to 14.
  await kafka.createTopic(1, { name: historyTopic, configs: { 'cleanup.policy': 'compact' } });
  const now = Date.now();
  await kafka.produce(
    historyTopic,
    Array.from({ length: 14 }, (_, i) => sample(now - 66 * MINUTE + i * 5 * MINUTE, i + 1)).flat(),
  );
  app = await startApp((c) => ({
    ...c,
    groupIndex: { refreshMs: 1_000 },
    lagHistory: LagHistoryConfig.parse({
      enabled: true,
      intervalMs: INTERVAL_MS,
      topic: historyTopic,
      electionGroup,
    }),
  }));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await consumer?.close(true);
  await kafka.admin.deleteGroups({ groups: [group, electionGroup] }).catch(() => undefined);
  await kafka.cleanup();
});

describe('lag growing', () => {
  it('reports a group with members whose lag grew over the whole last hour', async () => {
    const res = await fetch(`${app.url}/api/local/insights?kind=group.lag-growing`);
    const body = (await res.json()) as { results: Finding[]; checks: { kind: string; status: string }[] };
    expect(res.status).toBe(200);
    expect(body.checks.find((c) => c.kind === 'group.lag-growing')?.status).toBe('RAN');
    const found = body.results.find((f) => f.object.name === group);
    expect(found).toMatchObject({
      id: `group.lag-growing:group:${group}:${topic}`,
      severity: 'warning',
      object: { type: 'group', name: group, topic },
    });
    expect(found?.evidence[0]).toMatch(
      new RegExp(`^lag (14|20) records on ${topic}, up from 2 an hour ago$`),
    );
  });
});
