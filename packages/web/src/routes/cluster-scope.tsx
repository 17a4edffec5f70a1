import { type Cluster, permissionMap } from '@console/contract';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useParams, useRoutes } from 'react-router-dom';
import { ClusterContext } from '../auth/cluster-context';
import { landingPath } from '../auth/permissions';
import { useSession } from '../auth/session-context';
import { LoadingScreen } from '../components/loading-screen';
import { clustersQuery, uiOptionsQuery } from '../features/clusters/api';
import { AppLayout } from '../features/shell/app-layout';
import { clusterRoutes } from './cluster-routes';
import { NoClusters } from './no-clusters';

/** `/:clusterId/*`: resolves the cluster from the URL; an unknown id goes to the first cluster. */
export function ClusterScope() {
  const { clusterId = '' } = useParams();
  const { me } = useSession();
  const clusters = useQuery(clustersQuery());

  if (!clusters.data) return <LoadingScreen />;
  const cluster = clusters.data.find((c) => c.id === clusterId);
  if (cluster) return <KnownCluster cluster={cluster} clusters={clusters.data} />;
  const first = clusters.data[0];
  if (!first) return <NoClusters />;
  return (
    <>
      <LoadingScreen />
      <Navigate to={landingPath(permissionMap(me.roles ?? [], first.id), true, first.id)} replace />
    </>
  );
}

function KnownCluster({ cluster, clusters }: { cluster: Cluster; clusters: Cluster[] }) {
  const { me } = useSession();
  const scope = useMemo(
    () => ({ cluster, clusters, permissions: permissionMap(me.roles ?? [], cluster.id) }),
    [cluster, clusters, me.roles],
  );
  const routes = useMemo(() => clusterRoutes(scope.permissions), [scope.permissions]);
  usePrefetchQuery(uiOptionsQuery(cluster.id));
  const screen = useRoutes(routes);

  return (
    <ClusterContext value={scope}>
      <AppLayout>{screen}</AppLayout>
    </ClusterContext>
  );
}
