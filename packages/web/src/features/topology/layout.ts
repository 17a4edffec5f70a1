import type { Topology, TopologyNode } from '@console/contract';
import dagre from '@dagrejs/dagre';

type Point = { x: number; y: number };

export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 48;

export type Placed = TopologyNode & { x: number; y: number };
export type Laid = {
  nodes: Placed[];
  edges: { from: string; to: string; kind: string; points: { x: number; y: number }[] }[];
  width: number;
  height: number;
};

/**
 * Layered left-to-right layout (dagre: writers left of their topics, readers right), so data flows one
 * way across the page. Nodes come back in reading order (column by column, top to bottom), the Tab order.
 */
export function layoutMap(map: Topology): Laid {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 18, ranksep: 70, marginx: 12, marginy: 12 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of map.nodes) g.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  map.edges.forEach((e, i) => {
    g.setEdge(e.from, e.to, {}, `${e.kind}-${i}`);
  });
  dagre.layout(g);
  const nodes = map.nodes
    .map((n) => {
      const at = g.node(n.id);
      return { ...n, x: at?.x ?? 0, y: at?.y ?? 0 };
    })
    .sort((a, b) => a.x - b.x || a.y - b.y);
  const edges = map.edges.map((e, i) => ({
    ...e,
    points: ((g.edge({ v: e.from, w: e.to, name: `${e.kind}-${i}` })?.points ?? []) as Point[]).map((p) => ({
      x: p.x,
      y: p.y,
    })),
  }));
  const graph = g.graph();
  return { nodes, edges, width: graph.width ?? 0, height: graph.height ?? 0 };
}
