import type { Cluster, UiOptions } from '@console/contract';
import type { Config } from '../../platform/config/schema.ts';
import { notFound } from '../../platform/errors.ts';

export function listClusters(config: Config): Cluster[] {
  return Object.entries(config.clusters).map(([id, c]) => ({
    id,
    registry: c.schemaRegistry !== undefined,
    ...(c.schemaRegistry
      ? { registryType: c.schemaRegistry.type.toUpperCase() as Cluster['registryType'] }
      : {}),
    ...(c.connect.length ? { connects: c.connect.map((x) => x.name) } : {}),
    ...(c.ksqldb.length ? { ksqldbs: c.ksqldb.map((x) => x.name) } : {}),
    ...(c.metrics ? { metrics: true } : {}),
  }));
}

/**
 * Per-cluster values win over global ones; the date format comes only from the cluster
 * (docs/api-conventions.md#clusters-and-ui-options).
 */
export function uiOptions(config: Config, cluster: string): UiOptions {
  const own = config.clusters[cluster];
  if (!own) throw notFound(`Cluster '${cluster}' not found`);
  const global = config.uiOptions;
  return {
    topic: { ...global.topic, ...own.uiOptions?.topic },
    topicData: {
      ...((own.uiOptions?.topicData.sort ?? global.topicData.sort)
        ? { sort: own.uiOptions?.topicData.sort ?? global.topicData.sort }
        : {}),
      dateTimeFormat: own.uiOptions?.topicData.dateTimeFormat ?? 'RELATIVE',
    },
  };
}
