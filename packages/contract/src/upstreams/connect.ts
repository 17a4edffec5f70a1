import { z } from 'zod';
import { ClusterParams } from '../cluster.ts';
import { pagedList } from '../common/lists.ts';
import { onFirstUse } from '../common/on-first-use.ts';
import { lenientInt } from '../common/query.ts';

/**
 * What the server answers instead of a secret (a PASSWORD-typed or secret-named connector config). Sent
 * back unchanged on update, it keeps the stored value; `${provider:path:key}` references are never masked.
 */
export const MASKED_SECRET = '********';

/** Connector configs are strings for Connect; numbers and booleans are accepted and sent as text. */
const configValue = z.union([z.string(), z.number(), z.boolean()]).transform(String);
export const ConnectorConfigs = onFirstUse(() =>
  z.record(z.string(), configValue).meta({ id: 'ConnectorConfigs' }),
);
export type ConnectorConfigs = Record<string, string>;
/** A connector's configs as answered, secrets masked. */
export const ConnectorConfigMap = onFirstUse(() =>
  z.record(z.string(), z.string()).meta({ id: 'ConnectorConfigMap' }),
);

export const ConnectorType = z.enum(['source', 'sink', 'unknown']);
export type ConnectorType = z.infer<typeof ConnectorType>;

export const ConnectTask = onFirstUse(() =>
  z
    .object({
      connector: z.string(),
      id: z.number().int(),
      state: z.string().meta({ description: 'RUNNING, FAILED, PAUSED, UNASSIGNED, RESTARTING…' }),
      workerId: z.string(),
      trace: z.string().optional().meta({ description: 'The failure stack trace of a FAILED task' }),
    })
    .meta({ id: 'ConnectTask' }),
);
export type ConnectTask = z.infer<typeof ConnectTask>;

/** AKHQ's ConnectDefinition (docs/api-conventions.md#connect-definition); secrets in `configs` are masked. */
export const ConnectDefinition = onFirstUse(() =>
  z
    .object({
      name: z.string(),
      type: ConnectorType,
      configs: ConnectorConfigMap,
      tasks: z.array(ConnectTask).optional(),
      shortClassName: z.string().meta({ description: 'Last dot-segment of connector.class' }),
      paused: z.boolean().meta({ description: 'The connector or any task is PAUSED' }),
      state: z.string().optional().meta({
        description:
          "The connector's own state (RUNNING, PAUSED, FAILED, UNASSIGNED…); absent before Connect reports one",
      }),
    })
    .meta({ id: 'ConnectDefinition' }),
);
export type ConnectDefinition = z.infer<typeof ConnectDefinition>;

export const ConnectDefinitionList = onFirstUse(() =>
  pagedList(ConnectDefinition).meta({ id: 'ConnectDefinitionList' }),
);
export type ConnectDefinitionList = z.infer<typeof ConnectDefinitionList>;
export const ConnectTaskList = onFirstUse(() => z.array(ConnectTask));

export const ConnectPluginDefinition = onFirstUse(() =>
  z
    .object({
      name: z.string(),
      type: z
        .string()
        .meta({ description: 'STRING, INT, LONG, DOUBLE, SHORT, BOOLEAN, PASSWORD, LIST, CLASS…' }),
      required: z.boolean(),
      defaultValue: z.string().optional(),
      importance: z.string(),
      documentation: z.string().optional(),
      group: z.string().meta({ description: '"Others" when the plugin gives none' }),
      width: z.string().optional(),
      displayName: z.string().optional().meta({ description: 'Omitted when it only restates the name' }),
      dependents: z.array(z.string()).optional(),
      order: z.number().int(),
      errors: z.array(z.string()).optional().meta({
        description: "The worker's errors for the value sent (validate only; absent when none)",
      }),
    })
    .meta({ id: 'ConnectPluginDefinition' }),
);
export type ConnectPluginDefinition = z.infer<typeof ConnectPluginDefinition>;

export const ConnectPlugin = onFirstUse(() =>
  z
    .object({
      className: z.string(),
      type: ConnectorType,
      version: z.string(),
      shortClassName: z.string(),
      definitions: z.array(ConnectPluginDefinition).meta({
        description: 'Sorted by group (Others last), then order; includes the Schema Registry group',
      }),
      errorCount: z
        .number()
        .int()
        .optional()
        .meta({ description: 'How many errors the worker found in the configs sent (validate only)' }),
    })
    .meta({ id: 'ConnectPlugin' }),
);
export type ConnectPlugin = z.infer<typeof ConnectPlugin>;
export const ConnectPluginList = onFirstUse(() => z.array(ConnectPlugin));

/** `GET /api/connects`: every configured Connect worker, by cluster. */
export const ConnectRef = onFirstUse(() =>
  z.object({ cluster: z.string(), name: z.string() }).meta({ id: 'ConnectRef' }),
);
export type ConnectRef = z.infer<typeof ConnectRef>;
export const ConnectRefList = onFirstUse(() => z.array(ConnectRef));
export const ConnectsQuery = onFirstUse(() =>
  z.object({
    clusterId: z.string().optional().meta({ description: 'Only this cluster' }),
  }),
);

export const ConnectListQuery = onFirstUse(() =>
  z.object({
    search: z
      .string()
      .optional()
      .meta({ description: 'Space-separated terms; every one must be in the name' }),
    page: lenientInt.meta({ description: '1-based page number' }),
  }),
);
export type ConnectListQuery = z.infer<typeof ConnectListQuery>;

