import { Navigate, useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { UrlTabs } from '../../components/tabs/url-tabs';
import { NotBuilt } from '../placeholder/placeholder-page';
import { Page } from '../shell/page';
import { nodeTab } from './node-tab';

/** Spec part 1 §2 Node page: the tab frame is real, its Configs and Logs tables are not built yet. */
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
        <NotBuilt screen={active === 'configs' ? 'Node configs' : 'Node logs'} />
      </UrlTabs>
    </Page>
  );
}
