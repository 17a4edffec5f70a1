import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../api/errors';
import { useCan, useClusterScope } from '../../../auth/cluster-context';
import { Page } from '../../../components/layout/page';
import { MissingObject } from '../../../components/missing-object';
import { UrlTabs } from '../../../components/tabs/url-tabs';
import { TopicDataTab } from '../../records/topic-data-tab';
import { FlowTab } from '../../topology/flow-tab';
import { topicQuery } from '../api';
import { TopicActions } from '../topic-actions';
import { topicPaths } from '../topic-paths';
import { TopicAclsTab } from './topic-acls-tab';
import { TopicConfigsTab } from './topic-configs-tab';
import { TopicGroupsTab } from './topic-groups-tab';
import { TopicHeader } from './topic-header';
import { TopicLogsTab } from './topic-logs-tab';
import { TopicPartitionsTab } from './topic-partitions-tab';
import { type TopicTab, topicTab, topicTabs } from './topic-tab';
import { TopicTrafficTab } from './topic-traffic-tab';
import '../topics.css';

/** docs/behaviour.md#topic-page; a topic that does not exist gets a message in place of tabs and actions. */
export function TopicPage() {
  const { topicId = '', tab } = useParams();
  const { cluster } = useClusterScope();
  const access = {
    data: useCan('TOPIC_DATA', 'READ'),
    groups: useCan('CONSUMER_GROUP', 'READ'),
    configs: useCan('TOPIC', 'READ_CONFIG'),
    acls: useCan('ACL', 'READ'),
  };
  const topic = useQuery(topicQuery(cluster.id, topicId));
  const active = topicTab(tab, access);
  const href = (key: string) => topicPaths.topic(cluster.id, topicId, key);
  if (tab !== active) return <Navigate to={href(active)} replace />;
  if (topic.error instanceof ApiError && topic.error.status === 404)
    return (
      <Page title={`Topic: ${topicId}`}>
        <MissingObject
          message={`Topic '${topicId}' does not exist.`}
          back={topicPaths.list(cluster.id)}
          backLabel="Back to the topics"
        />
      </Page>
    );

  return (
    <Page title={`Topic: ${topicId}`}>
      {/* Nothing asks about the topic before it is known to exist (each tab's 404 would be a warning). */}
      {topic.data && <TopicHeader cluster={cluster.id} topic={topic.data} canReadConfigs={access.configs} />}
      {!topic.isPending && (
        <TopicActions cluster={cluster.id} topic={topicId} tab={active} canReadConfigs={access.configs} />
      )}
      <UrlTabs label="Topic" tabs={topicTabs(access)} active={active} href={href}>
        {topic.isPending ? (
          <p className="muted">Loading…</p>
        ) : (
          <TabContent tab={active} cluster={cluster.id} topic={topicId} />
        )}
      </UrlTabs>
    </Page>
  );
}

function TabContent({ tab, cluster, topic }: { tab: TopicTab; cluster: string; topic: string }) {
  switch (tab) {
    case 'data':
      return <TopicDataTab cluster={cluster} topic={topic} />;
    case 'partitions':
      return <TopicPartitionsTab cluster={cluster} topic={topic} />;
    case 'traffic':
      return <TopicTrafficTab cluster={cluster} topic={topic} />;
    case 'groups':
      return <TopicGroupsTab cluster={cluster} topic={topic} />;
    case 'flow':
      return (
        <FlowTab
          cluster={cluster}
          start={{ topic }}
          focus={`topic:${topic}`}
          label={`Data flow of topic ${topic}`}
        />
      );
    case 'configs':
      return <TopicConfigsTab cluster={cluster} topic={topic} />;
    case 'acls':
      return <TopicAclsTab cluster={cluster} topic={topic} />;
    case 'logs':
      return <TopicLogsTab cluster={cluster} topic={topic} />;
  }
}
