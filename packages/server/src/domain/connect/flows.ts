import { mapLimit } from '../../platform/map-limit.ts';
import type { ConnectClient } from '../../upstreams/connect/client.ts';
import { topicUses } from './connector-access.ts';

/** What a connector reads and writes, as the data-flow map draws it (docs/topology.md). */
export type ConnectorFlow = { name: string; type: string; reads: string[]; writes: string[] };

const PARALLEL = 4;

/**
 * Every connector of a worker with the topics it reads and writes: the active topics Connect tracks
 * (KIP-558: a sink's are read, a source's written) joined with the topics its config names by name
 * (`topics`, `topic`, `*.topic`; connector-access.ts). Regexes and prefixes are not expanded: what they
 * matched shows in the active topics. A worker with topic tracking off answers no active topics.
 */
export async function connectorFlows(client: ConnectClient): Promise<ConnectorFlow[]> {
  const all = await client.expanded();
  return mapLimit(Object.values(all), PARALLEL, async ({ info, status }) => {
    const type = info.type ?? status?.type ?? 'unknown';
    const reads = new Set<string>();
    const writes = new Set<string>();
    for (const use of topicUses(info.config, type)) {
      if (use.kind !== 'name') continue;
      if (use.action === 'READ') reads.add(use.name);
      // A source's `topics` (MirrorMaker) names the other cluster's topics: its writes show as active topics.
      else if (use.action === 'CREATE' && use.key !== 'topics') writes.add(use.name);
    }
    const active = await client.activeTopics(info.name).catch(() => undefined);
    for (const topic of active?.[info.name]?.topics ?? []) (type === 'source' ? writes : reads).add(topic);
    return { name: info.name, type, reads: [...reads], writes: [...writes] };
  });
}
