import { describe, expect, it } from 'vitest';
import { LagHistoryConfig } from '../../platform/config/lag-history.ts';
import { evaluateAlerts } from './alert-rules.ts';
import { LagStore } from './store.ts';
import { alertText } from './webhooks.ts';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 1);

const config = (rules: unknown[]) =>
  LagHistoryConfig.parse({ webhooks: { ops: { url: 'https://hooks.example.com/x' } }, rules });

function point(store: LagStore, t: number, group: string, topic: string, lag: number, members = true) {
  store.add({ kind: 'point', timestamp: t, lag: { group, topic, lag, partitions: [[0, lag]] }, members });
  store.add({ kind: 'end', timestamp: t, points: 1 });
}

describe('evaluateAlerts', () => {
  it('fires lagAbove per group and topic matching the patterns, keeping since while it fires', () => {
    const { rules } = config([
      { name: 'high', group: 'orders-*', topic: '*', lagAbove: 100, webhooks: ['ops'] },
    ]);
    const store = new LagStore(24 * 60 * MINUTE);
    point(store, T0, 'orders-eu', 't', 150);
    const first = evaluateAlerts(store, rules, 'prod', T0, new Map());
    expect([...first.values()]).toEqual([
      {
        rule: 'high',
        condition: 'LAG_ABOVE',
        cluster: 'prod',
        group: 'orders-eu',
        topic: 't',
        lag: 150,
        threshold: 100,
        since: T0,
      },
    ]);
    point(store, T0 + MINUTE, 'orders-eu', 't', 180);
    const second = evaluateAlerts(store, rules, 'prod', T0 + MINUTE, first);
    expect([...second.values()][0]).toMatchObject({ lag: 180, since: T0 });
    point(store, T0 + 2 * MINUTE, 'orders-eu', 't', 100);
    expect(evaluateAlerts(store, rules, 'prod', T0 + 2 * MINUTE, second).size).toBe(0);
    point(store, T0 + 3 * MINUTE, 'payments', 't', 1_000);
    expect(evaluateAlerts(store, rules, 'prod', T0 + 3 * MINUTE, new Map()).size).toBe(0);
  });

  it('fires growingForMinutes only when the lag grew over the whole window', () => {
    const { rules } = config([{ name: 'growing', growingForMinutes: 5, webhooks: ['ops'] }]);
    const store = new LagStore(24 * 60 * MINUTE);
    const lags = [10, 12, 12, 15, 20, 21, 22, 22, 22, 22, 22, 22, 30, 25];
    const firing = lags.map((lag, i) => {
      point(store, T0 + i * MINUTE, 'g', 't', lag);
      return evaluateAlerts(store, rules, 'prod', T0 + i * MINUTE, new Map()).size > 0;
    });
    // From minute 5 on, while the last 5 minutes hold growth and no fall; flat for 5 minutes or a fall ends it.
    expect(firing).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      true,
      false,
    ]);
  });

  it('fires noMembers for a group without members, on a matching cluster only', () => {
    const { rules } = config([{ name: 'idle', cluster: 'prod', noMembers: true, webhooks: ['ops'] }]);
    const store = new LagStore(60 * MINUTE);
    point(store, T0, 'g', 't', 0, false);
    expect([...evaluateAlerts(store, rules, 'prod', T0, new Map()).values()]).toMatchObject([
      { rule: 'idle', condition: 'NO_MEMBERS', group: 'g' },
    ]);
    expect(evaluateAlerts(store, rules, 'staging', T0, new Map()).size).toBe(0);
    point(store, T0 + MINUTE, 'g', 't', 0, true);
    expect(evaluateAlerts(store, rules, 'prod', T0 + MINUTE, new Map()).size).toBe(0);
  });

  it('says what fired and what cleared in one line', () => {
    const alert = {
      rule: 'high',
      condition: 'LAG_ABOVE' as const,
      cluster: 'prod',
      group: 'g',
      topic: 't',
      lag: 150,
      threshold: 100,
      since: T0,
    };
    expect(alertText({ status: 'FIRING', alert, timestamp: T0 })).toBe(
      '[FIRING] high: group g on topic t (cluster prod): lag 150 above 100',
    );
    expect(alertText({ status: 'RESOLVED', alert, timestamp: T0 })).toBe(
      '[RESOLVED] high: group g on topic t (cluster prod): cleared (was lag 150 above 100)',
    );
  });
});

describe('lagHistory config', () => {
  it('names the field of a bad rule', () => {
    const unknownHook = LagHistoryConfig.safeParse({
      rules: [{ name: 'r', lagAbove: 1, webhooks: ['nope'] }],
    });
    expect(unknownHook.error?.issues[0]).toMatchObject({
      path: ['rules', 0, 'webhooks', 0],
      message: "no webhook named 'nope' in lagHistory.webhooks",
    });
    const two = LagHistoryConfig.safeParse({
      webhooks: { ops: { url: 'https://x.example.com' } },
      rules: [{ name: 'r', lagAbove: 1, noMembers: true, webhooks: ['ops'] }],
    });
    expect(two.error?.issues[0]?.message).toBe(
      'give exactly one of lagAbove, lagAboveMinutes, growingForMinutes, noMembers',
    );
    expect(LagHistoryConfig.safeParse({ intervalMs: 10 }).error?.issues[0]?.path).toEqual(['intervalMs']);
    expect(LagHistoryConfig.safeParse({ topic: 'a b' }).error?.issues[0]?.path).toEqual(['topic']);
  });
});
