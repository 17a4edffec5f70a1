const enc = encodeURIComponent;

export const CONNECTOR_TABS = ['tasks', 'configs', 'offsets', 'flow'] as const;
export type ConnectorTab = (typeof CONNECTOR_TABS)[number];

/** Router paths of the Connect screens (docs/behaviour.md#menu-and-routes). */
export const connectPaths = {
  list: (cluster: string, connect: string) => `/${enc(cluster)}/connect/${enc(connect)}`,
  create: (cluster: string, connect: string) => `/${enc(cluster)}/connect/${enc(connect)}/create`,
  connector: (cluster: string, connect: string, name: string, tab: ConnectorTab = 'tasks') =>
    `/${enc(cluster)}/connect/${enc(connect)}/definition/${enc(name)}/${tab}`,
  loggers: (cluster: string, connect: string) => `/${enc(cluster)}/connect/${enc(connect)}/loggers`,
};
