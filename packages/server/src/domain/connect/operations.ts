import type {
  ConnectLogger,
  ConnectLoggerResult,
  ConnectorOffsets,
  ConnectorOffsetsAlter,
  LoggerLevel,
} from '@console/contract';
import type { ConnectClient } from '../../upstreams/connect/client.ts';

type Worker = (cluster: string, connectId: string) => ConnectClient;

/** Connect's root logger sorts first, then by name. */
const byLoggerName = (a: ConnectLogger, b: ConnectLogger) =>
  a.name === 'root' ? -1 : b.name === 'root' ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/**
 * Stop and offsets (KIP-875) and the worker's log levels (KIP-495, KIP-976): passed to the worker in
 * Connect's own shapes (docs/behaviour.md#connector-offsets).
 */
export function connectOperations(worker: Worker) {
  return {
    stop: (cluster: string, connectId: string, name: string): Promise<void> =>
      worker(cluster, connectId).stop(name),

    offsets: (cluster: string, connectId: string, name: string): Promise<ConnectorOffsets> =>
      worker(cluster, connectId).offsets(name) as Promise<ConnectorOffsets>,

    alterOffsets: (cluster: string, connectId: string, name: string, body: ConnectorOffsetsAlter) =>
      worker(cluster, connectId).alterOffsets(name, body),

    resetOffsets: (cluster: string, connectId: string, name: string) =>
      worker(cluster, connectId).resetOffsets(name),

    /** One entry per logger the worker reports; a few hundred at most, so the list is not paged. */
    async loggers(cluster: string, connectId: string): Promise<ConnectLogger[]> {
      const levels = await worker(cluster, connectId).loggers();
      return Object.entries(levels)
        .map(([name, { level, last_modified }]) => ({
          name,
          level,
          ...(typeof last_modified === 'number' ? { lastModified: last_modified } : {}),
        }))
        .sort(byLoggerName);
    },

    async setLogger(
      cluster: string,
      connectId: string,
      logger: string,
      level: LoggerLevel,
      scope: 'worker' | 'cluster',
    ): Promise<ConnectLoggerResult> {
      const changed = await worker(cluster, connectId).setLogger(logger, level, scope);
      return changed ? { scope, loggers: changed } : { scope };
    },
  };
}
