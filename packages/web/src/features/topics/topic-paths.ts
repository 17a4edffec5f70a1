const enc = encodeURIComponent;

/**
 * Router paths (below the `{basePath}ui` basename) of the topic screens, docs/behaviour.md#menu-and-routes.
 */
export const topicPaths = {
  list: (cluster: string) => `/${enc(cluster)}/topic`,
  create: (cluster: string) => `/${enc(cluster)}/topic/create`,
  topic: (cluster: string, topic: string, tab?: string) =>
    `/${enc(cluster)}/topic/${enc(topic)}${tab ? `/${tab}` : ''}`,
  increasePartition: (cluster: string, topic: string) =>
    `/${enc(cluster)}/topic/${enc(topic)}/increasepartition`,
  copy: (cluster: string, topic: string) => `/${enc(cluster)}/topic/${enc(topic)}/copy`,
  import: (cluster: string, topic: string) => `/${enc(cluster)}/topic/${enc(topic)}/import`,
  generate: (cluster: string, topic: string) => `/${enc(cluster)}/topic/${enc(topic)}/generate`,
  redrive: (cluster: string, topic: string) => `/${enc(cluster)}/topic/${enc(topic)}/redrive`,
  replay: (cluster: string, topic: string) => `/${enc(cluster)}/topic/${enc(topic)}/replay`,
  produce: (cluster: string, topic: string) => `/${enc(cluster)}/topic/${enc(topic)}/produce`,
  tail: (cluster: string, topic: string) => `/${enc(cluster)}/tail?topicId=${enc(topic)}`,
  group: (cluster: string, group: string) => `/${enc(cluster)}/group/${enc(group)}`,
};
