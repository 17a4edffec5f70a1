import { ConfigList } from '@console/contract';
import { apiPath } from '../../../api/base-path';
import { apiRequest } from '../../../api/http';

/** One request per topic through the existing routes, so the server checks each topic's permission. */
export const topicBulkRequests = (cluster: string) => ({
  delete: (topic: string) => apiRequest(apiPath(cluster, 'topic', topic), { method: 'DELETE' }),
  empty: (topic: string) =>
    apiRequest(apiPath(cluster, 'topic', topic, 'data', 'empty'), { method: 'DELETE' }),
  config: (key: string, value: string) => (topic: string) =>
    apiRequest(apiPath(cluster, 'topic', topic, 'configs'), {
      method: 'POST',
      body: { configs: { [key]: value } },
      schema: ConfigList,
    }),
});
