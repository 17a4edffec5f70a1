import type { Cluster } from '@console/contract';

/** The cluster picker lists clusters by id (docs/behaviour.md#menu-and-routes). */
export function sortClusters(clusters: Cluster[]): Cluster[] {
  return [...clusters].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
