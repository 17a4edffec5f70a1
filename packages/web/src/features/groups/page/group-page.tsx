import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../../auth/cluster-context';
import { Page } from '../../../components/layout/page';
import { MissingObject } from '../../../components/missing-object';
import { UrlTabs } from '../../../components/tabs/url-tabs';
import { GroupLagPanel } from '../../lag/lag-history-panel';
import { FlowTab } from '../../topology/flow-tab';
import { groupQuery } from '../api';
import { groupPaths } from '../group-paths';
import { GroupAclsTab } from './group-acls-tab';
import { GroupMembersTab } from './group-members-tab';
import { GroupTopicsTab } from './group-topics-tab';
import '../../topics/topics.css';

type GroupTab = 'topics' | 'members' | 'lag' | 'flow' | 'acls';

/**
 * A group's page (docs/behaviour.md#consumer-groups): tabs topics (default), members, acls (with ACL READ).
 * Kafka describes an id it does not know as DEAD (docs/api-conventions.md#consumer-groups): the page says the
 * group does not exist, with no actions.
 */
export function GroupPage() {
  const { consumerGroupId = '', tab } = useParams();
  const { cluster } = useClusterScope();
  const canAcls = useCan('ACL', 'READ');
  const canUpdate = useCan('CONSUMER_GROUP', 'UPDATE_OFFSET');
  const canDeleteOffsets = useCan('CONSUMER_GROUP', 'DELETE_OFFSET');
  const group = useQuery(groupQuery(cluster.id, consumerGroupId));
  const tabs: { key: GroupTab; label: string }[] = [
    { key: 'topics', label: 'Topics' },
    { key: 'members', label: 'Members' },
    { key: 'lag', label: 'Lag history' },
    { key: 'flow', label: 'Flow' },
    ...(canAcls ? [{ key: 'acls' as const, label: 'ACLS' }] : []),
  ];
  const active = tabs.find((t) => t.key === tab)?.key ?? 'topics';
  const href = (key: string) => groupPaths.group(cluster.id, consumerGroupId, key);
  if (tab !== active) return <Navigate to={href(active)} replace />;
  if (group.data?.state === 'DEAD')
    return (
      <Page title={`Consumer Group: ${consumerGroupId}`}>
        <MissingObject
          message={`Consumer group '${consumerGroupId}' does not exist.`}
          back={groupPaths.list(cluster.id)}
          backLabel="Back to the consumer groups"
        />
      </Page>
    );

  return (
    <Page
      title={`Consumer Group: ${consumerGroupId}`}
      actions={
        <>
          {canDeleteOffsets && group.data && (
            <Link className="btn" to={groupPaths.deleteOffsets(cluster.id, consumerGroupId)}>
              Delete Offsets
            </Link>
          )}
          {canUpdate && group.data && (
            <Link className="btn btn--primary" to={groupPaths.updateOffsets(cluster.id, consumerGroupId)}>
              Update Offsets
            </Link>
          )}
        </>
      }
    >
      <UrlTabs label="Consumer group" tabs={tabs} active={active} href={href}>
        {active === 'topics' && <GroupTopicsTab cluster={cluster.id} group={consumerGroupId} />}
        {active === 'members' && <GroupMembersTab cluster={cluster.id} group={consumerGroupId} />}
        {active === 'lag' && <GroupLagPanel cluster={cluster.id} group={consumerGroupId} />}
        {active === 'flow' && (
          <FlowTab
            cluster={cluster.id}
            start={{ node: `consumer-group:${consumerGroupId}` }}
            focus={`consumer-group:${consumerGroupId}`}
            label={`Data flow of consumer group ${consumerGroupId}`}
          />
        )}
        {active === 'acls' && <GroupAclsTab cluster={cluster.id} group={consumerGroupId} />}
      </UrlTabs>
    </Page>
  );
}
