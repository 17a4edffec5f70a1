import type {
  OffsetPreviewRow,
  StreamsGroup,
  StreamsGroupList,
  StreamsGroupListQuery,
  StreamsOffsetReset,
} from '@console/contract';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { Config } from '../../platform/config/schema.ts';
import type { NameFilter } from '../access/roles.ts';
import { pageOf } from '../paging.ts';
import { nameMatcher } from '../topics/topic-naming.ts';
import { type StreamsAppTopics, streamsAppTopics } from './app-topics.ts';
import { deleteStreamsGroup, resetStreamsOffsets } from './reset.ts';
import { describeStreamsApp, listStreamsApps } from './streams-groups.ts';

const NO_PROTOCOL =
  'This cluster has no Streams rebalance protocol (KIP-1071, Kafka 4.1+ with streams.version 1): only classic Streams apps are listed';

/** Only the topics the caller may read, wherever the answer names one (docs/security.md#list-filtering). */
function visibleGroup(g: StreamsGroup, topic: NameFilter): StreamsGroup {
  const infos = (list: { name: string; partitions: number }[]) => list.filter((t) => topic(t.name));
  return {
    ...g,
    members: g.members.map((m) => ({ ...m, partitions: m.partitions.filter((p) => topic(p.topic)) })),
    subtopologies: g.subtopologies.map((s) => ({
      ...s,
      sourceTopics: s.sourceTopics.filter(topic),
      repartitionSourceTopics: infos(s.repartitionSourceTopics),
      repartitionSinkTopics: s.repartitionSinkTopics.filter(topic),
      changelogTopics: infos(s.changelogTopics),
    })),
    internalTopics: g.internalTopics.filter(topic),
    offsets: g.offsets.filter((o) => topic(o.topic)),
  };
}

/** The Streams apps' screens (docs/streams-groups.md): streams-protocol groups and classic Streams apps. */
export function streamsGroupService(config: Config, kafka: KafkaPool) {
  return {
    /** One ListGroups and one Metadata request; the page is cut from them, nothing described. */
    async list(
      cluster: string,
      query: StreamsGroupListQuery,
      url: string,
      visible: NameFilter,
      topic: NameFilter,
    ): Promise<StreamsGroupList> {
      const { apps, streamsProtocol } = await kafka.run(cluster, listStreamsApps);
      const matches = nameMatcher(query.search);
      const shown = apps
        .filter((g) => visible(g.id) && matches(g.id))
        .map((g) => ({ ...g, internalTopics: g.internalTopics.filter(topic) }));
      return {
        ...pageOf(shown, query.page, config.pagination.pageSize, url),
        ...(streamsProtocol ? {} : { notice: NO_PROTOCOL }),
      };
    },

    describe: async (cluster: string, group: string, topic: NameFilter): Promise<StreamsGroup> =>
      visibleGroup(await kafka.run(cluster, (admin) => describeStreamsApp(admin, group)), topic),

    resetOffsets: (
      cluster: string,
      group: string,
      reset: StreamsOffsetReset,
      dryRun: boolean,
      topic: NameFilter,
    ): Promise<OffsetPreviewRow[]> =>
      kafka.run(cluster, (admin) => resetStreamsOffsets(admin, group, reset, dryRun, topic)),

    delete: (cluster: string, group: string): Promise<void> =>
      kafka.run(cluster, (admin) => deleteStreamsGroup(admin, group)),

    /**
     * Per Streams app: its source, repartition, changelog and (repartition) sink topics, unfiltered, for
     * the data-flow map, which filters groups and topics by the caller's rights itself.
     */
    appTopics: (cluster: string): Promise<StreamsAppTopics[]> => kafka.run(cluster, streamsAppTopics),
  };
}

export type StreamsGroupService = ReturnType<typeof streamsGroupService>;
