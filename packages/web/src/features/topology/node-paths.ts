import type { TopologyNode, TopologyNodeKind } from '@console/contract';

const enc = encodeURIComponent;

/** The console page a node opens, or undefined for nodes without one (producers). */
export function nodePath(cluster: string, node: TopologyNode): string | undefined {
  const c = enc(cluster);
  switch (node.kind) {
    case 'topic':
      return `/${c}/topic/${enc(node.name)}`;
    case 'consumer-group':
    case 'streams-group':
      return `/${c}/group/${enc(node.name)}`;
    case 'share-group':
      return `/${c}/share-group/${enc(node.name)}`;
    case 'connector':
      return `/${c}/connect/${enc(node.owner ?? '')}/definition/${enc(node.name)}/tasks`;
    case 'ksqldb-query':
      return `/${c}/ksqldb/${enc(node.owner ?? '')}/queries`;
    case 'producer':
      return node.name.startsWith('producer ') ? undefined : `/${c}/transactions?search=${enc(node.name)}`;
  }
}

/** The kind as the map labels it: the label, not a colour, tells kinds apart. */
export const KIND_LABELS: Record<TopologyNodeKind, string> = {
  topic: 'Topic',
  'consumer-group': 'Consumer group',
  'share-group': 'Share group',
  'streams-group': 'Streams group',
  connector: 'Connector',
  'ksqldb-query': 'ksqlDB query',
  producer: 'Producer',
};

/** A one-glyph mark per kind, drawn beside the label. */
export const KIND_MARKS: Record<TopologyNodeKind, string> = {
  topic: '≡',
  'consumer-group': '◉',
  'share-group': '◎',
  'streams-group': '⇄',
  connector: '⇆',
  'ksqldb-query': 'Σ',
  producer: '✎',
};
