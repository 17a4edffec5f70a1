import type { ConnectDefinition, ConnectTask } from '@console/contract';
import type { ConnectorInfo, ConnectorStatus } from '../../upstreams/connect/client.ts';
import { connectorType, shortClassName } from './plugins.ts';
import { maskSecrets } from './secrets.ts';

export function toTasks(name: string, status: ConnectorStatus | undefined): ConnectTask[] {
  return (status?.tasks ?? [])
    .map((t) => ({
      connector: name,
      id: t.id,
      state: t.state,
      workerId: t.worker_id,
      ...(t.trace ? { trace: t.trace } : {}),
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * AKHQ's ConnectDefinition (docs/api-conventions.md#connect-definition). Tasks come from the status (only
 * tasks that have one); a connector just created may have no status yet, which reads as no tasks.
 */
export function toConnectDefinition(
  info: ConnectorInfo,
  status: ConnectorStatus | undefined,
  isSecret: (key: string) => boolean,
): ConnectDefinition {
  const tasks = toTasks(info.name, status);
  return {
    name: info.name,
    type: connectorType(info.type ?? status?.type),
    configs: maskSecrets(info.config, isSecret),
    tasks,
    shortClassName: shortClassName(info.config['connector.class'] ?? ''),
    paused: status?.connector.state === 'PAUSED' || tasks.some((t) => t.state === 'PAUSED'),
    ...(status?.connector.state ? { state: status.connector.state } : {}),
  };
}
