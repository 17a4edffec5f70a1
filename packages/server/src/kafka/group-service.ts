import type { ConsumerGroup, GroupsListView } from '@console/contract';
import type { KafkaPool } from './pool.ts';
import { groupsReadingTopics } from './topic-groups.ts';

/** The consumer-group operations; so far what the topic screens need. */
export function groupService(pool: KafkaPool) {
  return {
    /** Groups reading any of `topics` (the topic list's Consumer Groups column); `[]` without topics. */
    forTopics: (
      cluster: string,
      topics: string[],
      show: GroupsListView | undefined,
    ): Promise<ConsumerGroup[]> =>
      pool.run(cluster, (admin) => groupsReadingTopics(admin, topics, show ?? 'ALL')),
  };
}
