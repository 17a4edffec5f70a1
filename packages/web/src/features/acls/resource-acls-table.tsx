import type { AccessControl } from '@console/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable } from '../../components/data-table/data-table';
import type { AnyColumnDef } from '../../components/data-table/types';
import { type AclBinding, noAclsText, toAclBindings } from './acl-bindings';

/**
 * The ACLs tab of a topic or a group: one row per binding, the empty text of docs/behaviour.md#topic-page
 * when there is none.
 */
export function ResourceAclsTable(props: {
  acls: UseQueryResult<AccessControl[]>;
  columns: AnyColumnDef<AclBinding>[];
}) {
  const { acls } = props;
  const rows = useMemo(() => (acls.data ? toAclBindings(acls.data) : undefined), [acls.data]);
  return (
    <DataTable
      label="ACLS"
      data={rows}
      columns={props.columns}
      getRowId={(row) => row.id}
      loading={acls.isPending}
      failed={acls.isError}
      emptyText={noAclsText}
    />
  );
}
