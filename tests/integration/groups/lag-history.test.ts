import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LagAlertList, LagHistory } from '../../../packages/contract/src/index.ts';
import { LagHistoryConfig } from '../../../packages/server/src/platform/config/lag-history.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { sha256, withSecurity } from '../../support/security.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.ts';

/**
 * Lag history and alerts on the real broker: a console sampling every 300 ms into a history topic of
 * this test's own, a group whose lag the test moves, webhooks to a real HTTP server.
 */
const kafka = testKafka();
const INTERVAL_MS = 300;
const historyTopic = `_console_lag_history_test-${randomUUID()}`;
const electionGroup = `test-group-lag-election-${randomUUID()}`;
let app: RunningApp;
let hooks: WebhookReceiver;
let topic: string;
let other: string;
let group: string;
const logLines: string[] = [];

const lagHistory = () =>
  LagHistoryConfig.parse({
    enabled: true,
    intervalMs: INTERVAL_MS,
    topic: historyTopic,
    electionGroup,
    webhooks: {
      slack: { url: hooks.url('/slack/T000/B000/secret-token'), format: 'slack' },
      generic: { url: hooks.url('/generic'), format: 'generic' },
    },
    rules: [
      { name: 'lag-high', group, topic: 'test-topic-*', lagAbove: 5, webhooks: ['slack', 'generic'] },
      { name: 'idle', group, noMembers: true, webhooks: ['generic'] },
    ],
  });

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  topic = await kafka.createTopic(3);
  other = await kafka.createTopic(1);
  await kafka.produce(
    topic,
    [0, 1, 2].flatMap((partition) => Array.from({ length: 4 }, (_, i) => ({ partition, value: `v${i}` }))),
  );
  await kafka.produce(other, [{ partition: 0, value: 'x' }]);
  group = await kafka.commitOffsets(topic, [0, 0, 0]);
  await kafka.admin.alterConsumerGroupOffsets({
    groupId: group,
    topics: [{ name: other, partitionOffsets: [{ partition: 0, offset: 0n }] }],
  });
  app = await startApp((c) => ({ ...c, groupIndex: { refreshMs: 1_000 }, lagHistory: lagHistory() }), {
    logStream: { write: (line) => void logLines.push(line) },
  });
}, 30_000);
afterAll(async () => {
  await app?.close();
  await hooks?.close();
  await kafka.admin.deleteGroups({ groups: [electionGroup] }).catch(() => undefined);
  kafka.track(historyTopic);
  await kafka.cleanup();
});

