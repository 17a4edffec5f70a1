const enc = encodeURIComponent;

/** Router paths of the consumer group screens (docs/behaviour.md#menu-and-routes). */
export const groupPaths = {
  list: (cluster: string) => `/${enc(cluster)}/group`,
  group: (cluster: string, group: string, tab?: string) =>
    `/${enc(cluster)}/group/${enc(group)}${tab ? `/${tab}` : ''}`,
  updateOffsets: (cluster: string, group: string) => `/${enc(cluster)}/group/${enc(group)}/offsets`,
  deleteOffsets: (cluster: string, group: string) => `/${enc(cluster)}/group/${enc(group)}/offsetsdelete`,
};
