import { Navigate, useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { Page } from '../../components/layout/page';
import { UrlTabs } from '../../components/tabs/url-tabs';
import { NodeConfigsTab } from './node-configs-tab';
import { NodeLogsTab } from './node-logs-tab';
import { nodeTab } from './node-tab';

/** A broker's page (docs/behaviour.md#configs): Configs (NODE READ_CONFIG) and Logs. */
export function NodePage() {
  const { nodeId = '', tab } = useParams();
  const { cluster } = useClusterScope();
  const canReadConfigs = useCan('NODE', 'READ_CONFIG');
  const active = nodeTab(tab, canReadConfigs);
  const href = (key: string) =>
    `/${encodeURIComponent(cluster.id)}/node/${encodeURIComponent(nodeId)}/${key}`;

  if (tab !== active) return <Navigate to={href(active)} replace />;
  const tabs = canReadConfigs
    ? [
        { key: 'configs', label: 'Configs' },
        { key: 'logs', label: 'Logs' },
      ]
    : [{ key: 'logs', label: 'Logs' }];

  return (
    <Page title={`Node: ${nodeId}`}>
      <UrlTabs label="Node" tabs={tabs} active={active} href={href}>
        {active === 'configs' ? (
          <NodeConfigsTab cluster={cluster.id} node={nodeId} />
        ) : (
          <NodeLogsTab cluster={cluster.id} node={nodeId} />
        )}
      </UrlTabs>
    </Page>
  );
}
