import type { Admin } from '@platformatic/kafka';
import { mapLimit } from '../../platform/map-limit.ts';
import { describeShareGroup, listShareGroups } from '../share-groups/share-groups.ts';
import { describeTransactions, listTransactionalIds } from '../transactions/describe.ts';
import { EdgeSet, nodeId } from './graph.ts';

/** Most share groups described per refresh, and at most this many at once. */
const MAX_SHARE_GROUPS = 2_000;
const MAX_OPEN_TRANSACTIONS = 2_000;
const PARALLEL = 4;
const OPEN = /^(Ongoing|PrepareCommit|PrepareAbort)$/;

/**
 * Share groups read the topics their members subscribe to or have start offsets on (ShareGroupDescribe
 * and DescribeShareGroupOffsets, one group at a time, so the result is kept and refreshed, never read
 * per map). A broker without share groups has none.
 */
export async function shareGroupEdges(admin: Admin): Promise<EdgeSet> {
  const edges = new EdgeSet();
  const groups = await listShareGroups(admin).catch(() => []);
  await mapLimit(groups.slice(0, MAX_SHARE_GROUPS), PARALLEL, async ({ id }) => {
    const group = await describeShareGroup(admin, id).catch(() => undefined);
    const node = { id: nodeId('share-group', id), kind: 'share-group' as const, name: id };
    edges.addNode(node);
    const topics = new Set<string>();
    for (const m of group?.members ?? []) for (const t of m.subscribedTopics) topics.add(t);
    for (const o of group?.offsets ?? []) topics.add(o.topic);
    for (const t of topics) edges.add(node, t, 'reads');
  });
  return edges;
}

/** The transactions Kafka knows: every transactional id's producer id, and what the open ones write. */
export type TransactionFacts = { edges: EdgeSet; idOf: Map<bigint, string> };

/**
 * Transactional producers write the partitions their open transaction added (ListTransactions on every
 * broker, then DescribeTransactions of the Ongoing ones): Kafka tells only what an open transaction
 * writes, so a producer between transactions shows no topic.
 */
export async function transactionFacts(admin: Admin): Promise<TransactionFacts> {
  const listed = await listTransactionalIds(admin);
  const idOf = new Map(listed.map((t) => [t.producerId, t.transactionalId]));
  const open = listed.filter((t) => OPEN.test(t.state)).map((t) => t.transactionalId);
  const edges = new EdgeSet();
  for (const t of await describeTransactions(admin, open.slice(0, MAX_OPEN_TRANSACTIONS))) {
    const node = {
      id: nodeId('producer', t.transactionalId),
      kind: 'producer' as const,
      name: t.transactionalId,
    };
    for (const topic of new Set(t.partitions.map((p) => p.topic))) edges.add(node, topic, 'writes');
  }
  return { edges, idOf };
}
