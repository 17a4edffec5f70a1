import type { TopologyNode } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { topicMetadata } from '../../kafka/metadata.ts';
import { activeProducers } from '../transactions/producers.ts';
import { EdgeSet, nodeId } from './graph.ts';

/** The map asks DescribeProducers for at most this many of its topics, and shows this many producers each. */
export const MAX_PRODUCER_TOPICS = 10;
export const MAX_PRODUCERS_PER_TOPIC = 20;

/** A producer as the map names it: its transactional id, else `producer <id>` (idempotent, nameless). */
export function producerNode(producerId: bigint, transactionalId: string | undefined): TopologyNode {
  return transactionalId === undefined
    ? { id: nodeId('producer', `#${producerId}`), kind: 'producer', name: `producer ${producerId}` }
    : { id: nodeId('producer', transactionalId), kind: 'producer', name: transactionalId };
}

/**
 * The producers the partitions' leaders know for `topic` (DescribeProducers: idempotent and transactional
 * producers that wrote within the broker's producer id expiry, 24 h by default), at most
 * MAX_PRODUCERS_PER_TOPIC, the latest writers first. `more` says some were left out.
 */
export async function topicProducers(
  admin: Admin,
  topic: string,
  idOf: ReadonlyMap<bigint, string>,
): Promise<{ edges: EdgeSet; more: boolean }> {
  const { view, meta } = await topicMetadata(admin, topic);
  const latest = new Map<bigint, bigint>();
  for (const p of await activeProducers(admin, view, meta)) {
    const known = latest.get(p.producerId);
    if (known === undefined || p.lastTimestamp > known) latest.set(p.producerId, p.lastTimestamp);
  }
  const ordered = [...latest].sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0));
  const edges = new EdgeSet();
  for (const [producerId] of ordered.slice(0, MAX_PRODUCERS_PER_TOPIC)) {
    edges.add(producerNode(producerId, idOf.get(producerId)), topic, 'writes');
  }
  return { edges, more: ordered.length > MAX_PRODUCERS_PER_TOPIC };
}
