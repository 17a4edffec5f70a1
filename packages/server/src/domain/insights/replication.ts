import type { ClusterView, TopicMeta } from '../../kafka/metadata.ts';
import { counted, type Finding, finding, partitionList } from './finding.ts';
import type { TopicSettings } from './topic-configs.ts';

type Worst = 'offline' | 'underMinIsr' | 'underReplicated';

/**
 * Each partition counted once, at its worst state: no leader, fewer in-sync replicas than the topic's
 * `min.insync.replicas` (capped at the replication factor: a setting above it is its own finding), or
 * fewer in-sync replicas than replicas.
 */
function partitionStates(topic: TopicMeta, minIsr: number): Record<Worst, number[]> {
  const states: Record<Worst, number[]> = { offline: [], underMinIsr: [], underReplicated: [] };
  for (const p of topic.partitions) {
    if (p.leader < 0) states.offline.push(p.id);
    else if (p.isr.length < Math.min(minIsr, p.replicas.length)) states.underMinIsr.push(p.id);
    else if (p.isr.length < p.replicas.length) states.underReplicated.push(p.id);
  }
  return states;
}

const replicationFactor = (t: TopicMeta) => Math.min(...t.partitions.map((p) => p.replicas.length));

/**
 * Partition states, replication factor 1, `min.insync.replicas` above the replication factor and unclean
 * leader election, per topic, from the Metadata answer and the topics' settings. Partition findings are
 * one per topic (naming its partitions), so a lost broker under 10,000 topics is one row per topic.
 * `brokerMinIsr` stands in for a topic whose settings could not be read.
 */
export function replicationFindings(
  view: ClusterView,
  settings: ReadonlyMap<string, TopicSettings>,
  brokerMinIsr: number,
): Finding[] {
  const found: Finding[] = [];
  for (const t of view.topics.values()) {
    if (t.partitions.length === 0) continue;
    const object = { type: 'topic' as const, name: t.name };
    const own = settings.get(t.name);
    const minIsr = own?.minIsr ?? brokerMinIsr;
    const rf = replicationFactor(t);
    const states = partitionStates(t, minIsr);
    const of = `of ${t.partitions.length}`;
    if (states.offline.length)
      found.push(
        finding(
          'critical',
          'partition.offline',
          object,
          [`${states.offline.length} ${of} partitions without a leader: ${partitionList(states.offline)}`],
          'Bring back the brokers holding their replicas; neither reads nor writes reach these partitions.',
        ),
      );
    if (states.underMinIsr.length)
      found.push(
        finding(
          'critical',
          'partition.under-min-isr',
          object,
          [
            `${states.underMinIsr.length} ${of} partitions with fewer in-sync replicas than min.insync.replicas=${minIsr}: ${partitionList(states.underMinIsr)}`,
          ],
          'Producers with acks=all are refused on these partitions: bring the lagging or stopped replicas back in sync.',
        ),
      );
    if (states.underReplicated.length)
      found.push(
        finding(
          'warning',
          'partition.under-replicated',
          object,
          [
            `${states.underReplicated.length} ${of} partitions with fewer in-sync replicas than replicas: ${partitionList(states.underReplicated)}`,
          ],
          'Check the brokers missing from the ISR (stopped, slow disk or network) before another one fails.',
        ),
      );
    if (rf === 1)
      found.push(
        finding(
          'warning',
          'topic.replication-factor-one',
          object,
          [
            `replication factor 1 over ${counted(t.partitions.length, 'partition')}`,
            `${counted(view.brokers.size, 'broker')} in the cluster`,
          ],
          'One broker lost loses these partitions: reassign them to 3 replicas (a cluster of at least 3 brokers).',
        ),
      );
    if (minIsr > rf)
      found.push(
        finding(
          'critical',
          'topic.min-isr-above-rf',
          object,
          [`min.insync.replicas=${minIsr}`, `replication factor ${rf}`],
          `Writes with acks=all can never succeed: lower min.insync.replicas to at most ${rf}, or add replicas.`,
        ),
      );
    if (own?.unclean?.enabled)
      found.push(
        finding(
          'warning',
          'topic.unclean-leader-election',
          object,
          [
            `unclean.leader.election.enable=true (${own.unclean.fromTopic ? 'set on the topic' : 'inherited from the brokers'})`,
          ],
          'An out-of-sync replica may become leader and drop acknowledged records: set it to false unless availability matters more.',
        ),
      );
  }
  return found;
}