const get = async <T>(path: string, on = app, headers: Record<string, string> = {}) => {
  const res = await fetch(`${on.url}/api/local${path}`, { headers });
  return { status: res.status, body: (await res.json()) as T };
};
const history = (query = '') => get<LagHistory>(`/group/${group}/lag-history${query}`);

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('lag history', () => {
  it('answers the lag of each sample per topic, and per partition with partitions=true', async () => {
    const res = await until(history, (r) => r.body.points.filter((p) => p.topic === topic).length >= 2);
    expect(res.status).toBe(200);
    const points = res.body.points.filter((p) => p.topic === topic);
    expect(points.length).toBeGreaterThanOrEqual(2);
    expect(points.every((p) => p.lag === 12)).toBe(true);
    expect(res.body.points.some((p) => p.topic === other && p.lag === 1)).toBe(true);
    expect(res.body.intervalMs).toBe(INTERVAL_MS);
    const perPartition = await history('?partitions=true');
    const last = perPartition.body.points.filter((p) => p.topic === topic).slice(-3);
    expect(last.map((p) => [p.partition, p.lag]).sort()).toEqual([
      [0, 4],
      [1, 4],
      [2, 4],
    ]);
  });

  it('keeps the samples in the compacted, bounded history topic, created when missing', async () => {
    const configs = await kafka.admin.describeConfigs({
      resources: [
        {
          resourceType: 2,
          resourceName: historyTopic,
          configurationKeys: ['cleanup.policy', 'retention.ms'],
        },
      ],
    });
    const values = Object.fromEntries((configs[0]?.configs ?? []).map((c) => [c.name, c.value]));
    expect(values['cleanup.policy']).toBe('compact,delete');
    expect(values['retention.ms']).toBe(String(7 * 24 * 3_600_000));
  });

  it('answers a range: nothing before the first sample, a 400 naming from when it is after to', async () => {
    const before = await history(`?from=0&to=${Date.now() - 3_600_000}`);
    expect(before.body.points).toEqual([]);
    const iso = await history(`?from=${new Date(Date.now() - 60_000).toISOString()}`);
    expect(iso.body.points.length).toBeGreaterThan(0);
    const bad = await get<{ message: string }>(`/group/${group}/lag-history?from=2000&to=1000`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('from');
  });

  it('sends FIRING to Slack and generic webhooks, shows the alert, then RESOLVED when the lag clears', async () => {
    const slack = await hooks.waitFor('/slack/T000/B000/secret-token', (b) =>
      String(b.text).includes('[FIRING] lag-high'),
    );
    expect(slack.text).toContain(`group ${group} on topic ${topic}`);
    expect(slack.text).toContain('lag 12 above 5');
    const generic = await hooks.waitFor('/generic', (b) => b.status === 'FIRING' && b.rule === 'lag-high');
    expect(generic).toMatchObject({
      condition: 'LAG_ABOVE',
      group,
      topic,
      lag: 12,
      threshold: 5,
      cluster: 'local',
    });
    await hooks.waitFor(
      '/generic',
      (b) => b.status === 'FIRING' && b.rule === 'idle' && b.condition === 'NO_MEMBERS',
    );
    // `other` (lag 1) matches the topic pattern but not the threshold.
    expect(hooks.bodies('/generic').some((b) => b.topic === other && b.rule === 'lag-high')).toBe(false);

    const firing = await get<LagAlertList>('/lag-alerts');
    expect(
      firing.body.alerts
        .filter((a) => a.group === group)
        .map((a) => a.rule)
        .sort(),
    ).toEqual(['idle', 'lag-high']);

    await kafka.admin.alterConsumerGroupOffsets({
      groupId: group,
      topics: [{ name: topic, partitionOffsets: [0, 1, 2].map((partition) => ({ partition, offset: 4n })) }],
    });
    const resolved = await hooks.waitFor('/generic', (b) => b.status === 'RESOLVED' && b.rule === 'lag-high');
    expect(resolved.message).toContain('[RESOLVED] lag-high');
    await hooks.waitFor('/slack/T000/B000/secret-token', (b) =>
      String(b.text).includes('[RESOLVED] lag-high'),
    );
    const after = await get<LagAlertList>('/lag-alerts');
    expect(after.body.alerts.filter((a) => a.group === group).map((a) => a.rule)).toEqual(['idle']);
    expect((await history()).body.points.at(-1)?.lag).toBeDefined();
    // Each FIRING is sent once, not at every sample.
    expect(
      hooks.bodies('/generic').filter((b) => b.status === 'FIRING' && b.rule === 'lag-high'),
    ).toHaveLength(1);
  }, 30_000);

  it('writes no webhook URL to the log', () => {
    expect(logLines.join('\n')).not.toContain('secret-token');
  });
});

describe('lag history permissions', () => {
  let secured: RunningApp;
  let cookie: string;
  beforeAll(async () => {
    secured = await startApp((c) =>
      withSecurity({
        defaultGroup: null,
        roles: {
          'topic-read': [{ resources: ['TOPIC'], actions: ['READ'] }],
          'group-read': [{ resources: ['CONSUMER_GROUP'], actions: ['READ'] }],
        },
        groups: {
          limited: [
            { role: 'topic-read', patterns: [topic], clusters: ['local'] },
            { role: 'group-read', patterns: [group], clusters: ['local'] },
          ],
        },
        users: [{ username: 'ann', password: sha256('pw'), groups: ['limited'] }],
      })({ ...c, lagHistory: lagHistory() }),
    );
    const res = await fetch(`${secured.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ann', password: 'pw' }),
    });
    cookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  });
  afterAll(() => secured?.close());

  it('answers only the topics the caller may read, and 403 for a group outside its patterns', async () => {
    const res = await get<LagHistory>(`/group/${group}/lag-history`, secured, { cookie });
    expect(res.status).toBe(200);
    expect(res.body.points.length).toBeGreaterThan(0);
    expect(res.body.points.every((p) => p.topic === topic)).toBe(true);
    const refused = await get<unknown>(`/group/someone-else/lag-history`, secured, { cookie });
    expect(refused.status).toBe(403);
  });
});
