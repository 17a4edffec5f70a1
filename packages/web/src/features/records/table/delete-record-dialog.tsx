import type { DataRecord } from '@console/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { encodeBase64Utf8 } from '../../../lib/base64';
import { useDeleteRecord } from '../mutations';

type Props = { cluster: string; topic: string; record: DataRecord | null; onClose: () => void };

/**
 * A tombstone for the record's key; closes after the call whatever its outcome
 * (docs/behaviour.md#errors-and-messages).
 */
export function DeleteRecordDialog({ cluster, topic, record, onClose }: Props) {
  const remove = useDeleteRecord(cluster, topic);
  const confirm = () => {
    if (!record) return;
    // The key goes as base64 of its bytes; a key that is not text is already shown as base64.
    const key = record.keyBase64 ? (record.key ?? '') : encodeBase64Utf8(record.key ?? '');
    remove.mutate({ partition: record.partition, offset: record.offset, key }, { onSettled: onClose });
  };
  return (
    <ConfirmDialog
      open={record !== null}
      title="Delete record"
      message={
        record && (
          <>
            Do you want to delete the record with key <code>{record.key ?? 'null'}</code> (partition{' '}
            {record.partition}, offset {record.offset}) ? A tombstone is written; compaction removes the
            record later.
          </>
        )
      }
      danger
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
