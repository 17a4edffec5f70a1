import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../../auth/cluster-context';
import { ConfigEditor } from '../../configs/config-editor';
import { topicOverride } from '../../configs/config-filter';
import { topicConfigsQuery, topicQuery } from '../api';
import { useUpdateTopicConfigs } from '../mutations';

/** Editable with TOPIC ALTER_CONFIG, except on Kafka's internal topics (docs/behaviour.md#topic-page). */
export function TopicConfigsTab({ cluster, topic }: { cluster: string; topic: string }) {
  const configs = useQuery(topicConfigsQuery(cluster, topic));
  const canAlter = useCan('TOPIC', 'ALTER_CONFIG');
  const detail = useQuery({ ...topicQuery(cluster, topic), enabled: canAlter });
  const update = useUpdateTopicConfigs(cluster, topic);
  return (
    <ConfigEditor
      label="Configs"
      overridden={topicOverride}
      configs={configs.data}
      loading={configs.isPending}
      failed={configs.isError}
      editable={canAlter && detail.data !== undefined && !detail.data.internal}
      busy={update.isPending}
      onUpdate={(changes, done) => update.mutate(changes, { onSuccess: done })}
      emptyText="No acl for configs for current kafka user."
    />
  );
}
