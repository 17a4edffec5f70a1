const enc = encodeURIComponent;

/** Router paths of the Connect screens (docs/behaviour.md#menu-and-routes). */
export const connectPaths = {
  list: (cluster: string, connect: string) => `/${enc(cluster)}/connect/${enc(connect)}`,
  create: (cluster: string, connect: string) => `/${enc(cluster)}/connect/${enc(connect)}/create`,
  connector: (cluster: string, connect: string, name: string, tab: 'tasks' | 'configs' = 'tasks') =>
    `/${enc(cluster)}/connect/${enc(connect)}/definition/${enc(name)}/${tab}`,
};
