/** The Streams app pages' addresses; a tab key opens that tab. */
export const streamsGroupPath = (cluster: string, group: string, tab?: string) =>
  `/${encodeURIComponent(cluster)}/streams-group/${encodeURIComponent(group)}${tab ? `/${tab}` : ''}`;
