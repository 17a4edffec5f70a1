export type NodeTab = 'configs' | 'logs';

/**
 * A broker's page (docs/behaviour.md#configs): configs by default, logs without NODE READ_CONFIG or for any
 * other tab.
 */
export function nodeTab(requested: string | undefined, canReadConfigs: boolean): NodeTab {
  if (requested === 'logs' || !canReadConfigs) return 'logs';
  return 'configs';
}
