import type { Action, Resource, RoutePermission } from '@console/contract';

/**
 * One object a route names, checked by the guard before the handler runs (contract §5, check 2): a path
 * parameter, a query parameter (comma-joined or repeated: every name is checked), a top-level body
 * field, or `[].field` of each element of an array body, checked on the cluster in `clusterParam` (default `cluster`) with `resource` × `action` (default:
 * the route's own). `cluster: true` says the value names a cluster: the caller needs the route's
 * resource × action on that cluster (its cluster patterns), not on `:cluster`.
 */
export type NamedCheck = {
  in: 'param' | 'query' | 'body';
  key: string;
  clusterParam?: string;
  resource?: Resource;
  action?: Action;
  cluster?: true;
};

/**
 * `public`: anyone; `anyRole`: anyone holding at least one permission; otherwise resource × action on
 * the `:cluster`, plus the named-resource checks. `check` defaults to the path parameter that names
 * the resource (`:topic`, `:group`, `:subject`, `:connector`/`:name`, `:connectId` for
 * CONNECT_CLUSTER, `:id` for NODE; see named-checks.ts); give it for names in the query or body, or
 * `false` for routes that check the cluster only.
 *
 * `handled` accounts for every other object the request names, by `in.key` (`query.topics`,
 * `body.configs`, `param.principal`), or `answer` for what the answer lists: how the handler checks it
 * (filters a list, resolves a name then checks it...) or why it names nothing protected.
 * route-walk.test.ts refuses a route whose path parameters and name-like query or body keys are not
 * accounted for by `check`, `handled` or VALUE_PARAMS (named-checks.ts).
 */
export type RouteAccess =
  | 'public'
  | 'anyRole'
  | (RoutePermission & { check?: NamedCheck[] | false; handled?: Record<string, string> });

/** Connector routes: the worker is one configured for `:cluster`, so the cluster check covers it. */
const WORKER = { 'param.connectId': 'a Connect worker configured for :cluster; the cluster check covers it' };
/** ksqlDB routes: the server is one configured for `:cluster`; KSQLDB has no name patterns. */
const KSQLDB = { 'param.ksqlDbId': 'a ksqlDB server configured for :cluster; checked with the cluster' };
/** Connector create and update: the configs' topics and class (connect/connector-access.ts). */
const CONNECTOR_CONFIGS =
  'every topic it names checked against TOPIC_DATA READ (sinks) or CREATE (sources), its class against security.connectorClasses (connect/connector-access.ts)';
/** Connector answers with tasks: failure traces can quote records. */
const TASK_TRACES =
  "task traces only for callers with TOPIC_DATA READ on every topic the connector's config names";
/** ksqlDB statements: run as the configured server; KSQLDB has no name patterns. */
const KSQL_STATEMENTS =
  'statements run as the configured ksqlDB server; KSQLDB is checked on the cluster only';
