import type { Transaction } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useClusterScope } from '../../auth/cluster-context';
import { Badge, type BadgeTone } from '../../components/badge';
import { ListPage } from '../../components/list-page/list-page';
import { SearchBar, useSearchPage } from '../../components/search-bar/search-bar';
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
 * transactional ids with their state, a page at a time by name (search and page in the
 * address), then the open and hanging ones of a topic.
 */
export function TransactionListPage() {
  const { cluster } = useClusterScope();
  const url = useSearchPage();
  const list = useQuery(transactionListQuery(cluster.id, url.params));
  return (
    <ListPage
      title="Transactions"
      filters={
        <SearchBar
          label="Transaction search"
          inputLabel="Search transactional ids"
          list={url}
          pages={list.data?.page}
        />
      }
      query={list}
      rows={list.data?.results}
      table={{
        label: 'Transactions',
        columns,
        getRowId: (t) => t.transactionalId,
        emptyText: url.params.search
          ? 'No transactional id matches.'
          : 'No transactional ids on this cluster.',
      }}
    >
      <OpenTransactions />
    </ListPage>
  );
}
