import type {
  AccessControl,
  ConsumerGroup,
  GroupList,
  GroupListQuery,
  GroupMember,
  GroupOffset,
  GroupsListView,
  OffsetPreviewRow,
  OffsetUpdate,
  TimeOffset,
} from '@console/contract';
import type { ClusterView } from '../../kafka/metadata.ts';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { Config } from '../../platform/config/schema.ts';
import { groupAcls } from '../acls/acls.ts';
import { pageLinks, pageNumber } from '../paging.ts';
import { groupsReadingTopics, type ReadersLimit, type TopicReaders } from '../topics/topic-groups.ts';
import type { NameFilter } from '../topics/topic-list.ts';
import type { GroupIndexes } from './group-indexes.ts';
import { readLagTimes } from './group-lag-times.ts';
import { describeGroup, groupOffsetsAt, groupPage } from './group-read.ts';
import { GroupSortFacts, groupLagMs, sortGroupListings } from './group-sort.ts';
import { deleteGroup, deleteGroupTopicOffsets, updateGroupOffsets } from './group-write.ts';

/** Groups found through the cluster's group index, and how old the index is (ms). */
export type IndexedGroups = TopicReaders & { indexAge: number };

/** The groups reading `topics`, from the cluster's group index (built first when there is none). */
export function groupsFromIndex(
  pool: KafkaPool,
  indexes: GroupIndexes,
  cluster: string,
  topics: string[],
  show: GroupsListView,
  known?: ClusterView,
  limit?: ReadersLimit,
): Promise<IndexedGroups> {
  return pool.run(cluster, async (admin) => {
    const index = await indexes.of(cluster).current();
    const found = await groupsReadingTopics(admin, index, topics, show, known, limit);
    return { ...found, indexAge: Date.now() - index.builtAt };
  });
}

/**
 * The consumer-group operations (docs/api-conventions.md#consumer-groups), every Kafka call through the pool.
 */
export function groupService(config: Config, pool: KafkaPool, indexes: GroupIndexes) {
  const describe = (cluster: string, group: string): Promise<ConsumerGroup> =>
    pool.run(cluster, (admin) => describeGroup(admin, group, indexes.of(cluster).known(group)?.kind));
  /** After a write, the index reads the group again; a failure there leaves it to the next refresh. */
  const facts = new GroupSortFacts();
  const reindex = (cluster: string, group: string) => {
    facts.forget(cluster);
    return indexes
      .of(cluster)
      .refreshGroup(group)
      .catch(() => undefined);
  };

  return {
    /** `allow` keeps the ids the caller may read (docs/security.md#list-filtering). */
    async list(
      cluster: string,
      query: GroupListQuery,
      url: string,
      allow: NameFilter,
      topicAllow: NameFilter,
    ): Promise<GroupList> {
      const page = pageNumber(query.page);
      const pageSize = config.pagination.pageSize;
      const { sort, order = 'asc' } = query;
      const found = await pool.run(cluster, async (admin) => {
        const listed = await groupPage(admin, {
          search: query.search,
          page,
          pageSize,
          allow,
          arrange: sort
            ? (listings, all, count) =>
                sortGroupListings(admin, cluster, listings, count, sort, order, facts, () => all, topicAllow)
            : undefined,
        });
        if (sort !== 'lagTime') return listed;
        // The figures the sort used (kept 10 s), shown beside the groups they ordered.
        const times = await facts.lagTimes.get(cluster, () =>
          readLagTimes(
            admin,
            listed.results.map((g) => ({ id: g.id, kind: 'classic' as const })),
          ),
        );
        const now = Date.now();
        const results = listed.results.map((g) => ({
          ...g,
          maxLagMs: groupLagMs(times, g.id, topicAllow, now),
        }));
        return { ...listed, results };
      });
      return {
        results: found.results,
        ...pageLinks(url, page, found.pages),
        page: found.pages,
        total: found.total,
        pageSize,
      };
    },

    /** Groups reading any of `topics` (the topic list's Consumer Groups column); `[]` without topics. */
    forTopics: (
      cluster: string,
      topics: string[],
      show: GroupsListView | undefined,
      limit?: ReadersLimit,
    ): Promise<IndexedGroups> =>
      groupsFromIndex(pool, indexes, cluster, topics, show ?? 'ALL', undefined, limit),

    describe,

    members: async (cluster: string, group: string): Promise<GroupMember[]> =>
      (await describe(cluster, group)).members ?? [],

    offsets: async (cluster: string, group: string): Promise<GroupOffset[]> =>
      (await describe(cluster, group)).offsets ?? [],

    updateOffsets: (
      cluster: string,
      group: string,
      update: OffsetUpdate,
      dryRun: boolean,
    ): Promise<OffsetPreviewRow[]> =>
      pool.run(cluster, async (admin) => {
        const rows = await updateGroupOffsets(admin, group, update, dryRun);
        if (!dryRun) await reindex(cluster, group);
        return rows;
      }),

    offsetsAt: (cluster: string, group: string, timestamp: string): Promise<TimeOffset[]> =>
      pool.run(cluster, (admin) => groupOffsetsAt(admin, group, Date.parse(timestamp))),

    deleteTopicOffsets: (cluster: string, group: string, topic: string): Promise<void> =>
      pool.run(cluster, async (admin) => {
        await deleteGroupTopicOffsets(admin, group, topic);
        await reindex(cluster, group);
      }),

    delete: (cluster: string, group: string): Promise<void> =>
      pool.run(cluster, async (admin) => {
        await deleteGroup(admin, group);
        facts.forget(cluster);
        indexes.of(cluster).removeGroup(group);
      }),

    acls: (cluster: string, group: string): Promise<AccessControl[]> =>
      pool.run(cluster, (admin) => groupAcls(admin, group)),
  };
}
