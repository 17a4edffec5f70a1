import type { IndexSnapshot } from '../groups/group-index.ts';
import { grew } from '../lag/alert-rules.ts';
import type { LagStore } from '../lag/store.ts';
import { type Finding, finding } from './finding.ts';

const HOUR = 3_600_000;

/**
 * Groups with members whose lag on a topic grew over the whole last hour, from the lag history this
 * replica holds (no Kafka request): every sample of the hour at or above the one before, the newest
 * above the first (the LAG_GROWING alert's rule, alert-rules.ts). One finding per group and topic.
 */
export function lagGrowingFindings(store: LagStore): Finding[] {
  const t = store.lastSample;
  if (!t) return [];
  const found: Finding[] = [];
  for (const { group, topic, series, point } of store.at(t)) {
    if (store.hadMembers(group, t) !== true || !grew(series, t, HOUR)) continue;
    const first = [...series.range(t - HOUR - 10 * 60_000, t - HOUR, 0)].at(-1);
    found.push(
      finding(
        'warning',
        'group.lag-growing',
        { type: 'group', name: group, topic },
        [
          `lag ${point.lag.toLocaleString('en')} records on ${topic}, up from ${first ? first.lag.toLocaleString('en') : '?'} an hour ago`,
          'grew at every sample of the last hour, with members connected',
        ],
        'The consumers fall behind the producers: add consumers (up to the partition count) or find what slows them.',
      ),
    );
  }
  return found;
}

/**
 * Groups without members (EMPTY) that still hold committed offsets, from the group index. Kafka deletes
 * an empty group's offsets `offsets.retention.minutes` after it became empty; Kafka's API does not say
 * when that was, so each such group is reported with the rule rather than a date.
 */
export function offsetsExpiringFindings(
  index: IndexSnapshot,
  retentionMinutes: number | undefined,
): Finding[] {
  const retention =
    retentionMinutes === undefined
      ? 'offsets.retention.minutes could not be read from the brokers'
      : `offsets.retention.minutes=${retentionMinutes} (${(retentionMinutes / 1440).toFixed(1)} days)`;
  const found: Finding[] = [];
  for (const g of index.groups()) {
    if (g.listing.state !== 'EMPTY' || g.topics.length === 0) continue;
    found.push(
      finding(
        'warning',
        'group.offsets-expiring',
        { type: 'group', name: g.listing.id },
        [
          'no members (EMPTY), with committed offsets',
          retention,
          'Kafka does not say when the group became empty: its offsets go at most that long after it did',
        ],
        'Restart its consumers before the offsets expire, or delete the group if it is gone for good.',
      ),
    );
  }
  return found;
}
