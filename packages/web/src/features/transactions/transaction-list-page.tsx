import type { Transaction } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect } from 'react';
import { useClusterScope } from '../../auth/cluster-context';
import { Badge, type BadgeTone } from '../../components/badge';
import { DataTable } from '../../components/data-table/data-table';
import { SearchBar, useSearchPage } from '../../components/search-bar/search-bar';
import { Page } from '../shell/page';
import { transactionListQuery } from './api';
import { formatDuration } from './duration';
import { OpenTransactions } from './open-transactions';
import '../topics/topics.css';
import '../quotas/ops.css';

const tone = (state: string): BadgeTone =>
  state === 'Ongoing'
    ? 'info'
    : state.startsWith('Prepare')
      ? 'warning'
      : state === 'Dead'
        ? 'danger'
        : 'neutral';

const column = createColumnHelper<Transaction>();
const columns = [
  column.accessor('transactionalId', { header: 'Transactional id' }),
  column.accessor('state', {
    header: 'State',
    cell: ({ getValue }) => <Badge tone={tone(getValue())}>{getValue()}</Badge>,
  }),
  column.accessor((t) => `${t.producerId} / ${t.producerEpoch}`, {
    id: 'producer',
    header: 'Producer id / epoch',
  }),
  column.accessor((t) => t.partitions.map((p) => `${p.topic}-${p.partition}`).join(', '), {
    id: 'partitions',
    header: 'Partitions',
    cell: ({ getValue }) => getValue() || '—',
  }),
  column.accessor('durationMs', {
    header: 'Open for',
    meta: { align: 'end' as const },
    cell: ({ getValue }) => formatDuration(getValue()),
  }),
  column.accessor('timeoutMs', {
    header: 'Timeout',
    meta: { align: 'end' as const },
    cell: ({ getValue }) => formatDuration(getValue()),
  }),
];

/**
 * Issue 18 item 5: transactional ids with their state, a page at a time by name (search and page in the
 * address), then the open and hanging ones of a topic.
 */
export function TransactionListPage() {
  const { cluster } = useClusterScope();
  const url = useSearchPage();
  const list = useQuery(transactionListQuery(cluster.id, url.params));
  useEffect(() => {
    if (list.data && list.data.page > 0 && url.params.page > list.data.page) url.setPage(list.data.page);
  });
  return (
    <Page title="Transactions">
      <SearchBar
        label="Transaction search"
        inputLabel="Search transactional ids"
        list={url}
        totalPages={list.data?.page ?? 1}
      />
      <DataTable
        label="Transactions"
        data={list.data?.results}
        columns={columns}
        getRowId={(t) => t.transactionalId}
        loading={list.isPending}
        failed={list.isError}
        emptyText={
          url.params.search ? 'No transactional id matches.' : 'No transactional ids on this cluster.'
        }
      />
      <OpenTransactions />
    </Page>
  );
}
