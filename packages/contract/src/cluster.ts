import { z } from 'zod';
import { DateTimeFormat, GroupsListView, SortOrder, TopicListView } from './common/enums.ts';
import { onFirstUse } from './common/on-first-use.ts';

export const RegistryType = z.enum(['CONFLUENT', 'TIBCO', 'GLUE']);

/** One entry of `GET /api/cluster` (docs/api-conventions.md#clusters-and-ui-options). */
export const Cluster = onFirstUse(() =>
  z
    .object({
      id: z.string(),
      registry: z.boolean(),
      registryType: RegistryType.optional(),
      connects: z.array(z.string()).optional(),
      ksqldbs: z.array(z.string()).optional(),
      /** A Prometheus is configured: the broker pages show its metrics (docs/metrics.md). */
      metrics: z.boolean().optional(),
    })
    .meta({ id: 'Cluster' }),
);
export type Cluster = z.infer<typeof Cluster>;
export const ClusterList = onFirstUse(() => z.array(Cluster));

export const TopicUiOptions = onFirstUse(() =>
  z.object({
    defaultView: TopicListView.optional(),
    skipConsumerGroups: z.boolean().optional(),
    skipLastRecord: z.boolean().optional(),
    showAllConsumerGroups: z.boolean().optional(),
    groupsDefaultView: GroupsListView.optional(),
  }),
);
export const TopicDataUiOptions = onFirstUse(() =>
  z.object({
    sort: SortOrder.optional(),
    dateTimeFormat: DateTimeFormat,
  }),
);

/**
 * `GET /api/{cluster}/ui-options`: per-cluster values over global ones
 * (docs/api-conventions.md#clusters-and-ui-options).
 */
export const UiOptions = onFirstUse(() =>
  z.object({ topic: TopicUiOptions, topicData: TopicDataUiOptions }).meta({ id: 'UiOptions' }),
);
export type UiOptions = z.infer<typeof UiOptions>;

/** `GET /api/topic/defaults-configs`: the create-topic form's starting values. */
export const TopicDefaults = onFirstUse(() =>
  z
    .object({ replication: z.number().int(), partition: z.number().int(), retention: z.number().int() })
    .meta({ id: 'TopicDefaults' }),
);
export type TopicDefaults = z.infer<typeof TopicDefaults>;

export const ClusterParams = z.object({
  cluster: z.string().min(1).meta({ description: 'A cluster id from `GET /api/cluster`' }),
});
