import type { Quota } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { ListPage } from '../../components/list-page/list-page';
import { quotaListQuery, useAlterQuota } from './api';
import { QuotaForm } from './quota-form';
import { entityLabel, quotaKeyLabels, quotaKeys, quotaRowId } from './quota-labels';
import '../topics/topics.css';
import './ops.css';

const column = createColumnHelper<Quota>();
const columns = [
  column.accessor((q) => entityLabel(q.entity), { id: 'entity', header: 'Entity', enableSorting: true }),
  ...quotaKeys.map((key) =>
    column.accessor((q) => q.quotas[key], {
      id: key,
      header: quotaKeyLabels[key],
      meta: { align: 'end' as const },
      cell: ({ getValue }) => getValue()?.toLocaleString('en') ?? '—',
    }),
  ),
];

/** client quotas of users, client ids and IPs, default entities shown as <default>. */
export function QuotaListPage() {
  const { cluster } = useClusterScope();
  const [search, setSearch] = useState('');
  const list = useQuery(quotaListQuery(cluster.id, search));
  const canUpdate = useCan('QUOTA', 'UPDATE');
  const alter = useAlterQuota(cluster.id);
  const [doomed, setDoomed] = useState<Quota>();
  const actions = useMemo(() => (canUpdate ? { delete: (q: Quota) => setDoomed(q) } : {}), [canUpdate]);

  return (
    <ListPage
      title="Quotas"
      filters={
        <div className="filter-bar">
          <input
            className="input filter-bar__search"
            type="search"
            aria-label="Search entities"
            placeholder="Search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      }
      beforeTable={
        <p className="ops-note">
          A client matches the most specific entity that has a quota; <code>&lt;default&gt;</code> entities
          apply to every user, client id or IP without its own. Where nothing matches, the client is not
          limited.
        </p>
      }
      query={list}
      rows={list.data}
      table={{
        label: 'Quotas',
        columns,
        getRowId: quotaRowId,
        actions,
        emptyText: 'No client quotas are set: no client is limited.',
      }}
    >
      {canUpdate && (
        <section aria-labelledby="quota-form-title">
          <h2 id="quota-form-title" className="ops-section-title">
            Set quotas
          </h2>
          <QuotaForm busy={alter.isPending} onSubmit={(change) => alter.mutate(change)} />
        </section>
      )}
      <ConfirmDialog
        open={doomed !== undefined}
        title="Remove quotas"
        message={doomed && `Do you want to remove every quota of ${entityLabel(doomed.entity)} ?`}
        confirmLabel="Remove"
        danger
        busy={alter.isPending}
        onCancel={() => setDoomed(undefined)}
        onConfirm={() =>
          doomed &&
          alter.mutate(
            {
              entity: doomed.entity,
              quotas: Object.fromEntries(Object.keys(doomed.quotas).map((k) => [k, null])),
            },
            { onSettled: () => setDoomed(undefined) },
          )
        }
      />
    </ListPage>
  );
}
