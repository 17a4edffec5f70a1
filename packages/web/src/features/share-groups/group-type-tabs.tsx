import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { capabilitiesQuery } from '../clusters/api';
import './share-groups.css';

/** Consumer groups and share groups side by side: one link to each list, the current one marked. */
export function GroupTypeTabs({ current }: { current: 'consumer' | 'share' | 'streams' }) {
  const { cluster } = useClusterScope();
  const base = `/${encodeURIComponent(cluster.id)}`;
  const consumers = useCan('CONSUMER_GROUP', 'READ');
  const mayReadShares = useCan('SHARE_GROUP', 'READ');
  // Hidden when the cluster's release has no share groups (before Kafka 4.1).
  const release = useQuery(capabilitiesQuery(cluster.id)).data;
  const shares = mayReadShares && release?.features.shareGroups !== false;
  return (
    <nav className="group-type-tabs" aria-label="Group types">
      {consumers && (
        <NavLink to={`${base}/group`} aria-current={current === 'consumer' ? 'page' : undefined}>
          Consumer groups
        </NavLink>
      )}
      {shares && (
        <NavLink to={`${base}/share-group`} aria-current={current === 'share' ? 'page' : undefined}>
          Share groups
        </NavLink>
      )}
      {consumers && (
        <NavLink to={`${base}/streams-group`} aria-current={current === 'streams' ? 'page' : undefined}>
          Streams apps
        </NavLink>
      )}
    </nav>
  );
}
