import { Navigate, useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { Page } from '../../components/layout/page';
import { UrlTabs } from '../../components/tabs/url-tabs';
import { NodeMetricsTab } from './metrics/node-metrics-tab';
import { NodeConfigsTab } from './node-configs-tab';
import { NodeLogsTab } from './node-logs-tab';
import { nodeTab } from './node-tab';

/**
 * A broker's page (docs/behaviour.md#configs): Configs (NODE READ_CONFIG), Logs, and Metrics when the
 * cluster has a Prometheus (docs/metrics.md).
 */
export function NodePage() {
  const { nodeId = '', tab } = useParams();
  const { cluster } = useClusterScope();
  const canReadConfigs = useCan('NODE', 'READ_CONFIG');
  const hasMetrics = cluster.metrics === true;
  const active = nodeTab(tab, canReadConfigs, hasMetrics);
  const href = (key: string) =>
    `/${encodeURIComponent(cluster.id)}/node/${encodeURIComponent(nodeId)}/${key}`;

  if (tab !== active) return <Navigate to={href(active)} replace />;
  const tabs = [
    ...(canReadConfigs ? [{ key: 'configs', label: 'Configs' }] : []),
    { key: 'logs', label: 'Logs' },
    ...(hasMetrics ? [{ key: 'metrics', label: 'Metrics' }] : []),
  ];

  return (
    <Page title={`Node: ${nodeId}`}>
      <UrlTabs label="Node" tabs={tabs} active={active} href={href}>
        {active === 'configs' ? (
          <NodeConfigsTab cluster={cluster.id} node={nodeId} />
        ) : active === 'metrics' ? (
          <NodeMetricsTab cluster={cluster.id} node={nodeId} />
        ) : (
          <NodeLogsTab cluster={cluster.id} node={nodeId} />
        )}
      </UrlTabs>
    </Page>
  );
}
