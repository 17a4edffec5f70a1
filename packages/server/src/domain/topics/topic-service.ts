import type {
  AccessControl,
  ConfigEntry,
  GroupsListView,
  LogDir,
  Partition,
  TimeOffset,
  Topic,
  TopicCreate,
  TopicList,
  TopicListQuery,
  TopicListView,
} from '@console/contract';
import { alterConfigEntries, describeAfterAlter, describeConfigEntries } from '../../kafka/configs.ts';
import { topicLogDirs } from '../../kafka/log-dirs.ts';
import { type BrokerInfo, topicMetadata, topicNotFound } from '../../kafka/metadata.ts';
import { listOffsets } from '../../kafka/offsets.ts';
import type { KafkaPool } from '../../kafka/pool.ts';
import { TopicNameCache } from '../../kafka/topic-name-cache.ts';
import type { Config } from '../../platform/config/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { topicAcls } from '../acls/acls.ts';
import { uiOptions } from '../cluster/cluster-info.ts';
import type { GroupIndexes } from '../groups/group-indexes.ts';
import { groupsFromIndex, type IndexedGroups } from '../groups/group-service.ts';
import { pageLinks, pageNumber } from '../paging.ts';
import { LogDirCache } from './log-dir-cache.ts';
import { createTopic, deleteTopic, increasePartitions } from './topic-admin.ts';
import { describeTopics, type LogDirSource } from './topic-describe.ts';
import { type NameFilter, topicNames, topicPage } from './topic-list.ts';
import { topicNaming } from './topic-naming.ts';
import { sortTopicNames } from './topic-sort.ts';
import { TtlMemo } from './ttl-memo.ts';

/** Kafka's "unknown topic" answers, reworded as AKHQ's message, a 404 for the topic in the URL. */
const renameNotFound = (topic: string) => (error: unknown) => {
  throw error instanceof AppError && error.code === 'NOT_FOUND' ? topicNotFound(topic) : error;
};

/** How long the topic list reuses a partition's log-dir size (see LogDirCache). */
const LIST_SIZES_TTL_MS = 10_000;
/** How far past that a sort by size may order by them while they are read again behind it. */
const SORT_SIZES_STALE_MS = 60_000;
/** How long the topic list reuses the cluster's topic names (see TopicNameCache). */
const LIST_NAMES_TTL_MS = 5_000;

