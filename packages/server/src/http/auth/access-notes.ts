/** What the `handled` entries of several routes' access rules say alike (see RouteAccess). */

/** Connector routes: the worker is one configured for `:cluster`, so the cluster check covers it. */
export const WORKER = {
  'param.connectId': 'a Connect worker configured for :cluster; the cluster check covers it',
};
/** ksqlDB routes: the server is one configured for `:cluster`; KSQLDB has no name patterns. */
export const KSQLDB = {
  'param.ksqlDbId': 'a ksqlDB server configured for :cluster; checked with the cluster',
};
/** Connector create and update: the configs' topics and class (connect/connector-access.ts). */
export const CONNECTOR_CONFIGS =
  'every topic it names checked against TOPIC_DATA READ (sinks) or CREATE (sources), its class against security.connectorClasses (connect/connector-access.ts)';
/** Connector answers with tasks: failure traces can quote records. */
export const TASK_TRACES =
  "task traces only for callers with TOPIC_DATA READ on every topic the connector's config names";
/** ksqlDB statements: run as the configured server; KSQLDB has no name patterns. */
export const KSQL_STATEMENTS =
  'statements run as the configured ksqlDB server; KSQLDB is checked on the cluster only';
/** Routes whose answer lists consumer groups: ids filtered by CONSUMER_GROUP READ, their topics by TOPIC READ. */
export const GROUP_LIST =
  'groups filtered by CONSUMER_GROUP READ patterns; each offset, assignment and topic by TOPIC READ (visible-groups.ts)';
