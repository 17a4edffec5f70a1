import type { ConnectorFlow } from '../connect/flows.ts';
import type { QueryFlow } from '../ksqldb/flows.ts';
import { EdgeSet, nodeId } from './graph.ts';

export function connectEdges(connectId: string, flows: readonly ConnectorFlow[]): EdgeSet {
  const edges = new EdgeSet();
  for (const f of flows) {
    const node = {
      id: nodeId('connector', f.name, connectId),
      kind: 'connector' as const,
      name: f.name,
      owner: connectId,
    };
    edges.addNode(node);
    for (const t of f.reads) edges.add(node, t, 'reads');
    for (const t of f.writes) edges.add(node, t, 'writes');
  }
  return edges;
}

export function ksqlEdges(ksqlId: string, flows: readonly QueryFlow[]): EdgeSet {
  const edges = new EdgeSet();
  for (const q of flows) {
    const node = {
      id: nodeId('ksqldb-query', q.id, ksqlId),
      kind: 'ksqldb-query' as const,
      name: q.id,
      owner: ksqlId,
    };
    edges.addNode(node);
    for (const t of q.reads) edges.add(node, t, 'reads');
    for (const t of q.writes) edges.add(node, t, 'writes');
  }
  return edges;
}
