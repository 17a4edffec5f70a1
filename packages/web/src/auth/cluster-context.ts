import { type Action, type Cluster, can, type Resource } from '@console/contract';
import { createContext, useContext } from 'react';
import type { Permissions } from './permissions';

export type ClusterScope = {
  cluster: Cluster;
  /** Every visible cluster, sorted by id. */
  clusters: Cluster[];
  /** The user's roles for this cluster. */
  permissions: Permissions;
};

export const ClusterContext = createContext<ClusterScope | null>(null);

export function useClusterScope(): ClusterScope {
  const scope = useContext(ClusterContext);
  if (!scope) throw new Error('useClusterScope needs a cluster route');
  return scope;
}

/** Whether the user may do `action` on `resource` in the current cluster; hides what the server refuses. */
export function useCan(resource: Resource, action: Action): boolean {
  return can(useClusterScope().permissions, resource, action);
}
