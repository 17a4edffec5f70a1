import type { AccessControl } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { DataTable } from '../../components/data-table/data-table';
import { parseSearchParams } from '../../lib/url-state';
import { Page } from '../shell/page';
import { noAclsText } from './acl-bindings';
import { aclPaths } from './acl-paths';
import { aclListQuery } from './api';
import '../topics/topics.css';

const UrlState = z.object({ search: z.string().catch('') });
const column = createColumnHelper<AccessControl>();

/** Spec part 2 §2 ACLs: one sortable column, Principals; the search lives in the address. */
export function AclListPage() {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { search } = parseSearchParams(UrlState, params);
  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);
  const list = useQuery(aclListQuery(cluster.id, search));
  const canCreate = useCan('ACL', 'CREATE');
  const columns = useMemo(
    () => [
      column.accessor('principal', {
        header: 'Principals',
        enableSorting: true,
        cell: ({ getValue }) => <Link to={aclPaths.principal(cluster.id, getValue())}>{getValue()}</Link>,
      }),
    ],
    [cluster.id],
  );
  const actions = useMemo(
    () => ({ details: (row: AccessControl) => navigate(aclPaths.principal(cluster.id, row.principal)) }),
    [navigate, cluster.id],
  );

  return (
    <Page
      title="Acls"
      actions={
        canCreate && (
          <Link className="btn btn--primary" to={aclPaths.create(cluster.id)}>
            Create ACLs
          </Link>
        )
      }
    >
      <form
        className="filter-bar"
        aria-label="ACL search"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(draft ? { search: draft } : {});
        }}
      >
        <input
          className="input filter-bar__search"
          type="search"
          aria-label="Search principals"
          placeholder="Search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </form>
      <DataTable
        label="Acls"
        data={list.data}
        columns={columns}
        getRowId={(row) => row.principal}
        rowName={(row) => `ACLs of ${row.principal}`}
        loading={list.isPending}
        failed={list.isError}
        actions={actions}
        onRowClick={actions.details}
        emptyText={noAclsText}
      />
    </Page>
  );
}
