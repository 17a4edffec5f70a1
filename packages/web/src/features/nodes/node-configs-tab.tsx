import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../auth/cluster-context';
import { ConfigEditor } from '../configs/config-editor';
import { nodeConfigsQuery, useUpdateNodeConfigs } from './api';

/** Editable with NODE ALTER_CONFIG (docs/behaviour.md#configs). */
export function NodeConfigsTab({ cluster, node }: { cluster: string; node: string }) {
  const configs = useQuery(nodeConfigsQuery(cluster, node));
  const update = useUpdateNodeConfigs(cluster, node);
  const canAlter = useCan('NODE', 'ALTER_CONFIG');
  return (
    <ConfigEditor
      label="Configs"
      configs={configs.data}
      loading={configs.isPending}
      failed={configs.isError}
      editable={canAlter}
      busy={update.isPending}
      onUpdate={(changes, done) => update.mutate(changes, { onSuccess: done })}
    />
  );
}
