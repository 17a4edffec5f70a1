import type { RoutePermission } from '@console/contract';

/**
 * Where the named-resource check (contract §5, check 2) reads an object's name: a path parameter, a
 * query parameter (comma-joined or repeated: every name is checked) or a top-level body field; on the
 * cluster in `clusterParam` (default `cluster`).
 */
export type NamedCheck = { in: 'param' | 'query' | 'body'; key: string; clusterParam?: string };

/**
 * `public`: anyone; `anyRole`: anyone holding at least one permission; otherwise resource × action on
 * the `:cluster`, plus the named-resource check. `check` defaults to the path parameter that names
 * the resource (`:topic`, `:group`, `:subject`, `:connector`/`:name`, `:connectId` for
 * CONNECT_CLUSTER, `:id` for NODE; see named-checks.ts); give it for names in the query or body, or
 * `false` for routes that check the cluster only.
 */
export type RouteAccess = 'public' | 'anyRole' | (RoutePermission & { check?: NamedCheck[] | false });

/**
 * The one declarative table of who may call what (contract §5 matrix). Keys are `METHOD /path` as
 * registered, without the deployment prefix. A route missing here fails the server at start-up, so no
 * route can ship unguarded. HEAD follows GET. Every non-GET route is audited (audit.ts).
 */
