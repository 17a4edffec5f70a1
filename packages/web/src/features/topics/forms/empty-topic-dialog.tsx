import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { FlowImpact } from '../../topology/flow-impact';
import { useEmptyTopic } from '../mutations';

type Props = { cluster: string; topic: string; open: boolean; onClose: () => void };

/** Closes after the call whatever its outcome; a failure is reported by the shared error toast. */
export function EmptyTopicDialog({ cluster, topic, open, onClose }: Props) {
  const empty = useEmptyTopic(cluster, topic);
  return (
    <ConfirmDialog
      open={open}
      title="Empty topic"
      message={
        <>
          {open && <FlowImpact cluster={cluster} topic={topic} />}
          {`Do you want to empty topic: ${topic} ?`}
        </>
      }
      danger
      busy={empty.isPending}
      onConfirm={() => empty.mutate(undefined, { onSettled: onClose })}
      onCancel={onClose}
    />
  );
}
