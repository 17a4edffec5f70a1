import type { ConfigEntry, LogDir, Node, NodeList, NodePartitions } from '@console/contract';
import { alterConfigEntries, describeAfterAlter, describeConfigEntries } from '../../kafka/configs.ts';
import { brokerLogDirs } from '../../kafka/log-dirs.ts';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { Config } from '../../platform/config/schema.ts';
import type { NameFilter } from '../topics/topic-list.ts';
import { topicNaming } from '../topics/topic-naming.ts';
import { findBroker, listNodes, nodePartitions } from './nodes.ts';

/** Editable keys first, then by name, as AKHQ orders a broker's configs (docs/api-conventions.md#nodes). */
const editableFirst = (entries: ConfigEntry[]) =>
  entries.sort(
    (a, b) => Number(a.readOnly) - Number(b.readOnly) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );

/** The node screens' operations; an id that is not one of the cluster's brokers is a 404. */
export function nodeService(config: Config, pool: KafkaPool) {
  const naming = topicNaming(config);
  return {
    list: (cluster: string): Promise<NodeList> => listNodes(pool, cluster),

    get: (cluster: string, id: string): Promise<Node> => pool.run(cluster, (admin) => findBroker(admin, id)),

    partitions: (cluster: string, allow: NameFilter): Promise<NodePartitions[]> =>
      pool.run(cluster, (admin) => nodePartitions(admin, naming, allow)),

    configs: (cluster: string, id: string): Promise<ConfigEntry[]> =>
      pool.run(cluster, async (admin) => {
        const broker = await findBroker(admin, id);
        return editableFirst(await describeConfigEntries(admin, { type: 'BROKER', name: String(broker.id) }));
      }),

    updateConfigs: (cluster: string, id: string, wanted: Record<string, string>): Promise<ConfigEntry[]> =>
      pool.run(cluster, async (admin) => {
        const resource = { type: 'BROKER' as const, name: String((await findBroker(admin, id)).id) };
        const current = await describeConfigEntries(admin, resource);
        const changed = await alterConfigEntries(admin, resource, wanted, current);
        return editableFirst(await describeAfterAlter(admin, resource, changed));
      }),

    logs: (cluster: string, id: string): Promise<LogDir[]> =>
      pool.run(cluster, async (admin) => brokerLogDirs(admin, await findBroker(admin, id), null)),
  };
}
