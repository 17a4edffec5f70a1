import type { KsqlEntity } from '../../upstreams/ksqldb/client.ts';

/** What a persistent query reads and writes, by Kafka topic (docs/topology.md). */
export type QueryFlow = { id: string; reads: string[]; writes: string[] };

/**
 * From the answers to `SHOW STREAMS; SHOW TABLES; SHOW QUERIES EXTENDED;`: each query's sources and
 * sinks are streams or tables by name, and the listings give each one's topic. A source no listing names
 * (dropped meanwhile) is left out rather than guessed.
 */
export function queryFlows(entities: readonly KsqlEntity[]): QueryFlow[] {
  const topicOf = new Map<string, string>();
  for (const e of entities)
    for (const s of [...(e.streams ?? []), ...(e.tables ?? [])]) topicOf.set(s.name, s.topic);
  const topics = (names: readonly string[] = []) => [...new Set(names.flatMap((n) => topicOf.get(n) ?? []))];
  return entities.flatMap((e) =>
    (e.queryDescriptions ?? [])
      .filter((q) => (q.queryType ?? 'PERSISTENT') === 'PERSISTENT')
      .map((q) => ({
        id: typeof q.id === 'string' ? q.id : q.id.id,
        reads: topics(q.sources),
        writes: topics(q.sinks),
      })),
  );
}
