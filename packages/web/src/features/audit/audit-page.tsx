import type { AuditEvent } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { ListPage } from '../../components/list-page/list-page';
import { Pagination } from '../../components/pagination/pagination';
import { parseSearchParams } from '../../lib/url-state';
import { type AuditFilters, auditQuery } from './api';
import '../topics/topics.css';

const text = z.string().catch('');
const UrlState = z.object({
  user: text,
  action: text,
  object: text,
  cluster: text,
  outcome: z.enum(['', 'success', 'refused', 'failure']).catch(''),
  from: text,
  to: text,
  page: z.coerce.number().int().min(1).catch(1),
});

const column = createColumnHelper<AuditEvent>();
const columns = [
  column.accessor('timestamp', { header: 'Time' }),
  column.accessor('user', { header: 'User' }),
  column.accessor('action', { header: 'Action' }),
  column.accessor('cluster', { header: 'Cluster', cell: ({ getValue }) => getValue() ?? '' }),
  column.accessor('object', { header: 'Object', cell: ({ getValue }) => getValue() ?? '' }),
  column.accessor('outcome', { header: 'Outcome' }),
];

/** A `datetime-local` value (the browser's time zone) as the API's UTC instant; '' when empty or invalid. */
function instant(local: string): string {
  const date = new Date(local);
  return local === '' || Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

const textFilters = [
  { key: 'user', label: 'User' },
  { key: 'action', label: 'Action', placeholder: 'TOPIC:CREATE' },
  { key: 'object', label: 'Object contains' },
  { key: 'cluster', label: 'Cluster' },
] as const;

/** the audit trail from the audit topic, newest first, filtered, 50 a page. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const state = parseSearchParams(UrlState, params);
  const [draft, setDraft] = useState(state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft follows the address only
  useEffect(() => setDraft(state), [params]);
  const filters: AuditFilters = { ...state, from: instant(state.from), to: instant(state.to) };
  const audit = useQuery(auditQuery(filters));
  const show = (next: typeof state) =>
    setParams(
      Object.fromEntries(
        Object.entries(next)
          .filter(([key, value]) => value !== '' && !(key === 'page' && value === 1))
          .map(([key, value]) => [key, String(value)]),
      ),
    );
  const data = audit.data;
  const pages = data ? Math.ceil(data.total / data.pageSize) : 1;

  return (
    <ListPage
      title="Audit"
      filters={
        <form
          className="filter-bar"
          aria-label="Audit filters"
          onSubmit={(event) => {
            event.preventDefault();
            show({ ...draft, page: 1 });
          }}
        >
          {textFilters.map((filter) => (
            <input
              key={filter.key}
              className="input filter-bar__search"
              type="search"
              aria-label={filter.label}
              placeholder={'placeholder' in filter ? filter.placeholder : filter.label}
              value={draft[filter.key]}
              onChange={(event) => setDraft({ ...draft, [filter.key]: event.target.value })}
            />
          ))}
          <select
            className="select"
            aria-label="Outcome"
            value={draft.outcome}
            onChange={(event) =>
              setDraft({ ...draft, outcome: UrlState.shape.outcome.parse(event.target.value) })
            }
          >
            <option value="">Any outcome</option>
            <option value="success">success</option>
            <option value="refused">refused</option>
            <option value="failure">failure</option>
          </select>
          <label className="filter-bar__check">
            From
            <input
              className="input"
              type="datetime-local"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            />
          </label>
          <label className="filter-bar__check">
            To
            <input
              className="input"
              type="datetime-local"
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            />
          </label>
          <button type="submit" className="btn btn--primary">
            Search
          </button>
          <span className="filter-bar__end" aria-live="polite">
            {data
              ? `${data.total.toLocaleString('en')} matching of ${data.indexed.toLocaleString('en')} indexed`
              : ''}
          </span>
        </form>
      }
      query={audit}
      rows={data?.results}
      table={{
        label: 'Audit events',
        columns,
        getRowId: (row, index) => `${row.timestamp}-${index}`,
        emptyText: 'No audit events match',
      }}
    >
      <Pagination page={state.page} totalPages={pages} onChange={(page) => show({ ...state, page })} />
    </ListPage>
  );
}
