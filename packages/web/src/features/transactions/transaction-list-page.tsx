import type { Transaction } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useClusterScope } from '../../auth/cluster-context';
import { Badge, type BadgeTone } from '../../components/badge';
import { DataTable } from '../../components/data-table/data-table';
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
  column.accessor('transactionalId', { header: 'Transactional id', enableSorting: true }),
  column.accessor('state', {
    header: 'State',
    enableSorting: true,
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
    enableSorting: true,
    meta: { align: 'end' as const },
    cell: ({ getValue }) => formatDuration(getValue()),
  }),
  column.accessor('timeoutMs', {
    header: 'Timeout',
    meta: { align: 'end' as const },
    cell: ({ getValue }) => formatDuration(getValue()),
  }),
];

/** Issue 18 item 5: transactional ids with their state, then the open and hanging ones of a topic. */
export function TransactionListPage() {
  const { cluster } = useClusterScope();
  const [search, setSearch] = useState('');
  const list = useQuery(transactionListQuery(cluster.id, search));
  return (
    <Page title="Transactions">
      <div className="filter-bar">
        <input
          className="input filter-bar__search"
          type="search"
          aria-label="Search transactional ids"
          placeholder="Search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <DataTable
        label="Transactions"
        data={list.data}
        columns={columns}
        getRowId={(t) => t.transactionalId}
        loading={list.isPending}
        failed={list.isError}
        emptyText="No transactional ids on this cluster."
      />
      <OpenTransactions />
    </Page>
  );
}
