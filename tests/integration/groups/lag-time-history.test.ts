import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupLagTime, LagAlertList } from '../../../packages/contract/src/index.ts';
import { LagHistoryConfig } from '../../../packages/server/src/platform/config/lag-history.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';

/**
 * Time lag with the lag history on: the sampler reads the time lag of the groups a lagAboveMinutes rule
 * watches (a real read on the broker, every 300 ms), the rule fires, and the time to clear comes from the
 * history.
 */
const kafka = testKafka();
const MINUTE = 60_000;
const historyTopic = `_console_lag_history_test-${randomUUID()}`;
const electionGroup = `test-group-lag-election-${randomUUID()}`;
let app: RunningApp;
let topic: string;
let late: string;
let recent: string;

beforeAll(async () => {
  topic = await kafka.createTopic(1);
  const now = Date.now();
  await kafka.produce(topic, [
    { partition: 0, value: 'a', timestamp: new Date(now - 20 * MINUTE) },
    { partition: 0, value: 'b', timestamp: new Date(now - 10 * MINUTE) },
    { partition: 0, value: 'c', timestamp: new Date(now - 10_000) },
  ]);
  late = await kafka.commitOffsets(topic, [1]);
  recent = await kafka.commitOffsets(topic, [2]);
  app = await startApp((c) => ({
    ...c,
    groupIndex: { refreshMs: 1_000 },
    lagHistory: LagHistoryConfig.parse({
      enabled: true,
      intervalMs: 300,
      topic: historyTopic,
      electionGroup,
      webhooks: { ops: { url: 'http://127.0.0.1:9/unused' } },
      rules: [{ name: 'late', group: 'test-group-*', lagAboveMinutes: 5, webhooks: ['ops'] }],
    }),
  }));
}, 30_000);
afterAll(async () => {
  await app?.close();
  await kafka.admin.deleteGroups({ groups: [electionGroup] }).catch(() => undefined);
  kafka.track(historyTopic);
  await kafka.cleanup();
});

const get = async <T>(path: string) => (await fetch(`${app.url}/api/local${path}`)).json() as Promise<T>;

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('time lag in the lag history', () => {
  it('fires lagAboveMinutes for the group 10 minutes behind, not for the one 10 seconds behind', async () => {
    const mine = (list: LagAlertList) => list.alerts.filter((a) => a.group === late || a.group === recent);
    const found = await until(
      () => get<LagAlertList>('/lag-alerts'),
      (list) => mine(list).length > 0,
    );
    expect(mine(found)).toEqual([
      expect.objectContaining({
        rule: 'late',
        condition: 'TIME_LAG_ABOVE',
        group: late,
        topic,
        lag: 2,
        threshold: 5,
      }),
    ]);
    const lagMs = mine(found)[0]?.lagMs ?? 0;
    expect(lagMs).toBeGreaterThanOrEqual(10 * MINUTE - 1_000);
    expect(lagMs).toBeLessThan(11 * MINUTE);
  });

  it('measures the time to clear from the history once it holds two samples of the group', async () => {
    const answer = await until(
      () => get<GroupLagTime>(`/group/${late}/lag-time`),
      (a) => a.rate?.source === 'HISTORY',
      10_000,
    );
    expect(answer.rate).toMatchObject({ source: 'HISTORY', drainPerSecond: 0 });
    expect(answer.timeToClearMs).toBeNull();
  });
});
