import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { FlowImpact } from '../../topology/flow-impact';
import { useDeleteTopic } from '../mutations';

type Props = { cluster: string; topic: string | null; onClose: () => void; onDeleted?: () => void };

/**
 * Closes after the call whatever its outcome; the list reloads either way
 * (docs/behaviour.md#errors-and-messages).
 */
export function DeleteTopicDialog({ cluster, topic, onClose, onDeleted }: Props) {
  const remove = useDeleteTopic(cluster);
  return (
    <ConfirmDialog
      open={topic !== null}
      title="Delete topic"
      message={
        topic === null ? (
          ''
        ) : (
          <>
            <FlowImpact cluster={cluster} topic={topic} />
            {`Do you want to delete topic: ${topic} ?`}
          </>
        )
      }
      danger
      busy={remove.isPending}
      onConfirm={() => {
        // The promise, not mutate's callbacks: the page may unmount once the deleted topic answers 404.
        if (topic !== null)
          remove
            .mutateAsync(topic)
            .then(onDeleted, () => undefined)
            .finally(onClose);
      }}
      onCancel={onClose}
    />
  );
}
