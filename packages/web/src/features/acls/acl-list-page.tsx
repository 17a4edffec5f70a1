import type { AccessControl } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { ListPage } from '../../components/list-page/list-page';
import { SearchBar, useSearchPage } from '../../components/search-bar/search-bar';
import { scramUserOf, scramUserPaths } from '../scram-users/scram-user-paths';
import { noAclsText } from './acl-bindings';
import { aclPaths } from './acl-paths';
import { aclListQuery } from './api';
import '../topics/topics.css';

const column = createColumnHelper<AccessControl>();

/** A `User:` principal's SCRAM credentials, on the users screen searched for its name. */
const scramUserColumn = (cluster: string) =>
  column.display({
    id: 'scram',
    header: 'SCRAM user',
    cell: ({ row }) => {
      const user = scramUserOf(row.original.principal);
      return user === undefined ? null : (
        <Link to={scramUserPaths.list(cluster, user)}>
          Credentials<span className="visually-hidden"> of {user}</span>
        </Link>
      );
    },
  });

/** docs/behaviour.md#acls: one sortable column, Principals; the search lives in the address. */
export function AclListPage() {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const url = useSearchPage();
  const list = useQuery(aclListQuery(cluster.id, url.params.search));
  const canCreate = useCan('ACL', 'CREATE');
  const canReadUsers = useCan('SCRAM_USER', 'READ');
  const columns = useMemo(
    () => [
      column.accessor('principal', {
        header: 'Principals',
        enableSorting: true,
        cell: ({ getValue }) => <Link to={aclPaths.principal(cluster.id, getValue())}>{getValue()}</Link>,
      }),
      ...(canReadUsers ? [scramUserColumn(cluster.id)] : []),
    ],
    [cluster.id, canReadUsers],
  );
  const actions = useMemo(
    () => ({ details: (row: AccessControl) => navigate(aclPaths.principal(cluster.id, row.principal)) }),
    [navigate, cluster.id],
  );

  return (
    <ListPage
      title="Acls"
      actions={
        canCreate && (
          <Link className="btn btn--primary" to={aclPaths.create(cluster.id)}>
            Create ACLs
          </Link>
        )
      }
      filters={<SearchBar label="ACL search" inputLabel="Search principals" list={url} pages={false} />}
      query={list}
      rows={list.data}
      table={{
        label: 'Acls',
        columns,
        getRowId: (row) => row.principal,
        rowName: (row) => `ACLs of ${row.principal}`,
        actions,
        onRowClick: actions.details,
        emptyText: noAclsText,
      }}
    />
  );
}
