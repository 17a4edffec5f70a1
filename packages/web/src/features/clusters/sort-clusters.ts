import type { Cluster } from '@console/contract';

/** The cluster picker lists clusters by id (spec part 2 §2). */
export function sortClusters(clusters: Cluster[]): Cluster[] {
  return [...clusters].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
