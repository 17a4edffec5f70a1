const enc = encodeURIComponent;

/** Router paths of the ksqlDB screens (docs/behaviour.md#menu-and-routes). */
export const ksqlPaths = {
  tab: (cluster: string, ksqlDb: string, tab: string) => `/${enc(cluster)}/ksqldb/${enc(ksqlDb)}/${tab}`,
  query: (cluster: string, ksqlDb: string) => `/${enc(cluster)}/ksqldb/${enc(ksqlDb)}/query`,
  statement: (cluster: string, ksqlDb: string) => `/${enc(cluster)}/ksqldb/${enc(ksqlDb)}/statement`,
};
