import { INSIGHT_KINDS, type InsightCheck, InsightKind, InsightSeverity } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { useClusterScope } from '../../auth/cluster-context';
import { DataTable } from '../../components/data-table/data-table';
import { Page } from '../../components/layout/page';
import { Pagination } from '../../components/pagination/pagination';
import { parseSearchParams, toSearchParams } from '../../lib/url-state';
import { type InsightParams, insightListQuery } from './api';
import { insightColumns } from './insight-columns';
import { KIND_LABELS, SEVERITY_LABELS } from './insight-labels';
import '../../components/search-bar/filter-bar.css';
import './insights.css';

const Params = z.object({
  severity: InsightSeverity.optional().catch(undefined),
  kind: InsightKind.optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1),
});
const DEFAULTS: InsightParams = { page: 1 };
const SEVERITIES = ['critical', 'warning', 'info'] as const;

/** docs/insights.md: the findings of GET /api/{cluster}/insights, by severity and kind, each linking to its object. */
export function InsightsPage() {
  const { cluster } = useClusterScope();
  const [search, setSearch] = useSearchParams();
  const params = parseSearchParams(Params, search);
  const list = useQuery(insightListQuery(cluster.id, params));
  const columns = useMemo(() => insightColumns(cluster.id), [cluster.id]);
  const base = `/${encodeURIComponent(cluster.id)}/insights`;
  const link = (next: Partial<InsightParams>) =>
    `${base}?${toSearchParams({ ...params, page: 1, ...next }, DEFAULTS)}`;
  const summary = list.data?.summary;
  const total = summary ? summary.critical + summary.warning + summary.info : undefined;
  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n.toLocaleString('en')})`);
  return (
    <Page title="Insights">
      <div className="filter-bar" role="toolbar" aria-label="Insight filters">
        <select
          className="select"
          aria-label="Kind of finding"
          value={params.kind ?? ''}
          onChange={(event) =>
            setSearch(toSearchParams({ ...params, kind: event.target.value || undefined, page: 1 }, DEFAULTS))
          }
        >
          <option value="">Every kind</option>
          {INSIGHT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>
        <Pagination
          page={params.page}
          totalPages={list.data?.page ?? 1}
          onChange={(page) => setSearch(toSearchParams({ ...params, page }, DEFAULTS), { replace: true })}
        />
      </div>
      <nav className="insights__severities" aria-label="Severity">
        {/* Link, not NavLink: every entry has the same path, NavLink would mark them all current. */}
        <Link to={link({ severity: undefined })} aria-current={params.severity ? undefined : 'page'}>
          All{count(total)}
        </Link>
        {SEVERITIES.map((s) => (
          <Link key={s} to={link({ severity: s })} aria-current={params.severity === s ? 'page' : undefined}>
            {SEVERITY_LABELS[s]}
            {count(summary?.[s])}
          </Link>
        ))}
      </nav>
      <DataTable
        label="Findings"
        columns={columns}
        data={list.data?.results}
        loading={list.isPending}
        failed={list.isError}
        getRowId={(f) => f.id}
        emptyText={
          params.severity || params.kind ? 'No finding of this kind.' : 'No finding: all checks passed.'
        }
      />
      {list.data && (
        <ChecksNote checks={list.data.checks} ageMs={list.data.ageMs} unusedDays={list.data.unusedDays} />
      )}
    </Page>
  );
}

/** What the answer rests on: how old it is, and every check that did not run, with why. */
function ChecksNote({
  checks,
  ageMs,
  unusedDays,
}: {
  checks: InsightCheck[];
  ageMs: number;
  unusedDays: number;
}) {
  const notRun = checks.filter((c) => c.status !== 'RAN');
  return (
    <section className="insights__checks" aria-label="Checks">
      <p>
        Computed {Math.round(ageMs / 1000)} s ago (again every 30 s). A topic is unused after {unusedDays}{' '}
        days without a write and with no consumer group reading it.
      </p>
      {notRun.length > 0 && (
        <ul>
          {notRun.map((c) => (
            <li key={c.kind}>
              {KIND_LABELS[c.kind]}: {c.status === 'SKIPPED' ? 'not checked' : 'failed'}
              {c.reason ? `, ${c.reason}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
