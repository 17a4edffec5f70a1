import { describe, expect, it } from 'vitest';
import { LagHistoryConfig } from '../../platform/config/lag-history.ts';
import { evaluateAlerts, watchesTimeLag } from './alert-rules.ts';
import { readRecord, sampleRecords } from './history-records.ts';
import type { LagSample } from './sample.ts';
import { LagStore } from './store.ts';
import { alertText } from './webhooks.ts';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 1);

const rulesOf = (rules: unknown[]) =>
  LagHistoryConfig.parse({ webhooks: { ops: { url: 'https://hooks.example.com/x' } }, rules }).rules;

/** A sample as the sampler writes it to the history topic, read back into the store as every replica does. */
function sampled(store: LagStore, t: number, lag: number, lagMs: number | undefined) {
  const sample: LagSample = {
    timestamp: t,
    lags: [
      { group: 'orders', topic: 't', lag, partitions: [[0, lag]], ...(lagMs !== undefined ? { lagMs } : {}) },
    ],
    members: new Map([['orders', true]]),
  };
  for (const m of sampleRecords(sample, MINUTE)) {
    const record = readRecord(m.key, m.value);
    if (record) store.add(record);
  }
}

describe('lagAboveMinutes: the time-lag alert rule', () => {
  it('fires TIME_LAG_ABOVE while the time lag written with the sample is above N minutes, and clears below', () => {
    const rules = rulesOf([{ name: 'late', group: 'orders', lagAboveMinutes: 15, webhooks: ['ops'] }]);
    const store = new LagStore(24 * 60 * MINUTE);
    sampled(store, T0, 40, 16 * MINUTE);
    const firing = evaluateAlerts(store, rules, 'prod', T0, new Map());
    expect([...firing.values()]).toEqual([
      {
        rule: 'late',
        condition: 'TIME_LAG_ABOVE',
        cluster: 'prod',
        group: 'orders',
        topic: 't',
        lag: 40,
        lagMs: 16 * MINUTE,
        threshold: 15,
        since: T0,
      },
    ]);
    sampled(store, T0 + MINUTE, 45, 17 * MINUTE);
    const still = evaluateAlerts(store, rules, 'prod', T0 + MINUTE, firing);
    expect([...still.values()][0]).toMatchObject({ lagMs: 17 * MINUTE, since: T0 });
    // Exactly N minutes is not above N; a sample without a time lag (not read) fires nothing.
    sampled(store, T0 + 2 * MINUTE, 45, 15 * MINUTE);
    expect(evaluateAlerts(store, rules, 'prod', T0 + 2 * MINUTE, still).size).toBe(0);
    sampled(store, T0 + 3 * MINUTE, 5_000, undefined);
    expect(evaluateAlerts(store, rules, 'prod', T0 + 3 * MINUTE, new Map()).size).toBe(0);
  });

  it('does not fire on a record count: a large lag a few seconds old stays quiet', () => {
    const rules = rulesOf([{ name: 'late', lagAboveMinutes: 5, webhooks: ['ops'] }]);
    const store = new LagStore(24 * 60 * MINUTE);
    sampled(store, T0, 1_000_000, 4_000);
    expect(evaluateAlerts(store, rules, 'prod', T0, new Map()).size).toBe(0);
  });

  it('asks the sampler for time lag only of the groups and topics a time rule on the cluster matches', () => {
    const rules = rulesOf([
      {
        name: 'late',
        cluster: 'prod',
        group: 'orders-*',
        topic: 'in-*',
        lagAboveMinutes: 5,
        webhooks: ['ops'],
      },
      { name: 'high', lagAbove: 10, webhooks: ['ops'] },
    ]);
    const prod = watchesTimeLag(rules, 'prod');
    expect(prod('orders-eu', 'in-1')).toBe(true);
    expect(prod('orders-eu', 'out-1')).toBe(false);
    expect(prod('billing', 'in-1')).toBe(false);
    expect(watchesTimeLag(rules, 'staging')('orders-eu', 'in-1')).toBe(false);
  });

  it('says in minutes what fired', () => {
    const alert = {
      rule: 'late',
      condition: 'TIME_LAG_ABOVE' as const,
      cluster: 'prod',
      group: 'g',
      topic: 't',
      lag: 40,
      lagMs: 16 * MINUTE,
      threshold: 15,
      since: T0,
    };
    expect(alertText({ status: 'FIRING', alert, timestamp: T0 })).toBe(
      '[FIRING] late: group g on topic t (cluster prod): lag 16 min above 15 min (40 records)',
    );
  });

  it('refuses a rule giving lagAboveMinutes with another condition, naming the rule', () => {
    const parsed = LagHistoryConfig.safeParse({
      webhooks: { ops: { url: 'https://x.example.com' } },
      rules: [{ name: 'r', lagAbove: 1, lagAboveMinutes: 5, webhooks: ['ops'] }],
    });
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['rules', 0, 'lagAbove'],
      message: 'give exactly one of lagAbove, lagAboveMinutes, growingForMinutes, noMembers',
    });
  });
});
