export type NodeTab = 'configs' | 'logs' | 'metrics';

/**
 * A broker's page (docs/behaviour.md#configs): configs by default, logs without NODE READ_CONFIG or for any
 * other tab; metrics only when the cluster has a Prometheus configured (docs/metrics.md).
 */
export function nodeTab(requested: string | undefined, canReadConfigs: boolean, hasMetrics = false): NodeTab {
  if (requested === 'metrics' && hasMetrics) return 'metrics';
  if (requested === 'logs' || !canReadConfigs) return 'logs';
  return 'configs';
}
