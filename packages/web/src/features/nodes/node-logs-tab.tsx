import { useQuery } from '@tanstack/react-query';
import { LogDirTable } from '../log-dirs/log-dir-table';
import { nodeLogsQuery } from './api';

export function NodeLogsTab({ cluster, node }: { cluster: string; node: string }) {
  const logs = useQuery(nodeLogsQuery(cluster, node));
  return <LogDirTable label="Logs" logs={logs.data} loading={logs.isPending} failed={logs.isError} />;
}
