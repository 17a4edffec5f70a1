import type { NodeList, NodePartitions } from '@console/contract';

export type NodeRow = { id: number; host: string; controller: boolean; partitions: string; rack: string };

/**
 * Partitions is the node's share of the partition leaders, 2 decimals. A broker
 * absent from the stats leads nothing; before the stats answer the cell stays empty.
 */
export function partitionShare(id: number, stats: readonly NodePartitions[] | undefined): string {
  if (!stats) return '';
  const entry = stats.find((s) => s.id === id);
  const leaders = entry?.countLeader ?? 0;
  const total = entry?.totalPartitions ?? stats[0]?.totalPartitions ?? 0;
  const percent = total === 0 ? 0 : (leaders / total) * 100;
  return `${leaders} (${percent.toFixed(2)}%)`;
}

export function toNodeRows(list: NodeList, stats?: readonly NodePartitions[]): NodeRow[] {
  return list.nodes
    .map((node) => ({
      id: node.id,
      host: `${node.host}:${node.port}`,
      controller: node.id === list.controller?.id,
      partitions: partitionShare(node.id, stats),
      rack: node.rack ?? '',
    }))
    .sort((a, b) => a.id - b.id);
}
