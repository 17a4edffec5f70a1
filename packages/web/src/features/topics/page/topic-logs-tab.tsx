import { useQuery } from '@tanstack/react-query';
import { LogDirTable } from '../../log-dirs/log-dir-table';
import { topicLogsQuery } from '../api';

export function TopicLogsTab({ cluster, topic }: { cluster: string; topic: string }) {
  const logs = useQuery(topicLogsQuery(cluster, topic));
  return <LogDirTable label="Logs" logs={logs.data} loading={logs.isPending} failed={logs.isError} />;
}
