import type { ClusterView } from '../../kafka/metadata.ts';
import { type Finding, finding } from './finding.ts';

/** A broker is skewed when it holds at least half again its fair share (or half of it at most)... */
const RATIO = 1.5;
/** ...and the gap is worth acting on: 10 leaderships, or 1 GiB. */
const MIN_LEADER_GAP = 10;
const MIN_SIZE_GAP = 1024 ** 3;

const GIB = 1024 ** 3;
const gib = (bytes: number) => `${(bytes / GIB).toFixed(1)} GiB`;

type Skewed = { id: number; value: number; fair: number; high: boolean };

/** The brokers whose `value` is off the mean by RATIO and by at least `minGap`; none below two brokers. */
export function skewed(values: ReadonlyMap<number, number>, minGap: number): Skewed[] {
  if (values.size < 2) return [];
  const fair = [...values.values()].reduce((a, b) => a + b, 0) / values.size;
  const out: Skewed[] = [];
  for (const [id, value] of values) {
    const high = value > fair * RATIO && value - fair >= minGap;
    const low = value < fair / RATIO && fair - value >= minGap;
    if (high || low) out.push({ id, value, fair, high });
  }
  return out;
}

/** Leaderships per broker over every partition of the cluster (every broker of the answer, 0 included). */
export function leadersPerBroker(view: ClusterView): Map<number, number> {
  const leaders = new Map<number, number>([...view.brokers.keys()].map((id) => [id, 0]));
  for (const t of view.topics.values())
    for (const p of t.partitions)
      if (leaders.has(p.leader)) leaders.set(p.leader, (leaders.get(p.leader) ?? 0) + 1);
  return leaders;
}

export function leaderSkewFindings(view: ClusterView): Finding[] {
  const leaders = leadersPerBroker(view);
  return skewed(leaders, MIN_LEADER_GAP).map((s) =>
    finding(
      'warning',
      'broker.leader-skew',
      { type: 'broker', name: String(s.id) },
      [
        `leads ${s.value} partitions; the mean over ${leaders.size} brokers is ${Math.round(s.fair)}`,
        `leaders per broker: ${[...leaders].map(([id, n]) => `${id}: ${n}`).join(', ')}`,
      ],
      s.high
        ? 'This broker serves more than its share of reads and writes: run a preferred leader election, or reassign partitions so preferred leaders spread.'
        : 'This broker leads less than its share (often after a restart): run a preferred leader election.',
    ),
  );
}

/** `sizes`: bytes on each broker's log dirs (DescribeLogDirs); brokers that did not answer are absent. */
export function sizeSkewFindings(sizes: ReadonlyMap<number, number>): Finding[] {
  return skewed(sizes, MIN_SIZE_GAP).map((s) =>
    finding(
      'warning',
      'broker.size-skew',
      { type: 'broker', name: String(s.id) },
      [`holds ${gib(s.value)}; the mean over ${sizes.size} brokers is ${gib(s.fair)}`],
      s.high
        ? 'This broker fills its disks first: reassign some of its largest partitions to the others.'
        : 'This broker holds much less data than the others: reassign partitions onto it to spread the load.',
    ),
  );
}
