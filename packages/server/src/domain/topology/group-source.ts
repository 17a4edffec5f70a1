import type { TopologyEdge, TopologyNode } from '@console/contract';
import type { IndexSnapshot } from '../groups/group-index.ts';
import { type Adjacency, nodeId, parseNodeId, topicNode } from './graph.ts';

const groupNode = (id: string): TopologyNode => ({
  id: nodeId('consumer-group', id),
  kind: 'consumer-group',
  name: id,
});

/**
 * The consumer groups' reads, straight from the kept group-to-topics index (groups/group-index.ts): a
 * topic's readers and a group's topics are lookups, nothing is read from Kafka per map.
 */
export function groupAdjacency(index: IndexSnapshot): Adjacency {
  return {
    around(id: string): TopologyEdge[] {
      const node = parseNodeId(id);
      if (node?.kind === 'topic') {
        return index
          .readersOf([node.name])
          .map((g) => ({ from: id, to: nodeId('consumer-group', g.listing.id), kind: 'reads' }));
      }
      if (node?.kind === 'consumer-group') {
        return (index.get(node.name)?.topics ?? []).map((t) => ({
          from: nodeId('topic', t),
          to: id,
          kind: 'reads',
        }));
      }
      return [];
    },
    node(id: string) {
      const node = parseNodeId(id);
      return node?.kind === 'consumer-group' && index.get(node.name) ? groupNode(node.name) : undefined;
    },
    search(text: string, limit: number) {
      const found: TopologyNode[] = [];
      for (const t of index.topics()) {
        if (found.length >= limit) return found;
        if (t.toLowerCase().includes(text)) found.push(topicNode(t));
      }
      for (const g of index.groups()) {
        if (found.length >= limit) return found;
        if (g.listing.id.toLowerCase().includes(text)) found.push(groupNode(g.listing.id));
      }
      return found;
    },
  };
}
