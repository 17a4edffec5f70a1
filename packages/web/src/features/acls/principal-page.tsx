import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { Page } from '../../components/layout/page';
import { UrlTabs } from '../../components/tabs/url-tabs';
import { decodeBase64Utf8 } from '../../lib/base64';
import { scramUserOf, scramUserPaths } from '../scram-users/scram-user-paths';
import { type AclBinding, noAclsText, toAclBindings } from './acl-bindings';
import { principalColumns } from './acl-columns';
import { aclPaths } from './acl-paths';
import { principalAclsQuery } from './api';
import { useDeleteAcls } from './mutations';

/**
 * The principal page tabs (docs/behaviour.md#acls), each with its resource type and resource column title.
 */
const tabs = [
  { key: 'topics', label: 'Topics', resourceType: 'TOPIC', resource: 'Topic' },
  { key: 'groups', label: 'Groups', resourceType: 'GROUP', resource: 'Group' },
  { key: 'clusters', label: 'Clusters', resourceType: 'CLUSTER', resource: 'Cluster' },
  {
    key: 'transactionalids',
    label: 'Transactional Ids',
    resourceType: 'TRANSACTIONAL_ID',
    resource: 'Transactional Id',
  },
] as const;

export function PrincipalPage() {
  const { principalEncoded = '', tab } = useParams();
  const { cluster } = useClusterScope();
  const principal = decodeBase64Utf8(principalEncoded) ?? principalEncoded;
  const active = tabs.find((t) => t.key === tab) ?? tabs[0];
  const href = (key: string) => aclPaths.principal(cluster.id, principal, key);
  const canReadUsers = useCan('SCRAM_USER', 'READ');
  const user = scramUserOf(principal);
  if (tab !== active.key) return <Navigate to={href(active.key)} replace />;

  return (
    <Page
      title={`Acl: ${principal}`}
      actions={
        canReadUsers &&
        user !== undefined && (
          <Link className="btn" to={scramUserPaths.list(cluster.id, user)}>
            SCRAM credentials
          </Link>
        )
      }
    >
      <UrlTabs label="Resource type" tabs={tabs} active={active.key} href={href} replace>
        <PrincipalTab cluster={cluster.id} principal={principal} tab={active} />
      </UrlTabs>
    </Page>
  );
}

type TabProps = { cluster: string; principal: string; tab: (typeof tabs)[number] };

function PrincipalTab({ cluster, principal, tab }: TabProps) {
  const acls = useQuery({
    ...principalAclsQuery(cluster, principal, tab.resourceType),
    select: (control) => toAclBindings([control]),
  });
  const columns = useMemo(() => principalColumns(tab.resource), [tab.resource]);
  const canDelete = useCan('ACL', 'DELETE');
  const remove = useDeleteAcls(cluster);
  const [doomed, setDoomed] = useState<AclBinding>();
  const actions = useMemo(
    () => (canDelete ? { delete: (row: AclBinding) => setDoomed(row) } : {}),
    [canDelete],
  );
  return (
    <>
      <ConfirmDialog
        open={doomed !== undefined}
        title="Delete an ACL binding"
        message={
          doomed &&
          `Do you want to delete ${doomed.permission} ${doomed.operation} on ${doomed.resource} for ${principal} ?`
        }
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setDoomed(undefined)}
        onConfirm={() =>
          doomed &&
          remove.mutate(
            {
              principal,
              resourceType: doomed.resourceType,
              resourceName: doomed.resource,
              patternType: doomed.patternType,
              host: doomed.host,
              operation: doomed.operation,
              permissionType: doomed.permission,
            },
            { onSettled: () => setDoomed(undefined) },
          )
        }
      />
      <DataTable
        label={tab.label}
        data={acls.data}
        columns={columns}
        getRowId={(row) => row.id}
        loading={acls.isPending}
        failed={acls.isError}
        emptyText={noAclsText}
        actions={actions}
      />
    </>
  );
}