export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  'GET /health': 'public',
  'GET /ready': 'public',
  'GET /metrics': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api': 'public',
  'GET /swagger/akhq.yml': 'public',
  'GET /api/auths': 'public',
  'GET /api/me': 'public',
  'POST /login': 'public',
  'GET /logout': 'public',
  'POST /logout': 'public',
  'GET /oauth/login/:provider': 'public',
  'GET /oauth/callback/:provider': 'public',
  'GET /api/cluster': 'anyRole',
  'GET /api/topic/defaults-configs': 'anyRole',
  'GET /api/:cluster/ui-options': 'public',
  'GET /api/:cluster/topic': { resource: 'TOPIC', action: 'READ' },
  'GET /api/:cluster/topic/name': { resource: 'TOPIC', action: 'READ' },
  'POST /api/:cluster/topic': {
    resource: 'TOPIC',
    action: 'CREATE',
    check: [{ in: 'body', key: 'name' }],
  },
  'GET /api/:cluster/topic/:topic': { resource: 'TOPIC', action: 'READ' },
  'DELETE /api/:cluster/topic/:topic': { resource: 'TOPIC', action: 'DELETE' },
  'GET /api/:cluster/topic/:topic/partitions': { resource: 'TOPIC', action: 'READ' },
  'POST /api/:cluster/topic/:topic/partitions': { resource: 'TOPIC', action: 'UPDATE' },
  'GET /api/:cluster/topic/:topic/configs': { resource: 'TOPIC', action: 'READ_CONFIG' },
  'POST /api/:cluster/topic/:topic/configs': { resource: 'TOPIC', action: 'ALTER_CONFIG' },
  'GET /api/:cluster/topic/:topic/logs': { resource: 'TOPIC', action: 'READ' },
  'GET /api/:cluster/topic/:topic/acls': { resource: 'TOPIC', action: 'READ' },
  'GET /api/:cluster/topic/:topic/groups': { resource: 'CONSUMER_GROUP', action: 'READ' },
  'GET /api/:cluster/topic/last-record': {
    resource: 'TOPIC_DATA',
    action: 'READ',
    check: [{ in: 'query', key: 'topics' }],
  },
  'GET /api/:cluster/topic/:topic/offsets/start': { resource: 'TOPIC_DATA', action: 'READ' },
  'GET /api/:cluster/group/topics': { resource: 'CONSUMER_GROUP', action: 'READ' },
  'GET /api/:cluster/group': { resource: 'CONSUMER_GROUP', action: 'READ' },
  'GET /api/:cluster/group/:group': { resource: 'CONSUMER_GROUP', action: 'READ' },
  'DELETE /api/:cluster/group/:group': { resource: 'CONSUMER_GROUP', action: 'DELETE' },
  'GET /api/:cluster/group/:group/members': { resource: 'CONSUMER_GROUP', action: 'READ' },
  'GET /api/:cluster/group/:group/offsets': { resource: 'CONSUMER_GROUP', action: 'READ' },
  'POST /api/:cluster/group/:group/offsets': { resource: 'CONSUMER_GROUP', action: 'UPDATE_OFFSET' },
  'GET /api/:cluster/group/:group/offsets/start': { resource: 'CONSUMER_GROUP', action: 'UPDATE_OFFSET' },
  'DELETE /api/:cluster/group/:group/topic/:topic': { resource: 'CONSUMER_GROUP', action: 'DELETE_OFFSET' },
  'GET /api/:cluster/group/:group/acls': { resource: 'CONSUMER_GROUP', action: 'READ' },
  'GET /api/:cluster/acls': { resource: 'ACL', action: 'READ' },
  'GET /api/:cluster/acls/:principal': { resource: 'ACL', action: 'READ' },
  'GET /api/:cluster/node': { resource: 'NODE', action: 'READ' },
  'GET /api/:cluster/node/partitions': { resource: 'NODE', action: 'READ' },
  'GET /api/:cluster/node/:id': { resource: 'NODE', action: 'READ' },
  'GET /api/:cluster/node/:id/configs': { resource: 'NODE', action: 'READ_CONFIG' },
  'POST /api/:cluster/node/:id/configs': { resource: 'NODE', action: 'ALTER_CONFIG' },
  'GET /api/:cluster/node/:id/logs': { resource: 'NODE', action: 'READ' },
  'GET /api/:cluster/schemas': { resource: 'SCHEMA', action: 'READ' },
  'GET /api/:cluster/schema': { resource: 'SCHEMA', action: 'READ' },
  'POST /api/:cluster/schema': { resource: 'SCHEMA', action: 'CREATE' },
  'GET /api/:cluster/schema/topic/:topic': {
    resource: 'SCHEMA',
    action: 'READ',
    check: [{ in: 'param', key: 'topic' }],
  },
  'GET /api/:cluster/schema/id/:id': { resource: 'SCHEMA', action: 'READ' },
  'GET /api/:cluster/schema/:subject': { resource: 'SCHEMA', action: 'READ' },
  'POST /api/:cluster/schema/:subject': { resource: 'SCHEMA', action: 'UPDATE' },
  'DELETE /api/:cluster/schema/:subject': { resource: 'SCHEMA', action: 'DELETE' },
  'GET /api/:cluster/schema/:subject/version': { resource: 'SCHEMA', action: 'READ' },
  'GET /api/:cluster/schema/:subject/version/:version': { resource: 'SCHEMA', action: 'READ' },
  'DELETE /api/:cluster/schema/:subject/version/:version': { resource: 'SCHEMA', action: 'DELETE_VERSION' },
  'GET /api/connects': { resource: 'CONNECTOR', action: 'READ' },
  'GET /api/:cluster/connect/:connectId': { resource: 'CONNECTOR', action: 'READ' },
  'POST /api/:cluster/connect/:connectId': {
    resource: 'CONNECTOR',
    action: 'CREATE',
    check: [{ in: 'body', key: 'name' }],
  },
  'GET /api/:cluster/connect/:connectId/plugins': { resource: 'CONNECT_CLUSTER', action: 'READ' },
  'GET /api/:cluster/connect/:connectId/plugins/:className': { resource: 'CONNECT_CLUSTER', action: 'READ' },
  'PUT /api/:cluster/connect/:connectId/plugins/:className/validate': {
    resource: 'CONNECT_CLUSTER',
    action: 'READ',
  },
  'GET /api/:cluster/connect/:connectId/:name': { resource: 'CONNECTOR', action: 'READ' },
  'DELETE /api/:cluster/connect/:connectId/:name': { resource: 'CONNECTOR', action: 'DELETE' },
  'GET /api/:cluster/connect/:connectId/:name/tasks': { resource: 'CONNECTOR', action: 'READ' },
  'GET /api/:cluster/connect/:connectId/:name/configs': { resource: 'CONNECTOR', action: 'READ' },
  'POST /api/:cluster/connect/:connectId/:name/configs': { resource: 'CONNECTOR', action: 'UPDATE' },
  'GET /api/:cluster/connect/:connectId/:name/restart': { resource: 'CONNECTOR', action: 'UPDATE_STATE' },
  'GET /api/:cluster/connect/:connectId/:name/pause': { resource: 'CONNECTOR', action: 'UPDATE_STATE' },
  'GET /api/:cluster/connect/:connectId/:name/resume': { resource: 'CONNECTOR', action: 'UPDATE_STATE' },
  'GET /api/:cluster/connect/:connectId/:name/tasks/:taskId/restart': {
    resource: 'CONNECTOR',
    action: 'UPDATE_STATE',
  },
  'GET /api/:cluster/ksqldb/:ksqlDbId/info': { resource: 'KSQLDB', action: 'READ' },
  'GET /api/:cluster/ksqldb/:ksqlDbId/streams': { resource: 'KSQLDB', action: 'READ' },
  'GET /api/:cluster/ksqldb/:ksqlDbId/tables': { resource: 'KSQLDB', action: 'READ' },
  'GET /api/:cluster/ksqldb/:ksqlDbId/queries': { resource: 'KSQLDB', action: 'READ' },
  'PUT /api/:cluster/ksqldb/:ksqlDbId/queries/pull': { resource: 'KSQLDB', action: 'EXECUTE' },
  'PUT /api/:cluster/ksqldb/:ksqlDbId/execute': { resource: 'KSQLDB', action: 'EXECUTE' },
  'GET /api/:cluster/topic/:topic/data': { resource: 'TOPIC_DATA', action: 'READ' },
  'GET /api/:cluster/topic/:topic/data/search': { resource: 'TOPIC_DATA', action: 'READ' },
  'GET /api/:cluster/tail/sse': {
    resource: 'TOPIC_DATA',
    action: 'READ',
    check: [{ in: 'query', key: 'topics' }],
  },
  'GET /api/:cluster/topic/:topic/data/download': { resource: 'TOPIC_DATA', action: 'READ' },
  'GET /api/:cluster/topic/:topic/data/record/:partition/:offset': { resource: 'TOPIC_DATA', action: 'READ' },
  'POST /api/:cluster/topic/:topic/data': { resource: 'TOPIC_DATA', action: 'CREATE' },
  'DELETE /api/:cluster/topic/:topic/data': { resource: 'TOPIC_DATA', action: 'DELETE' },
  'DELETE /api/:cluster/topic/:topic/data/empty': { resource: 'TOPIC_DATA', action: 'DELETE' },
  'POST /api/:cluster/topic/:topic/copy/:toCluster/topic/:toTopic': {
    resource: 'TOPIC_DATA',
    action: 'CREATE',
    check: [
      { in: 'param', key: 'topic' },
      { in: 'param', key: 'toTopic', clusterParam: 'toCluster' },
    ],
  },
};