/** Routes whose answer lists consumer groups: ids filtered by CONSUMER_GROUP READ, their topics by TOPIC READ. */
const GROUP_LIST =
  'groups filtered by CONSUMER_GROUP READ patterns; each offset, assignment and topic by TOPIC READ (visible-groups.ts)';

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
  // Checked by the handler: a logout signed with the replicas' shared JWT secret (revocation-peers.ts).
  'POST /api/sessions/revoked': 'public',
  'GET /oauth/login/:provider': 'public',
  'GET /oauth/callback/:provider': 'public',
  'GET /api/cluster': 'anyRole',
  'GET /api/audit': {
    resource: 'AUDIT',
    action: 'READ',
    check: false,
    handled: {
      'query.cluster': 'events only of clusters where the caller holds AUDIT READ (routes/audit.ts)',
      'query.user': 'a filter on the audit events, not an object the caller acts on',
      'query.object': 'a filter on the audit events, not an object the caller acts on',
      answer: 'events of clusters where the caller holds AUDIT READ, and events naming no cluster',
    },
  },
  'GET /api/topic/defaults-configs': 'anyRole',
  'GET /api/:cluster/ui-options': 'public',
  'GET /api/:cluster/capabilities': {
    resource: 'TOPIC',
    action: 'READ',
    handled: { answer: 'which Kafka APIs the cluster answers: no object of the cluster is named' },
  },
  'GET /api/:cluster/overview': {
    resource: 'TOPIC',
    action: 'READ',
    handled: {
      answer:
        'topic figures over TOPIC READ patterns; brokers and sizes only with NODE READ; groups only with CONSUMER_GROUP READ, over its patterns',
    },
  },
  'GET /api/:cluster/topic': {
    resource: 'TOPIC',
    action: 'READ',
    handled: { answer: 'topics filtered by TOPIC READ patterns' },
  },
  'GET /api/:cluster/topic/name': { resource: 'TOPIC', action: 'READ' },
  'POST /api/:cluster/topic': {
    resource: 'TOPIC',
    action: 'CREATE',
    check: [{ in: 'body', key: 'name' }],
    handled: { 'body.configs': 'topic configs: values, not names' },
  },
  'GET /api/:cluster/topic/:topic': { resource: 'TOPIC', action: 'READ' },
  'DELETE /api/:cluster/topic/:topic': { resource: 'TOPIC', action: 'DELETE' },
  'GET /api/:cluster/topic/:topic/partitions': { resource: 'TOPIC', action: 'READ' },
  'GET /api/:cluster/topic/:topic/rate': { resource: 'TOPIC', action: 'READ' },
  'POST /api/:cluster/topic/:topic/partitions': { resource: 'TOPIC', action: 'UPDATE' },
  'GET /api/:cluster/topic/:topic/configs': { resource: 'TOPIC', action: 'READ_CONFIG' },
  'POST /api/:cluster/topic/:topic/configs': {
    resource: 'TOPIC',
    action: 'ALTER_CONFIG',
    handled: { 'body.configs': 'topic configs: values, not names' },
  },
  'GET /api/:cluster/topic/:topic/logs': { resource: 'TOPIC', action: 'READ' },
  'GET /api/:cluster/topic/:topic/acls': { resource: 'TOPIC', action: 'READ' },
  'GET /api/:cluster/topic/:topic/groups': {
    resource: 'CONSUMER_GROUP',
    action: 'READ',
    check: [{ in: 'param', key: 'topic', resource: 'TOPIC', action: 'READ' }],
    handled: { answer: GROUP_LIST },
  },
  'GET /api/:cluster/topic/traffic': {
    resource: 'TOPIC',
    action: 'READ',
    check: [{ in: 'query', key: 'topics' }],
  },
  'GET /api/:cluster/topic/last-record': {
    resource: 'TOPIC_DATA',
    action: 'READ',
    check: [{ in: 'query', key: 'topics' }],
  },
  'GET /api/:cluster/topic/:topic/offsets/start': { resource: 'TOPIC_DATA', action: 'READ' },
  'GET /api/:cluster/group/topics': {
    resource: 'CONSUMER_GROUP',
    action: 'READ',
    handled: {
      'query.topics': 'names outside TOPIC READ patterns are dropped before the lookup',
      answer: GROUP_LIST,
    },
  },
  'GET /api/:cluster/group': {
    resource: 'CONSUMER_GROUP',
    action: 'READ',
    handled: { answer: GROUP_LIST },
  },
  'GET /api/:cluster/group/:group': {
    resource: 'CONSUMER_GROUP',
    action: 'READ',
    handled: { answer: GROUP_LIST },
  },
  'DELETE /api/:cluster/group/:group': { resource: 'CONSUMER_GROUP', action: 'DELETE' },
  'GET /api/:cluster/group/:group/members': {
    resource: 'CONSUMER_GROUP',
    action: 'READ',
    handled: { answer: 'assignments filtered by TOPIC READ patterns' },
  },
  'GET /api/:cluster/group/:group/offsets': {
    resource: 'CONSUMER_GROUP',
    action: 'READ',
    handled: { answer: 'offsets filtered by TOPIC READ patterns' },
  },
  'POST /api/:cluster/group/:group/offsets': {
    resource: 'CONSUMER_GROUP',
    action: 'UPDATE_OFFSET',
    check: [
      { in: 'param', key: 'group' },
      { in: 'body', key: '[].topic', resource: 'TOPIC', action: 'READ' },
    ],
  },
  'GET /api/:cluster/group/:group/offsets/start': {
    resource: 'CONSUMER_GROUP',
    action: 'UPDATE_OFFSET',
    handled: { answer: 'offsets filtered by TOPIC READ patterns' },
  },
  'DELETE /api/:cluster/group/:group/topic/:topic': {
    resource: 'CONSUMER_GROUP',
    action: 'DELETE_OFFSET',
    check: [
      { in: 'param', key: 'group' },
      { in: 'param', key: 'topic', resource: 'TOPIC', action: 'READ' },
    ],
  },
  'GET /api/:cluster/group/:group/acls': { resource: 'CONSUMER_GROUP', action: 'READ' },
  'GET /api/:cluster/group/:group/lag-history': {
    resource: 'CONSUMER_GROUP',
    action: 'READ',
    handled: { answer: 'points only on topics matching TOPIC READ patterns' },
  },
  'GET /api/:cluster/lag-alerts': {
    resource: 'CONSUMER_GROUP',
    action: 'READ',
    handled: {
      answer: 'alerts filtered by CONSUMER_GROUP READ patterns, and by TOPIC READ for those naming a topic',
    },
  },
  'GET /api/:cluster/acls': {
    resource: 'ACL',
    action: 'READ',
    handled: { answer: 'ACLs filtered by their principal against ACL READ patterns' },
  },
  'GET /api/:cluster/acls/:principal': {
    resource: 'ACL',
    action: 'READ',
    handled: {
      'param.principal': 'decoded from base64, then checked against ACL READ patterns (routes/acls.ts)',
    },
  },
  'GET /api/:cluster/reassignments': {
    resource: 'TOPIC',
    action: 'READ',
    handled: { answer: 'moves filtered by TOPIC READ patterns; broker throttles name no topic' },
  },
  'POST /api/:cluster/reassignments': {
    resource: 'TOPIC',
    action: 'REASSIGN',
    handled: { 'body.partitions': 'each topic checked against TOPIC REASSIGN (routes/reassignments.ts)' },
  },
  'DELETE /api/:cluster/reassignments': {
    resource: 'TOPIC',
    action: 'REASSIGN',
    handled: { 'body.partitions': 'each topic checked against TOPIC REASSIGN (routes/reassignments.ts)' },
  },
  'DELETE /api/:cluster/reassignments/throttle': {
    resource: 'TOPIC',
    action: 'REASSIGN',
    check: [{ in: 'query', key: 'topics' }],
  },
  'POST /api/:cluster/topic/:topic/replication': { resource: 'TOPIC', action: 'REASSIGN' },
  'GET /api/:cluster/share-groups': {
    resource: 'SHARE_GROUP',
    action: 'READ',
    handled: { answer: 'share groups filtered by SHARE_GROUP READ patterns' },
  },
  'GET /api/:cluster/share-groups/:group': {
    resource: 'SHARE_GROUP',
    action: 'READ',
    handled: { answer: 'subscriptions, assignments and offsets filtered by TOPIC READ patterns' },
  },
  'POST /api/:cluster/share-groups/:group/offsets': {
    resource: 'SHARE_GROUP',
    action: 'UPDATE_OFFSET',
    check: [
      { in: 'param', key: 'group' },
      { in: 'body', key: '[].topic', resource: 'TOPIC', action: 'READ' },
    ],
  },
  'DELETE /api/:cluster/share-groups/:group': { resource: 'SHARE_GROUP', action: 'DELETE' },
  'POST /api/:cluster/acls': {
    resource: 'ACL',
    action: 'CREATE',
    check: [{ in: 'body', key: 'principal' }],
    handled: { 'body.resourceName': 'the resource the binding is about; ACL patterns name principals' },
  },
  'DELETE /api/:cluster/acls': {
    resource: 'ACL',
    action: 'DELETE',
    check: [{ in: 'query', key: 'principal' }],
    handled: { 'query.resourceName': 'narrows the filter; ACL patterns name principals' },
  },
  'GET /api/:cluster/quotas': {
    resource: 'QUOTA',
    action: 'READ',
    handled: { answer: 'entities filtered by QUOTA READ patterns (default entities as <default>)' },
  },
  'POST /api/:cluster/quotas': {
    resource: 'QUOTA',
    action: 'UPDATE',
    check: false,
    handled: { 'body.entity': 'each entity name checked against QUOTA UPDATE patterns (routes/quotas.ts)' },
  },
  'GET /api/:cluster/transactions': {
    resource: 'TRANSACTION',
    action: 'READ',
    handled: { answer: 'transactional ids filtered by TRANSACTION READ patterns' },
  },
  'GET /api/:cluster/transactions/open': {
    resource: 'TRANSACTION',
    action: 'READ',
    check: [{ in: 'query', key: 'topic', resource: 'TOPIC', action: 'READ' }],
    handled: { answer: 'transactional ids outside TRANSACTION READ patterns are blanked' },
  },
  // The marker is written into the topic: the caller must be allowed to write records there.
  'POST /api/:cluster/transactions/abort': {
    resource: 'TRANSACTION',
    action: 'ABORT',
    check: [{ in: 'body', key: 'topic', resource: 'TOPIC_DATA', action: 'CREATE' }],
  },
  'GET /api/:cluster/node': { resource: 'NODE', action: 'READ' },
  'GET /api/:cluster/node/partitions': { resource: 'NODE', action: 'READ' },
  'GET /api/:cluster/node/:id': { resource: 'NODE', action: 'READ' },
  'GET /api/:cluster/node/:id/configs': { resource: 'NODE', action: 'READ_CONFIG' },
  'GET /api/:cluster/quorum': { resource: 'NODE', action: 'READ' },
  'GET /api/:cluster/features': { resource: 'NODE', action: 'READ' },
  'POST /api/:cluster/features': {
    resource: 'NODE',
    action: 'UPDATE',
    handled: { 'body.feature': 'a cluster-wide feature name, not an object with patterns' },
  },
  'POST /api/:cluster/node/:id/configs': {
    resource: 'NODE',
    action: 'ALTER_CONFIG',
    handled: { 'body.configs': 'broker configs: values, not names' },
  },
  'GET /api/:cluster/node/:id/logs': { resource: 'NODE', action: 'READ' },
  'GET /api/:cluster/schemas': {
    resource: 'SCHEMA',
    action: 'READ',
    handled: { answer: 'subjects filtered by SCHEMA READ patterns' },
  },
  'GET /api/:cluster/schema': {
    resource: 'SCHEMA',
    action: 'READ',
    handled: { answer: 'subjects filtered by SCHEMA READ patterns' },
  },
  'POST /api/:cluster/schema': {
    resource: 'SCHEMA',
    action: 'CREATE',
    check: [{ in: 'body', key: 'subject' }],
    handled: { 'body.references': 'each referenced subject checked against SCHEMA READ (routes/schemas.ts)' },
  },
  'GET /api/:cluster/schema/topic/:topic': {
    resource: 'SCHEMA',
    action: 'READ',
    check: [{ in: 'param', key: 'topic', resource: 'TOPIC', action: 'READ' }],
    handled: { answer: 'subjects filtered by SCHEMA READ patterns' },
  },
  'GET /api/:cluster/schema/id/:id': {
    resource: 'SCHEMA',
    action: 'READ',
    handled: {
      'param.id': 'resolved to the subjects using it; only those SCHEMA READ patterns match count, else 404',
      'query.topic': 'only ranks the subjects of the id; names nothing answered',
    },
  },
  'GET /api/:cluster/schema/:subject': { resource: 'SCHEMA', action: 'READ' },
  'POST /api/:cluster/schema/:subject': {
    resource: 'SCHEMA',
    action: 'UPDATE',
    handled: {
      'body.subject': 'must equal :subject (409 otherwise, as AKHQ answers)',
      'body.references': 'each referenced subject checked against SCHEMA READ (routes/schemas.ts)',
    },
  },
  'POST /api/:cluster/schema/:subject/compatibility': {
    resource: 'SCHEMA',
    action: 'UPDATE',
    handled: {
      'body.subject': 'must equal :subject when given (the check is of :subject)',
      'body.references': 'each referenced subject checked against SCHEMA READ (routes/schemas.ts)',
    },
  },
  'DELETE /api/:cluster/schema/:subject': { resource: 'SCHEMA', action: 'DELETE' },
  'GET /api/:cluster/schema/:subject/version': { resource: 'SCHEMA', action: 'READ' },
  'GET /api/:cluster/schema/:subject/version/:version': { resource: 'SCHEMA', action: 'READ' },
  'DELETE /api/:cluster/schema/:subject/version/:version': { resource: 'SCHEMA', action: 'DELETE_VERSION' },
  'GET /api/connects': {
    resource: 'CONNECTOR',
    action: 'READ',
    check: [{ in: 'query', key: 'clusterId', cluster: true }],
    handled: { answer: 'without clusterId: the workers of clusters where the caller has CONNECTOR READ' },
  },
  'GET /api/:cluster/connect/:connectId': {
    resource: 'CONNECTOR',
    action: 'READ',
    handled: { ...WORKER, answer: 'connectors filtered by CONNECTOR READ patterns' },
  },
  'POST /api/:cluster/connect/:connectId': {
    resource: 'CONNECTOR',
    action: 'CREATE',
    check: [{ in: 'body', key: 'name' }],
    handled: { ...WORKER, 'body.configs': CONNECTOR_CONFIGS },
  },
  'GET /api/:cluster/connect/:connectId/plugins': { resource: 'CONNECT_CLUSTER', action: 'READ' },
  'GET /api/:cluster/connect/:connectId/plugins/:className': {
    resource: 'CONNECT_CLUSTER',
    action: 'READ',
    handled: { 'param.className': 'a connector class: its form, no data' },
  },
  'PUT /api/:cluster/connect/:connectId/plugins/:className/validate': {
    resource: 'CONNECT_CLUSTER',
    action: 'READ',
    handled: {
      'param.className': 'a connector class: its form, no data',
      'body.configs': 'only validated by the worker: nothing is created, no record read',
    },
  },
  'GET /api/:cluster/connect/:connectId/:name': {
    resource: 'CONNECTOR',
    action: 'READ',
    handled: { ...WORKER, answer: TASK_TRACES },
  },
  'DELETE /api/:cluster/connect/:connectId/:name': {
    resource: 'CONNECTOR',
    action: 'DELETE',
    handled: WORKER,
  },
  'GET /api/:cluster/connect/:connectId/:name/tasks': {
    resource: 'CONNECTOR',
    action: 'READ',
    handled: { ...WORKER, answer: TASK_TRACES },
  },
  'GET /api/:cluster/connect/:connectId/:name/configs': {
    resource: 'CONNECTOR',
    action: 'READ',
    handled: { ...WORKER, answer: 'secrets masked (connect/secrets.ts)' },
  },
  'POST /api/:cluster/connect/:connectId/:name/configs': {
    resource: 'CONNECTOR',
    action: 'UPDATE',
    handled: { ...WORKER, 'body.configs': CONNECTOR_CONFIGS },
  },
  'GET /api/:cluster/connect/:connectId/:name/restart': {
    resource: 'CONNECTOR',
    action: 'UPDATE_STATE',
    handled: WORKER,
  },
  'GET /api/:cluster/connect/:connectId/:name/pause': {
    resource: 'CONNECTOR',
    action: 'UPDATE_STATE',
    handled: WORKER,
  },
  'GET /api/:cluster/connect/:connectId/:name/resume': {
    resource: 'CONNECTOR',
    action: 'UPDATE_STATE',
    handled: WORKER,
  },
  'GET /api/:cluster/connect/:connectId/:name/tasks/:taskId/restart': {
    resource: 'CONNECTOR',
    action: 'UPDATE_STATE',
    handled: WORKER,
  },
  'GET /api/:cluster/ksqldb/:ksqlDbId/info': { resource: 'KSQLDB', action: 'READ', handled: KSQLDB },
  'GET /api/:cluster/ksqldb/:ksqlDbId/streams': { resource: 'KSQLDB', action: 'READ', handled: KSQLDB },
  'GET /api/:cluster/ksqldb/:ksqlDbId/tables': { resource: 'KSQLDB', action: 'READ', handled: KSQLDB },
  'GET /api/:cluster/ksqldb/:ksqlDbId/queries': { resource: 'KSQLDB', action: 'READ', handled: KSQLDB },
  'PUT /api/:cluster/ksqldb/:ksqlDbId/queries/pull': {
    resource: 'KSQLDB',
    action: 'EXECUTE',
    handled: { ...KSQLDB, 'body.sql': KSQL_STATEMENTS },
  },
  'PUT /api/:cluster/ksqldb/:ksqlDbId/execute': {
    resource: 'KSQLDB',
    action: 'EXECUTE',
    handled: { ...KSQLDB, 'body.sql': KSQL_STATEMENTS },
  },
  'POST /api/:cluster/connect/:connectId/:name/restart': {
    resource: 'CONNECTOR',
    action: 'UPDATE_STATE',
    handled: WORKER,
  },
  'POST /api/:cluster/connect/:connectId/:name/pause': {
    resource: 'CONNECTOR',
    action: 'UPDATE_STATE',
    handled: WORKER,
  },
  'POST /api/:cluster/connect/:connectId/:name/resume': {
    resource: 'CONNECTOR',
    action: 'UPDATE_STATE',
    handled: WORKER,
  },
  'POST /api/:cluster/connect/:connectId/:name/tasks/:taskId/restart': {
    resource: 'CONNECTOR',
    action: 'UPDATE_STATE',
    handled: WORKER,
  },
  'GET /api/:cluster/topic/:topic/data': { resource: 'TOPIC_DATA', action: 'READ' },
  'GET /api/:cluster/topic/:topic/data/search': { resource: 'TOPIC_DATA', action: 'READ' },
  'GET /api/:cluster/tail/sse': {
    resource: 'TOPIC_DATA',
    action: 'READ',
    check: [{ in: 'query', key: 'topics' }],
    handled: { 'query.after': 'resume positions: only those of the checked topics are used' },
  },
  'GET /api/:cluster/topic/:topic/data/download': { resource: 'TOPIC_DATA', action: 'READ' },
  'GET /api/:cluster/topic/:topic/data/record/:partition/:offset': { resource: 'TOPIC_DATA', action: 'READ' },
  'POST /api/:cluster/topic/:topic/data': {
    resource: 'TOPIC_DATA',
    action: 'CREATE',
    check: [
      { in: 'param', key: 'topic' },
      { in: 'body', key: 'keySchema', resource: 'SCHEMA', action: 'READ' },
      { in: 'body', key: 'valueSchema', resource: 'SCHEMA', action: 'READ' },
    ],
  },
  'DELETE /api/:cluster/topic/:topic/data': { resource: 'TOPIC_DATA', action: 'DELETE' },
  'DELETE /api/:cluster/topic/:topic/data/empty': { resource: 'TOPIC_DATA', action: 'DELETE' },
  // Copy reads the source (READ on :cluster and :topic) and writes the target (CREATE on both).
  'POST /api/:cluster/topic/:topic/copy/:toCluster/topic/:toTopic': {
    resource: 'TOPIC_DATA',
    action: 'READ',
    check: [
      { in: 'param', key: 'topic' },
      { in: 'param', key: 'toTopic', clusterParam: 'toCluster', action: 'CREATE' },
    ],
    handled: { 'param.toCluster': 'the cluster of toTopic: checked with it' },
  },
};
