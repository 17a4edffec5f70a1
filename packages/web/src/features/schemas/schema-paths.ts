const enc = encodeURIComponent;

/** Router paths of the schema registry screens (docs/behaviour.md#menu-and-routes). */
export const schemaPaths = {
  list: (cluster: string) => `/${enc(cluster)}/schema`,
  create: (cluster: string) => `/${enc(cluster)}/schema/create`,
  subject: (cluster: string, subject: string, tab: 'update' | 'versions' = 'update') =>
    `/${enc(cluster)}/schema/details/${enc(subject)}/${tab}`,
};
