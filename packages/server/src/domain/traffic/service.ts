import type { TopicRate, TopicsTraffic } from '@console/contract';
import { readMetadata } from '../../kafka/metadata.ts';
import type { KafkaPool } from '../../kafka/pool.ts';
import { recentTraffic } from './recent-traffic.ts';
import { topicRate } from './topic-rate.ts';

const DAY_MS = 86_400_000;

/** Records written, counted from the topics' time indexes. */
export function trafficService(kafka: KafkaPool) {
  return {
    /** `topic`'s records per bucket between `from` (or its earliest record) and `to`. */
    rate: (
      cluster: string,
      topic: string,
      window: { from: number | 'earliest'; to: number; buckets: number },
    ): Promise<TopicRate> => kafka.run(cluster, (admin) => topicRate(admin, topic, window)),

    /** Each named topic's records in each of the last 24 hours. */
    async lastDay(cluster: string, topics: readonly string[]): Promise<TopicsTraffic> {
      const to = Date.now();
      const window = { from: to - DAY_MS, to, buckets: 24 };
      const counts = await kafka.run(cluster, async (admin) => {
        const view = await readMetadata(admin, topics);
        return recentTraffic(admin, view, [...view.topics.values()], window);
      });
      return {
        from: new Date(window.from).toISOString(),
        to: new Date(to).toISOString(),
        step: DAY_MS / 24,
        topics: Object.fromEntries(counts),
      };
    },
  };
}

export type TrafficService = ReturnType<typeof trafficService>;
