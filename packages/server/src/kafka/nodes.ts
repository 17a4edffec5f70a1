import type { NodeList } from '@console/contract';
import type { KafkaPool } from './pool.ts';

export async function listNodes(pool: KafkaPool, cluster: string): Promise<NodeList> {
  const metadata = await pool.run(cluster, (admin) => admin.metadata({ topics: [], forceUpdate: true }));
  const nodes = [...metadata.brokers.entries()]
    .map(([id, b]) => ({ id, host: b.host, port: b.port, ...(b.rack ? { rack: b.rack } : {}) }))
    .sort((a, b) => a.id - b.id);
  return { nodes, controller: metadata.controllerId };
}
