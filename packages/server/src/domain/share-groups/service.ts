import type { ShareGroup, ShareGroupListQuery, ShareOffsetReset } from '@console/contract';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { Config } from '../../platform/config/schema.ts';
import type { NameFilter } from '../access/roles.ts';
import { pageOf } from '../paging.ts';
import { byName, nameMatcher } from '../topics/topic-naming.ts';
import {
  deleteShareGroup,
  describeShareGroup,
  listShareGroups,
  resetShareGroupOffsets,
} from './share-groups.ts';

/** The share-group screens' operations on a cluster. */
export function shareGroupService(config: Config, kafka: KafkaPool) {
  return {
    /** One ListGroups answers every share group's id and state; the page is cut from it, nothing described. */
    async list(cluster: string, query: ShareGroupListQuery, url: string, visible: NameFilter) {
      const groups = await kafka.run(cluster, listShareGroups);
      const matches = nameMatcher(query.search);
      const shown = groups.filter((g) => visible(g.id) && matches(g.id)).sort((a, b) => byName(a.id, b.id));
      return pageOf(shown, query.page, config.pagination.pageSize, url);
    },

    /** The group with only the topics the caller may see in its members and offsets. */
    async describe(cluster: string, group: string, visibleTopic: NameFilter): Promise<ShareGroup> {
      const found = await kafka.run(cluster, (admin) => describeShareGroup(admin, group));
      return {
        ...found,
        members: found.members.map((m) => ({
          ...m,
          subscribedTopics: m.subscribedTopics.filter(visibleTopic),
          assignments: m.assignments.filter((a) => visibleTopic(a.topic)),
        })),
        offsets: found.offsets.filter((o) => visibleTopic(o.topic)),
      };
    },

    resetOffsets: (cluster: string, group: string, reset: ShareOffsetReset) =>
      kafka.run(cluster, (admin) => resetShareGroupOffsets(admin, group, reset)),

    delete: (cluster: string, group: string) => kafka.run(cluster, (admin) => deleteShareGroup(admin, group)),
  };
}

export type ShareGroupService = ReturnType<typeof shareGroupService>;
