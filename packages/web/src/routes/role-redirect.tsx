import { permissionMap } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { useClusterScope } from '../auth/cluster-context';
import { hasRoles, landingPath } from '../auth/permissions';
import { useSession } from '../auth/session-context';
import { LoadingScreen } from '../components/loading-screen';
import { clustersQuery } from '../features/clusters/api';
import { NoClusters } from './no-clusters';

/** `/`, `/ui` and `/ui/401`: the first cluster's screen by role (docs/behaviour.md#menu-and-routes). */
export function RoleRedirect() {
  const { me } = useSession();
  const clusters = useQuery(clustersQuery());
  if (!clusters.data) return <LoadingScreen />;
  const first = clusters.data[0];
  if (!first) return <NoClusters />;
  return (
    <Navigate to={landingPath(permissionMap(me.roles ?? [], first.id), hasRoles(me), first.id)} replace />
  );
}

/** `/ui/{clusterId}` alone: that cluster's screen by role. */
export function ClusterLanding() {
  const { cluster, permissions } = useClusterScope();
  return <Navigate to={landingPath(permissions, true, cluster.id)} replace />;
}
