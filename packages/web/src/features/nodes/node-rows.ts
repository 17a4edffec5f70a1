import type { NodeList } from '@console/contract';

export type NodeRow = { id: number; host: string; controller: boolean; rack: string };

export function toNodeRows(list: NodeList): NodeRow[] {
  return list.nodes
    .map((node) => ({
      id: node.id,
      host: `${node.host}:${node.port}`,
      controller: node.id === list.controller,
      rack: node.rack ?? '',
    }))
    .sort((a, b) => a.id - b.id);
}