/** The topic screens' operations: config defaults applied, every Kafka call through the pool. */
export function topicService(config: Config, pool: KafkaPool, indexes: GroupIndexes) {
  const naming = topicNaming(config);
  const sizes = new LogDirCache(LIST_SIZES_TTL_MS, SORT_SIZES_STALE_MS);
  const allNames = new TopicNameCache(LIST_NAMES_TTL_MS);
  const records = new TtlMemo<Map<string, number>>(LIST_SIZES_TTL_MS);
  const traffic = new TtlMemo<Map<string, number>>(LIST_SIZES_TTL_MS);
  /** Each cluster's brokers as the last all-topic Metadata answer named them (see LogDirCache.prefetch). */
  const lastBrokers = new Map<string, BrokerInfo[]>();
  const defaultView = (cluster: string): TopicListView =>
    uiOptions(config, cluster).topic.defaultView ?? 'HIDE_INTERNAL';

  const describe = (cluster: string, topic: string): Promise<Topic> =>
    pool.run(cluster, async (admin) => {
      const { view, meta } = await topicMetadata(admin, topic);
      // Sizes as the list reads them (reused for 10 s): DescribeLogDirs costs a broker a walk over every
      // log it holds, about 14 MB of allocation at 10,000 partitions, whatever the topic. The Logs tab reads
      // them fresh.
      const [described] = await describeTopics(admin, view, [meta], naming, (client, brokers, topics) =>
        sizes.get(cluster, client, brokers, topics),
      );
      if (!described) throw topicNotFound(topic);
      return described;
    });

  return {
    /** `allow` keeps the names the caller may read (docs/security.md#list-filtering). */
    async list(cluster: string, query: TopicListQuery, url: string, allow?: NameFilter): Promise<TopicList> {
      const page = pageNumber(query.page);
      const pageSize =
        query.uiPageSize !== undefined && query.uiPageSize > 0
          ? query.uiPageSize
          : config.pagination.pageSize;
      const show = query.show ?? defaultView(cluster);
      const logDirs: LogDirSource = (client, brokers, topics) => sizes.get(cluster, client, brokers, topics);
      // A sort by size may order by sizes up to a minute past their 10 s, renewed behind it; the page then
      // shows the sizes it was ordered by (a renewal landing in between would show another order).
      let ordered: LogDir[] | undefined;
      const sortDirs: LogDirSource = async (client, brokers, topics) => {
        ordered = await sizes.get(cluster, client, brokers, topics, { stale: true });
        return ordered;
      };
      const orderedDirs: LogDirSource = async (client, brokers, topics) => {
        if (!ordered) return logDirs(client, brokers, topics);
        const shown = new Set(topics.map((t) => t.name));
        return ordered.filter((d) => shown.has(d.topic));
      };
      const found = await pool.run(cluster, async (admin) => {
        const { sort, order = 'asc' } = query;
        // Every topic sorted by size: the brokers' log walk starts beside the all-topic Metadata request.
        if (sort === 'size' && !query.search) sizes.prefetch(cluster, admin, lastBrokers.get(cluster) ?? []);
        const view = await allNames.view(cluster, admin);
        lastBrokers.set(cluster, [...view.brokers.values()]);
        return topicPage(admin, naming, [...view.topics.keys()], {
          search: query.search,
          show,
          page,
          pageSize,
          allow,
          logDirs: sort === 'size' ? orderedDirs : logDirs,
          arrange: sort
            ? (names) =>
                sortTopicNames(admin, names, sort, order, {
                  cluster,
                  view,
                  logDirs: sortDirs,
                  records,
                  traffic,
                })
            : undefined,
        });
      });
      return {
        results: found.results,
        ...pageLinks(url, page, found.pages),
        page: found.pages,
        total: found.total,
        pageSize,
      };
    },

    names: (cluster: string, show: TopicListView | undefined, allow?: NameFilter): Promise<string[]> =>
      pool.run(cluster, async (admin) =>
        topicNames(await allNames.get(cluster, admin), naming, show ?? defaultView(cluster), allow),
      ),

    describe,

    partitions: async (cluster: string, topic: string): Promise<Partition[]> =>
      (await describe(cluster, topic)).partitions,

    create: (cluster: string, body: TopicCreate): Promise<Topic> =>
      pool
        .run(cluster, (admin) =>
          createTopic(admin, naming, {
            name: body.name,
            partitions: body.partition ?? config.topic.partition,
            replication: body.replication ?? config.topic.replication,
            configs: body.configs,
          }),
        )
        .finally(() => allNames.forget(cluster)),

    delete: (cluster: string, topic: string): Promise<void> =>
      pool
        .run(cluster, (admin) => deleteTopic(admin, topic))
        .catch(renameNotFound(topic))
        .finally(() => allNames.forget(cluster)),

    increasePartitions: (cluster: string, topic: string, count: number): Promise<void> =>
      pool.run(cluster, (admin) => increasePartitions(admin, topic, count)).catch(renameNotFound(topic)),

    configs: (cluster: string, topic: string): Promise<ConfigEntry[]> =>
      pool
        .run(cluster, (admin) => describeConfigEntries(admin, { type: 'TOPIC', name: topic }))
        .catch(renameNotFound(topic)),

    updateConfigs: (cluster: string, topic: string, wanted: Record<string, string>): Promise<ConfigEntry[]> =>
      pool
        .run(cluster, async (admin) => {
          const resource = { type: 'TOPIC' as const, name: topic };
          const current = await describeConfigEntries(admin, resource);
          return describeAfterAlter(
            admin,
            resource,
            await alterConfigEntries(admin, resource, wanted, current),
          );
        })
        .catch(renameNotFound(topic)),

    logs: (cluster: string, topic: string): Promise<LogDir[]> =>
      pool.run(cluster, async (admin) => {
        const { view, meta } = await topicMetadata(admin, topic);
        return topicLogDirs(admin, view.brokers.values(), [meta]);
      }),

    acls: (cluster: string, topic: string): Promise<AccessControl[]> =>
      pool.run(cluster, (admin) => topicAcls(admin, topic)),

    /** The groups reading `topic`, found through the cluster's group index; 404 for an unknown topic. */
    groups: async (
      cluster: string,
      topic: string,
      show: GroupsListView | undefined,
    ): Promise<IndexedGroups> => {
      const { view } = await pool.run(cluster, (admin) => topicMetadata(admin, topic));
      return groupsFromIndex(pool, indexes, cluster, [topic], show ?? 'ALL', view);
    },

    offsetsAt: (cluster: string, topic: string, timestamp: string | undefined): Promise<TimeOffset[]> =>
      pool.run(cluster, async (admin) => {
        const { view, meta } = await topicMetadata(admin, topic);
        const at = BigInt(timestamp ? Date.parse(timestamp) : Date.now());
        const found = (await listOffsets(admin, view, [meta], at)).get(topic) ?? new Map();
        return [...found]
          .filter(([, o]) => o.offset >= 0)
          .map(([partition, o]) => ({ topic, partition, offset: o.offset }))
          .sort((a, b) => a.partition - b.partition);
      }),
  };
}
export type TopicService = ReturnType<typeof topicService>;
