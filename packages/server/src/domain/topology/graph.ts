import type { TopologyEdge, TopologyNode, TopologyNodeKind } from '@console/contract';

/** A node id: `<kind>:<name>`, or `<kind>:<owner>/<name>` for nodes that live on a Connect or ksqlDB server. */
export const nodeId = (kind: TopologyNodeKind, name: string, owner?: string) =>
  owner === undefined ? `${kind}:${name}` : `${kind}:${owner}/${name}`;

const KINDS = new Set<string>([
  'topic',
  'consumer-group',
  'share-group',
  'streams-group',
  'connector',
  'ksqldb-query',
  'producer',
]);
const OWNED = new Set<string>(['connector', 'ksqldb-query']);

/** The node an id names, or undefined when it names no kind (a 400 for the caller). */
export function parseNodeId(id: string): TopologyNode | undefined {
  const colon = id.indexOf(':');
  const kind = id.slice(0, colon);
  const rest = id.slice(colon + 1);
  if (colon < 1 || !KINDS.has(kind) || !rest) return undefined;
  const k = kind as TopologyNodeKind;
  if (!OWNED.has(kind)) return { id, kind: k, name: rest };
  const slash = rest.indexOf('/');
  if (slash < 1 || slash === rest.length - 1) return undefined;
  return { id, kind: k, name: rest.slice(slash + 1), owner: rest.slice(0, slash) };
}

export const topicNode = (name: string): TopologyNode => ({ id: nodeId('topic', name), kind: 'topic', name });

/** One source's part of the map: the edges at a node, a node by id, and nodes whose name contains text. */
export interface Adjacency {
  around(id: string): readonly TopologyEdge[];
  node(id: string): TopologyNode | undefined;
  search(text: string, limit: number): TopologyNode[];
}

/** A source's edges held in memory, indexed both ways; built once per refresh of the source. */
export class EdgeSet implements Adjacency {
  readonly #nodes = new Map<string, TopologyNode>();
  readonly #edges = new Map<string, TopologyEdge[]>();
  readonly #keys = new Set<string>();

  /** `writer` writes `topic` or, `reads`, `topic` feeds `reader`. */
  add(node: TopologyNode, topic: string, kind: TopologyEdge['kind']): void {
    const t = topicNode(topic);
    const edge: TopologyEdge =
      kind === 'writes' ? { from: node.id, to: t.id, kind } : { from: t.id, to: node.id, kind };
    const key = `${edge.from}\u0000${edge.to}\u0000${kind}`;
    this.#nodes.set(node.id, node);
    this.#nodes.set(t.id, t);
    if (this.#keys.has(key)) return;
    this.#keys.add(key);
    for (const end of [edge.from, edge.to]) {
      const list = this.#edges.get(end);
      if (list) list.push(edge);
      else this.#edges.set(end, [edge]);
    }
  }

  /** A node that has no edge still exists (a connector with no topic yet). */
  addNode(node: TopologyNode): void {
    if (!this.#nodes.has(node.id)) this.#nodes.set(node.id, node);
  }

  around = (id: string): readonly TopologyEdge[] => this.#edges.get(id) ?? [];
  node = (id: string) => this.#nodes.get(id);

  search(text: string, limit: number): TopologyNode[] {
    const found: TopologyNode[] = [];
    for (const n of this.#nodes.values()) {
      if (found.length >= limit) break;
      if (n.name.toLowerCase().includes(text)) found.push(n);
    }
    return found;
  }

  get size(): number {
    return this.#nodes.size;
  }
}

export type Neighbourhood = { nodes: TopologyNode[]; edges: TopologyEdge[]; truncated: boolean };

/**
 * Breadth-first from `seeds` over every source's edges, `depth` hops, at most `maxNodes` nodes. A node
 * the caller may not see is neither shown nor walked through, and its edges go with it: its name never
 * shows, and neither does a link that only it makes.
 */
export function neighbourhood(
  sources: readonly Adjacency[],
  seeds: readonly TopologyNode[],
  depth: number,
  maxNodes: number,
  visible: (node: TopologyNode) => boolean,
): Neighbourhood {
  const nodes = new Map<string, TopologyNode>();
  const edges = new Map<string, TopologyEdge>();
  const resolve = (id: string): TopologyNode | undefined => {
    for (const s of sources) {
      const n = s.node(id);
      if (n) return n;
    }
    return parseNodeId(id);
  };
  let truncated = false;
  let frontier: string[] = [];
  for (const seed of seeds) {
    if (nodes.size >= maxNodes) {
      truncated = true;
      break;
    }
    if (!visible(seed) || nodes.has(seed.id)) continue;
    nodes.set(seed.id, seed);
    frontier.push(seed.id);
  }
  for (let hop = 0; hop < depth && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const s of sources) {
        for (const edge of s.around(id)) {
          const otherId = edge.from === id ? edge.to : edge.from;
          let other = nodes.get(otherId);
          if (!other) {
            const found = resolve(otherId);
            if (!found || !visible(found)) continue;
            if (nodes.size >= maxNodes) {
              truncated = true;
              continue;
            }
            other = found;
            nodes.set(otherId, other);
            next.push(otherId);
          }
          edges.set(`${edge.from}\u0000${edge.to}\u0000${edge.kind}`, edge);
        }
      }
    }
    frontier = next;
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()], truncated };
}
