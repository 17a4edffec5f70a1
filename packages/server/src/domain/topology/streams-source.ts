import { EdgeSet, nodeId } from './graph.ts';

/** What each Kafka Streams group of a cluster reads and writes, from the streams-groups service. */
export type StreamsTopics = (cluster: string) => Promise<
  {
    groupId: string;
    sources: string[];
    sinks: string[];
    repartition: string[];
    changelog: string[];
  }[]
>;

/** A Streams app reads its sources, writes its sinks and changelogs, and both writes and reads its repartition topics. */
export async function streamsEdges(topics: StreamsTopics, cluster: string): Promise<EdgeSet> {
  const edges = new EdgeSet();
  for (const g of await topics(cluster)) {
    const node = { id: nodeId('streams-group', g.groupId), kind: 'streams-group' as const, name: g.groupId };
    edges.addNode(node);
    for (const t of g.sources) edges.add(node, t, 'reads');
    for (const t of g.sinks) edges.add(node, t, 'writes');
    for (const t of g.changelog) edges.add(node, t, 'writes');
    for (const t of g.repartition) {
      edges.add(node, t, 'writes');
      edges.add(node, t, 'reads');
    }
  }
  return edges;
}
