/**
 * A topic's traffic over time from Kafka's own time index: ListOffsets by timestamp answers,
 * per partition, the first offset whose record was written at or after a time, so the records written
 * between two times are the difference of two such offsets, summed over partitions. That counts exactly
 * what the topic holds in each window (the log start and retention are honoured: a deleted window counts
 * 0), on any cluster, without an agent or any history of our own. The counting is recent-traffic.ts's,
 * for this one topic.
 */
import type { TopicRate } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { topicMetadata } from '../../kafka/metadata.ts';
import { listOffsets } from '../../kafka/offsets.ts';
import { edgesOf, type RateWindow, recentTraffic } from './recent-traffic.ts';

const HOUR_MS = 3_600_000;

/**
 * `from: 'earliest'` reads as the oldest record the topic keeps: ListOffsets at time 0 answers each
 * partition's first record with its timestamp (an hour before `to` when the topic is empty).
 */
export async function topicRate(
  admin: Admin,
  topic: string,
  asked: Omit<RateWindow, 'from'> & { from: number | 'earliest' },
): Promise<TopicRate> {
  const { view, meta } = await topicMetadata(admin, topic);
  let from = asked.from;
  if (from === 'earliest') {
    const firsts = [...((await listOffsets(admin, view, [meta], 0n)).get(topic)?.values() ?? [])]
      .map((p) => p.timestamp)
      .filter((t) => t >= 0);
    from = firsts.length ? Math.min(asked.to - 1, ...firsts) : asked.to - HOUR_MS;
  }
  const window = { ...asked, from };
  const edges = edgesOf(window);
  const counts = (await recentTraffic(admin, view, [meta], window)).get(topic) ?? [];
  return {
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
    step: Math.round((window.to - window.from) / window.buckets),
    buckets: counts.map((records, i) => ({
      start: new Date(edges[i] as number).toISOString(),
      end: new Date(edges[i + 1] as number).toISOString(),
      records,
    })),
  };
}