/** `POST /api/{cluster}/connect/{connectId}`; `configs` must name `connector.class`. */
export const ConnectorCreate = onFirstUse(() =>
  z
    .object({
      name: z.string().min(1),
      configs: z
        .object({
          'connector.class': z
            .string({ error: 'connector.class is required' })
            .min(1, 'connector.class is required')
            .meta({ description: 'Full or short class name of the plugin' }),
        })
        .catchall(configValue),
    })
    .meta({ id: 'ConnectorCreate' }),
);
export type ConnectorCreate = z.infer<typeof ConnectorCreate>;

/** Full replacement of a connector's configs; a `MASKED_SECRET` value keeps the stored secret. */
export const ConnectorConfigsUpdate = onFirstUse(() =>
  z.object({ configs: ConnectorConfigs }).meta({ id: 'ConnectorConfigsUpdate' }),
);
export type ConnectorConfigsUpdate = z.infer<typeof ConnectorConfigsUpdate>;

export const ConnectParams = ClusterParams.extend({ connectId: z.string().min(1) });
export const ConnectorParams = ConnectParams.extend({ name: z.string().min(1) });
export const ConnectTaskParams = ConnectorParams.extend({ taskId: z.coerce.number().int().nonnegative() });
export const ConnectPluginParams = ConnectParams.extend({
  className: z.string().min(1).meta({ description: 'Full or short class name of a connector plugin' }),
});

/** The most partitions one offsets change may name, and the most keys in one partition or offset object. */
export const MAX_OFFSET_PARTITIONS = 1000;
const MAX_OFFSET_KEYS = 32;
const offsetObject = (what: string) =>
  z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .refine((o) => Object.keys(o).length <= MAX_OFFSET_KEYS, `${what} has more than ${MAX_OFFSET_KEYS} keys`);

/**
 * One partition's offset as Kafka Connect keeps it (KIP-875): a source connector's own objects (a
 * FileStreamSource: `{ filename }` → `{ position }`), a sink's `{ kafka_topic, kafka_partition }` →
 * `{ kafka_offset }`. A null offset, in an alteration, resets that partition.
 */
export const ConnectorOffset = onFirstUse(() =>
  z
    .object({
      partition: offsetObject('partition').meta({ description: "The plugin's partition object" }),
      offset: offsetObject('offset')
        .nullable()
        .meta({ description: "The plugin's offset object; null resets the partition" }),
    })
    .meta({ id: 'ConnectorOffset' }),
);
export type ConnectorOffset = z.infer<typeof ConnectorOffset>;

/** `GET …/{name}/offsets`: Connect's own body, passed as it answers. */
export const ConnectorOffsets = onFirstUse(() =>
  z.object({ offsets: z.array(ConnectorOffset) }).meta({ id: 'ConnectorOffsets' }),
);
export type ConnectorOffsets = z.infer<typeof ConnectorOffsets>;

/** `PATCH …/{name}/offsets`: the partitions to change, as Connect takes them. */
export const ConnectorOffsetsAlter = onFirstUse(() =>
  z
    .object({ offsets: z.array(ConnectorOffset).min(1).max(MAX_OFFSET_PARTITIONS) })
    .meta({ id: 'ConnectorOffsetsAlter' }),
);
export type ConnectorOffsetsAlter = z.infer<typeof ConnectorOffsetsAlter>;

/** Connect's answer to an alteration or a reset. */
export const ConnectorOffsetsResult = onFirstUse(() =>
  z.object({ message: z.string() }).meta({ id: 'ConnectorOffsetsResult' }),
);

/** The levels a Connect worker's loggers take (log4j's). */
export const LoggerLevel = z.enum(['OFF', 'FATAL', 'ERROR', 'WARN', 'INFO', 'DEBUG', 'TRACE']);
export type LoggerLevel = z.infer<typeof LoggerLevel>;

export const ConnectLogger = onFirstUse(() =>
  z
    .object({
      name: z.string(),
      level: z.string(),
      lastModified: z
        .number()
        .int()
        .optional()
        .meta({ description: 'When the level was last set through the REST API (ms since epoch)' }),
    })
    .meta({ id: 'ConnectLogger' }),
);
export type ConnectLogger = z.infer<typeof ConnectLogger>;
export const ConnectLoggerList = onFirstUse(() => z.array(ConnectLogger));

export const ConnectLoggerParams = ConnectParams.extend({
  logger: z
    .string()
    .regex(/^[\w.$-]{1,255}$/, 'a logger is a Java class or package name, or root')
    .meta({ description: 'A logger name: a class or package, or `root`' }),
});
export const ConnectLoggerUpdate = onFirstUse(() =>
  z.object({ level: LoggerLevel }).meta({ id: 'ConnectLoggerUpdate' }),
);
export const ConnectLoggerQuery = onFirstUse(() =>
  z.object({
    scope: z
      .enum(['worker', 'cluster'])
      .default('worker')
      .meta({ description: 'cluster: every worker of the Connect cluster (Connect 3.7+, KIP-976)' }),
  }),
);
export const ConnectLoggerResult = onFirstUse(() =>
  z
    .object({
      scope: z.enum(['worker', 'cluster']),
      loggers: z
        .array(z.string())
        .optional()
        .meta({ description: 'The loggers the worker changed (worker scope only)' }),
    })
    .meta({ id: 'ConnectLoggerResult' }),
);
export type ConnectLoggerResult = z.infer<typeof ConnectLoggerResult>;
