import { Link, Navigate, useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { UrlTabs } from '../../components/tabs/url-tabs';
import { Page } from '../shell/page';
import { GroupAclsTab } from './group-acls-tab';
import { GroupMembersTab } from './group-members-tab';
import { groupPaths } from './group-paths';
import { GroupTopicsTab } from './group-topics-tab';
import '../topics/topics.css';

type GroupTab = 'topics' | 'members' | 'acls';

/** Spec part 2 §2 Group details: tabs topics (default), members, acls (with ACL READ). */
export function GroupPage() {
  const { consumerGroupId = '', tab } = useParams();
  const { cluster } = useClusterScope();
  const canAcls = useCan('ACL', 'READ');
  const canUpdate = useCan('CONSUMER_GROUP', 'UPDATE_OFFSET');
  const canDeleteOffsets = useCan('CONSUMER_GROUP', 'DELETE_OFFSET');
  const tabs: { key: GroupTab; label: string }[] = [
    { key: 'topics', label: 'Topics' },
    { key: 'members', label: 'Members' },
    ...(canAcls ? [{ key: 'acls' as const, label: 'ACLS' }] : []),
  ];
  const active = tabs.find((t) => t.key === tab)?.key ?? 'topics';
  const href = (key: string) => groupPaths.group(cluster.id, consumerGroupId, key);
  if (tab !== active) return <Navigate to={href(active)} replace />;

  return (
    <Page
      title={`Consumer Group: ${consumerGroupId}`}
      actions={
        <>
          {canDeleteOffsets && (
            <Link className="btn" to={groupPaths.deleteOffsets(cluster.id, consumerGroupId)}>
              Delete Offsets
            </Link>
          )}
          {canUpdate && (
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
        {active === 'acls' && <GroupAclsTab cluster={cluster.id} group={consumerGroupId} />}
      </UrlTabs>
    </Page>
  );
}
