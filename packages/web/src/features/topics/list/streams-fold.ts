import type { TopicRow } from './topic-rows';

/** Row ids of folded Streams apps: `:` is not allowed in a topic name, so none clashes with a topic. */
export const STREAMS_APP_ROW = 'streams-app:';
export const isStreamsAppRow = (id: string) => id.startsWith(STREAMS_APP_ROW);

export type StreamsAppRef = { id: string; internalTopics: readonly string[] };

const INTERNAL = /-(changelog|repartition)$/;
/** Names Kafka Streams generates for unnamed operators: `<application.id>-KSTREAM-…` or `-KTABLE-…`. */
const GENERATED = /^(.+?)-(KSTREAM|KTABLE)-.*-(changelog|repartition)$/;

/**
 * The app a topic belongs to: the Streams app listing it among its internal topics, else the longest
 * known app id it starts with, else the application id Kafka Streams put in front of a generated name.
 */
export function streamsAppOf(topic: string, apps: readonly StreamsAppRef[]): string | undefined {
  const listed = apps.find((a) => a.internalTopics.includes(topic));
  if (listed) return listed.id;
  if (!INTERNAL.test(topic)) return undefined;
  const prefixed = apps
    .filter((a) => topic.startsWith(`${a.id}-`))
    .sort((a, b) => b.id.length - a.id.length)[0];
  return prefixed?.id ?? GENERATED.exec(topic)?.[1];
}

const sum = (values: (number | undefined)[]) =>
  values.some((v) => v === undefined) ? undefined : values.reduce<number>((a, v) => a + (v ?? 0), 0);

/** One row for an app's internal topics: the sums of their figures, the topics kept for expanding. */
function appRow(id: string, topics: TopicRow[]): TopicRow {
  const traffic = topics.every((t) => t.traffic)
    ? (topics[0]?.traffic ?? []).map((_, hour) => topics.reduce((a, t) => a + (t.traffic?.[hour] ?? 0), 0))
    : undefined;
  const last = topics.map((t) => t.lastRecord);
  return {
    name: id,
    count: topics.reduce((a, t) => a + t.count, 0),
    logDirSize: sum(topics.map((t) => t.logDirSize)),
    lastRecord: last.some((l) => l === undefined)
      ? undefined
      : (last
          .filter((l): l is string => typeof l === 'string')
          .sort()
          .at(-1) ?? null),
    partitions: topics.reduce((a, t) => a + t.partitions, 0),
    replicationFactor: Math.max(...topics.map((t) => t.replicationFactor)),
    inSync: topics.reduce((a, t) => a + t.inSync, 0),
    underReplicated: topics.reduce((a, t) => a + t.underReplicated, 0),
    offline: topics.reduce((a, t) => a + t.offline, 0),
    groups: topics.some((t) => t.groups === undefined) ? undefined : [],
    moreGroups: 0,
    traffic,
    streamsApp: { id, topics },
  };
}

/**
 * The topic page with each Streams app's internal topics folded into one row, where the first of them
 * stood (docs/behaviour.md#topic-list). Other topics are left as they are.
 */
export function foldStreamsTopics(rows: readonly TopicRow[], apps: readonly StreamsAppRef[]): TopicRow[] {
  const owned = new Map<string, TopicRow[]>();
  const order: (TopicRow | string)[] = [];
  for (const row of rows) {
    const app = streamsAppOf(row.name, apps);
    if (app === undefined) {
      order.push(row);
      continue;
    }
    if (!owned.has(app)) {
      owned.set(app, []);
      order.push(app);
    }
    owned.get(app)?.push(row);
  }
  return order.map((entry) => (typeof entry === 'string' ? appRow(entry, owned.get(entry) ?? []) : entry));
}
