import type { AlertRule } from '../../platform/config/lag-history.ts';
import { globMatch } from './glob.ts';
import type { Series } from './series.ts';
import type { LagStore } from './store.ts';

export type AlertCondition = 'LAG_ABOVE' | 'LAG_GROWING' | 'NO_MEMBERS' | 'TIME_LAG_ABOVE';

/** A rule firing for a group (and a topic, except NO_MEMBERS), since the sample that first matched it. */
export type Alert = {
  rule: string;
  condition: AlertCondition;
  cluster: string;
  group: string;
  topic?: string;
  /** The lag at the newest sample (LAG_ABOVE, LAG_GROWING). */
  lag?: number;
  /** lagAbove, growingForMinutes, or lagAboveMinutes. */
  threshold?: number;
  /** The highest time lag of the topic's partitions at the newest sample (TIME_LAG_ABOVE). */
  lagMs?: number;
  since: number;
};

/** Whether any rule on `cluster` watches the time lag of `group` on `topic` (the sampler reads it then). */
export function watchesTimeLag(rules: readonly AlertRule[], cluster: string) {
  const timed = rules.filter((r) => r.lagAboveMinutes !== undefined && globMatch(r.cluster, cluster));
  return (group: string, topic: string) =>
    timed.some((r) => globMatch(r.group, group) && globMatch(r.topic, topic));
}

export const alertKey = (a: Pick<Alert, 'rule' | 'group' | 'topic'>) =>
  JSON.stringify([a.rule, a.group, a.topic ?? null]);

const MINUTE = 60_000;

/**
 * The alerts firing at sample `t`: every rule against every (group, topic) series the sample named.
 * `previous` keeps `since` for those already firing. Pure: every replica evaluates the same records to
 * the same alerts.
 */
export function evaluateAlerts(
  store: LagStore,
  rules: readonly AlertRule[],
  cluster: string,
  t: number,
  previous: ReadonlyMap<string, Alert>,
): Map<string, Alert> {
  const firing = new Map<string, Alert>();
  const fire = (alert: Omit<Alert, 'since'>) => {
    const key = alertKey(alert);
    firing.set(key, { ...alert, since: previous.get(key)?.since ?? t });
  };
  const active = rules.filter((r) => globMatch(r.cluster, cluster));
  if (active.length === 0) return firing;
  for (const { group, topic, series, point } of store.at(t)) {
    for (const rule of active) {
      if (!globMatch(rule.group, group) || !globMatch(rule.topic, topic)) continue;
      const base = { rule: rule.name, cluster, group };
      if (rule.lagAbove !== undefined && point.lag > rule.lagAbove)
        fire({ ...base, condition: 'LAG_ABOVE', topic, lag: point.lag, threshold: rule.lagAbove });
      if (
        rule.lagAboveMinutes !== undefined &&
        point.lagMs !== undefined &&
        point.lagMs > rule.lagAboveMinutes * MINUTE
      )
        fire({
          ...base,
          condition: 'TIME_LAG_ABOVE',
          topic,
          lag: point.lag,
          lagMs: point.lagMs,
          threshold: rule.lagAboveMinutes,
        });
      if (rule.growingForMinutes !== undefined && grew(series, t, rule.growingForMinutes * MINUTE))
        fire({ ...base, condition: 'LAG_GROWING', topic, lag: point.lag, threshold: rule.growingForMinutes });
      if (rule.noMembers && store.hadMembers(group, t) === false) fire({ ...base, condition: 'NO_MEMBERS' });
    }
  }
  return firing;
}

/**
 * Whether the lag grew over the whole of the last `windowMs`: a sample at least that old starts the
 * window, no sample in it is below the one before, and the newest is above the first.
 */
export function grew(series: Series, t: number, windowMs: number): boolean {
  const points = [...series.range(t - windowMs - 10 * MINUTE, t, windowMs <= 60 * MINUTE ? 0 : 1)];
  const start = points.findLastIndex((p) => p.t <= t - windowMs);
  if (start < 0) return false;
  let previous = (points[start] as (typeof points)[number]).lag;
  const first = previous;
  for (const p of points.slice(start + 1)) {
    if (p.lag < previous) return false;
    previous = p.lag;
  }
  return previous > first;
}
