import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useClusterScope } from '../../../auth/cluster-context';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { DataTable } from '../../../components/data-table/data-table';
import { Page } from '../../../components/layout/page';
import { groupOffsetsQuery } from '../api';
import { offsetTopics } from '../group-rows';
import { useDeleteTopicOffsets } from '../mutations';

type TopicRow = { topic: string };
const column = createColumnHelper<TopicRow>();
const columns = [column.accessor('topic', { header: 'Topic', enableSorting: true })];

/** Delete offsets (docs/behaviour.md#consumer-groups): a topic per row, each deleted after a confirmation. */
export function DeleteOffsetsPage() {
  const { consumerGroupId = '' } = useParams();
  const { cluster } = useClusterScope();
  const offsets = useQuery(groupOffsetsQuery(cluster.id, consumerGroupId));
  const rows = useMemo(
    () => offsets.data && offsetTopics(offsets.data).map((topic) => ({ topic })),
    [offsets.data],
  );
  const [toDelete, setToDelete] = useState<string | null>(null);
  const remove = useDeleteTopicOffsets(cluster.id, consumerGroupId);
  const actions = useMemo(() => ({ delete: (row: TopicRow) => setToDelete(row.topic) }), []);

  return (
    <Page title={`Delete offsets: ${consumerGroupId}`}>
      <DataTable
        label="Offsets"
        data={rows}
        columns={columns}
        getRowId={(row) => row.topic}
        rowName={(row) => `offsets of topic ${row.topic}`}
        loading={offsets.isPending}
        failed={offsets.isError}
        actions={actions}
        emptyText="No offsets found."
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete offsets"
        message={toDelete === null ? '' : `Do you want to delete all offsets of topic: ${toDelete} ?`}
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete !== null && remove.mutate(toDelete, { onSettled: () => setToDelete(null) })}
        onCancel={() => setToDelete(null)}
      />
    </Page>
  );
}
