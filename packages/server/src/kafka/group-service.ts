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
import type { Config } from '../config/schema.ts';
import { pageLinks, pageNumber } from '../paging.ts';
import { groupAcls } from './acls.ts';
import { describeGroup, groupOffsetsAt, groupPage } from './group-read.ts';
import { deleteGroup, deleteGroupTopicOffsets, updateGroupOffsets } from './group-write.ts';
import type { KafkaPool } from './pool.ts';
import { groupsReadingTopics } from './topic-groups.ts';
import type { NameFilter } from './topic-list.ts';

/** The consumer-group operations (contract §3.6), every Kafka call through the pool. */
export function groupService(config: Config, pool: KafkaPool) {
  const describe = (cluster: string, group: string): Promise<ConsumerGroup> =>
    pool.run(cluster, (admin) => describeGroup(admin, group));

  return {
    /** `allow` keeps the ids the caller may read (contract §5, list filtering). */
    async list(cluster: string, query: GroupListQuery, url: string, allow: NameFilter): Promise<GroupList> {
      const page = pageNumber(query.page);
      const pageSize = config.pagination.pageSize;
      const found = await pool.run(cluster, (admin) =>
        groupPage(admin, { search: query.search, page, pageSize, allow }),
      );
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
    ): Promise<ConsumerGroup[]> =>
      pool.run(cluster, (admin) => groupsReadingTopics(admin, topics, show ?? 'ALL')),

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
      pool.run(cluster, (admin) => updateGroupOffsets(admin, group, update, dryRun)),

    offsetsAt: (cluster: string, group: string, timestamp: string): Promise<TimeOffset[]> =>
      pool.run(cluster, (admin) => groupOffsetsAt(admin, group, Date.parse(timestamp))),

    deleteTopicOffsets: (cluster: string, group: string, topic: string): Promise<void> =>
      pool.run(cluster, (admin) => deleteGroupTopicOffsets(admin, group, topic)),

    delete: (cluster: string, group: string): Promise<void> =>
      pool.run(cluster, (admin) => deleteGroup(admin, group)),

    acls: (cluster: string, group: string): Promise<AccessControl[]> =>
      pool.run(cluster, (admin) => groupAcls(admin, group)),
  };
}
