/**
 * What the OpenAPI document says of each operation that the route's own schema cannot: a stable
 * `operationId` (generated clients name their methods after it), a one-line summary, error statuses
 * beyond those derived from the route (see error-answers.ts), and answers that are not JSON.
 * Keys are `METHOD /path` as registered, without the deployment prefix, as in ROUTE_ACCESS.
 * Every documented route must have an entry (operations.test.ts says which line to add).
 */
export type OperationDoc = {
  operationId: string;
  summary: string;
  /** Statuses this route answers beyond the derived ones, e.g. 429 for login attempts. */
  errors?: number[];
  /** Answers that carry no JSON body (redirects), by status, with what they mean. */
  answers?: Record<number, string>;
  /** Media types of the 200 answer when it is a stream, not one JSON value (`text/event-stream`). */
  media?: string[];
};

/** Routes deliberately left out of the document: the console's pages, not API. */
export const UNDOCUMENTED = new Set(['GET /', 'GET /ui', 'GET /ui/*']);

export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /health': { operationId: 'getHealth', summary: 'Liveness: the process answers' },
  'GET /ready': { operationId: 'getReadiness', summary: 'Readiness: every configured cluster answers' },
  'GET /api/auths': { operationId: 'listAuths', summary: 'Login methods this server offers' },
  'GET /api/me': { operationId: 'getMe', summary: 'The caller: who is logged in and what they may do' },
  'POST /login': {
    operationId: 'login',
    summary: 'Log in with a username and password; sets the session cookie',
    errors: [401, 404, 429],
    answers: { 303: 'Form login: on to the console, the session cookie set' },
  },
  'GET /logout': {
    operationId: 'logoutAndRedirect',
    summary: 'Log out and go back to the console',
    answers: { 303: 'The session cookie cleared; on to the console' },
  },
  'POST /logout': { operationId: 'logout', summary: 'Log out: clears the session cookie' },
  'GET /oauth/login/:provider': {
    operationId: 'startOauthLogin',
    summary: "Start a sign-in with an OIDC or OAuth2 provider (redirects to the provider's page)",
    answers: { 302: "To the provider's sign-in page" },
  },
  'GET /oauth/callback/:provider': {
    operationId: 'finishOauthLogin',
    summary: 'Where the provider sends the browser back; sets the session cookie',
    answers: { 303: 'On to the console, signed in, or back to the login page with the reason' },
  },
  'GET /api/cluster': { operationId: 'listClusters', summary: 'Configured clusters and what each offers' },
  'GET /api/audit': { operationId: 'listAuditEvents', summary: 'Audit events, newest first, filtered' },
  'GET /api/:cluster/ui-options': { operationId: 'getUiOptions', summary: "A cluster's UI options" },
  'GET /api/topic/defaults-configs': {
    operationId: 'getTopicDefaults',
    summary: 'Defaults the create-topic form starts with',
  },
  'GET /api/:cluster/capabilities': {
    operationId: 'getClusterCapabilities',
    summary: "What the cluster's Kafka release can do, from its ApiVersions answer",
  },
  'GET /api/:cluster/overview': {
    operationId: 'getClusterOverview',
    summary: 'Brokers (with their Kafka release), topic, partition, size and group figures of the cluster',
  },
  'GET /api/:cluster/topic': { operationId: 'listTopics', summary: 'Topics, one page, filtered by name' },
  'GET /api/:cluster/topic/name': { operationId: 'listTopicNames', summary: 'Every topic name' },
  'GET /api/:cluster/topic/traffic': {
    operationId: 'getTopicsTraffic',
    summary: 'Records written to each named topic in each of the last 24 hours',
  },
  'GET /api/:cluster/topic/last-record': {
    operationId: 'getLastRecords',
    summary: 'The last record of each named topic',
  },
  'POST /api/:cluster/topic': { operationId: 'createTopic', summary: 'Create a topic' },
  'GET /api/:cluster/topic/:topic': { operationId: 'getTopic', summary: 'One topic' },
  'DELETE /api/:cluster/topic/:topic': { operationId: 'deleteTopic', summary: 'Delete a topic' },
  'GET /api/:cluster/topic/:topic/rate': {
    operationId: 'getTopicRate',
    summary: "Records written per time bucket, counted from the topic's time index",
  },
  'GET /api/:cluster/topic/:topic/partitions': {
    operationId: 'listTopicPartitions',
    summary: "A topic's partitions: leaders, replicas, offsets",
  },
  'POST /api/:cluster/topic/:topic/partitions': {
    operationId: 'increaseTopicPartitions',
    summary: "Raise a topic's partition count",
  },
  'GET /api/:cluster/topic/:topic/configs': { operationId: 'getTopicConfigs', summary: "A topic's configs" },
  'POST /api/:cluster/topic/:topic/configs': {
    operationId: 'updateTopicConfigs',
    summary: 'Change the listed configs of a topic',
  },
  'GET /api/:cluster/topic/:topic/groups': {
    operationId: 'listTopicGroups',
    summary: 'Consumer groups with offsets on a topic',
  },
  'GET /api/:cluster/topic/:topic/logs': {
    operationId: 'listTopicLogDirs',
    summary: "Log directories holding a topic's partitions",
  },
  'GET /api/:cluster/topic/:topic/acls': { operationId: 'listTopicAcls', summary: 'ACLs that name a topic' },
  'GET /api/:cluster/topic/:topic/offsets/start': {
    operationId: 'getTopicOffsetsAt',
    summary: "Each partition's first offset at or after a time",
  },
  'GET /api/:cluster/group': { operationId: 'listGroups', summary: 'Consumer groups, one page' },
  'GET /api/:cluster/group/topics': {
    operationId: 'listGroupsTopics',
    summary: 'The topics each named consumer group consumes',
  },
  'GET /api/:cluster/group/:group': { operationId: 'getGroup', summary: 'One consumer group' },
  'DELETE /api/:cluster/group/:group': { operationId: 'deleteGroup', summary: 'Delete a consumer group' },
  'GET /api/:cluster/group/:group/members': {
    operationId: 'listGroupMembers',
    summary: "A consumer group's members",
  },
  'GET /api/:cluster/group/:group/offsets': {
    operationId: 'listGroupOffsets',
    summary: "A consumer group's committed offsets and lag",
  },
  'POST /api/:cluster/group/:group/offsets': {
    operationId: 'updateGroupOffsets',
    summary: "Preview or commit a consumer group's offsets",
  },
  'GET /api/:cluster/group/:group/lag-history': {
    operationId: 'getGroupLagHistory',
    summary: "A consumer group's lag over time, per topic or partition",
  },
  'GET /api/:cluster/lag-alerts': { operationId: 'listLagAlerts', summary: 'The lag alerts firing now' },
  'GET /api/:cluster/group/:group/offsets/start': {
    operationId: 'getGroupOffsetsAt',
    summary: 'Offsets at a time for each partition a group consumes',
  },
  'DELETE /api/:cluster/group/:group/topic/:topic': {
    operationId: 'deleteGroupTopicOffsets',
    summary: "Delete a consumer group's offsets on one topic",
  },
  'GET /api/:cluster/group/:group/acls': {
    operationId: 'listGroupAcls',
    summary: 'ACLs that name a consumer group',
  },
  'GET /api/:cluster/reassignments': {
    operationId: 'listReassignments',
    summary: "Ongoing partition reassignments with their progress, and the brokers' replication throttles",
  },
  'POST /api/:cluster/reassignments': {
    operationId: 'startReassignment',
    summary: 'Move partitions to new replica lists, optionally throttled',
  },
  'DELETE /api/:cluster/reassignments': {
    operationId: 'cancelReassignment',
    summary: 'Cancel ongoing partition moves',
  },
  'DELETE /api/:cluster/reassignments/throttle': {
    operationId: 'removeReplicationThrottle',
    summary: 'Remove the replication throttle from the brokers and the named topics',
  },
  'POST /api/:cluster/topic/:topic/replication': {
    operationId: 'changeReplicationFactor',
    summary: "Change a topic's replication factor (a reassignment of every partition)",
  },
  'GET /api/:cluster/share-groups': {
    operationId: 'listShareGroups',
    summary: 'Share groups (KIP-932), a page at a time',
  },
  'GET /api/:cluster/share-groups/:group': {
    operationId: 'getShareGroup',
    summary: 'A share group: members, assigned partitions, start offsets and lag',
  },
  'POST /api/:cluster/share-groups/:group/offsets': {
    operationId: 'resetShareGroupOffsets',
    summary: "Set a share group's start offsets (the group must have no members)",
  },
  'DELETE /api/:cluster/share-groups/:group': {
    operationId: 'deleteShareGroup',
    summary: 'Delete a share group',
  },
  'GET /api/:cluster/acls': { operationId: 'listAcls', summary: 'ACLs, grouped by principal' },
  'GET /api/:cluster/acls/:principal': {
    operationId: 'getPrincipalAcls',
    summary: "One principal's ACLs",
  },
  'POST /api/:cluster/acls': { operationId: 'createAcl', summary: 'Create one ACL binding' },
  'DELETE /api/:cluster/acls': {
    operationId: 'deleteAcls',
    summary: 'Delete the ACL bindings a filter matches',
  },
  'GET /api/:cluster/quotas': {
    operationId: 'listQuotas',
    summary: 'Client quotas, default entities included',
  },
  'POST /api/:cluster/quotas': {
    operationId: 'alterQuota',
    summary: "Set or remove an entity's client quotas",
  },
  'GET /api/:cluster/transactions': {
    operationId: 'listTransactions',
    summary: 'Transactional ids and their state, a page at a time',
  },
  'GET /api/:cluster/transactions/open': {
    operationId: 'listOpenTransactions',
    summary: "Transactions open on a topic's partitions, hanging ones marked",
  },
  'POST /api/:cluster/transactions/abort': {
    operationId: 'abortTransaction',
    summary: "Abort a producer's open transaction on one partition",
  },
  'GET /api/:cluster/quorum': {
    operationId: 'getQuorum',
    summary: "The KRaft quorum: leader, epoch, high watermark, voters' and observers' lag",
  },
  'GET /api/:cluster/features': {
    operationId: 'getFeatureLevels',
    summary: "Each feature's finalized level and the levels the brokers support",
  },
  'POST /api/:cluster/features': {
    operationId: 'upgradeFeature',
    summary: "Raise a feature's level, or only validate it (dryRun, the default)",
  },
  'GET /api/:cluster/node': { operationId: 'listNodes', summary: 'Brokers and the controller' },
  'GET /api/:cluster/node/partitions': {
    operationId: 'listNodePartitions',
    summary: 'Partition and leader counts per broker',
  },
  'GET /api/:cluster/node/:id': { operationId: 'getNode', summary: 'One broker' },
  'GET /api/:cluster/node/:id/configs': { operationId: 'getNodeConfigs', summary: "A broker's configs" },
  'POST /api/:cluster/node/:id/configs': {
    operationId: 'updateNodeConfigs',
    summary: 'Change the listed configs of a broker',
  },
  'GET /api/:cluster/node/:id/logs': {
    operationId: 'listNodeLogDirs',
    summary: "A broker's log directories",
  },
  'GET /api/:cluster/schemas': {
    operationId: 'listAllSchemas',
    summary: 'Every subject with its latest schema',
  },
  'GET /api/:cluster/schema': { operationId: 'listSchemas', summary: 'Subjects, one page' },
  'POST /api/:cluster/schema': { operationId: 'createSchema', summary: 'Register a new subject' },
  'GET /api/:cluster/schema/topic/:topic': {
    operationId: 'getTopicSchemas',
    summary: 'The key and value subjects of a topic',
  },
  'GET /api/:cluster/schema/id/:id': { operationId: 'getSchemaById', summary: 'A schema by its registry id' },
  'GET /api/:cluster/schema/:subject': { operationId: 'getSchema', summary: "A subject's latest schema" },
  'POST /api/:cluster/schema/:subject': {
    operationId: 'updateSchema',
    summary: 'Register a new version of a subject or change its compatibility',
  },
  'POST /api/:cluster/schema/:subject/compatibility': {
    operationId: 'testSchemaCompatibility',
    summary: "Check a schema against the subject's latest version, registering nothing",
  },
  'DELETE /api/:cluster/schema/:subject': { operationId: 'deleteSchema', summary: 'Delete a subject' },
  'GET /api/:cluster/schema/:subject/version': {
    operationId: 'listSchemaVersions',
    summary: 'Every version of a subject',
  },
  'GET /api/:cluster/schema/:subject/version/:version': {
    operationId: 'getSchemaVersion',
    summary: 'One version of a subject',
  },
  'DELETE /api/:cluster/schema/:subject/version/:version': {
    operationId: 'deleteSchemaVersion',
    summary: 'Delete one version of a subject',
  },
  'GET /api/connects': { operationId: 'listConnectClusters', summary: 'The Connect clusters of a cluster' },
  'GET /api/:cluster/connect/:connectId': {
    operationId: 'listConnectors',
    summary: 'Connectors of a Connect cluster, one page',
  },
  'POST /api/:cluster/connect/:connectId': { operationId: 'createConnector', summary: 'Create a connector' },
  'GET /api/:cluster/connect/:connectId/plugins': {
    operationId: 'listConnectPlugins',
    summary: 'Connector plugins installed on a Connect cluster',
  },
  'GET /api/:cluster/connect/:connectId/plugins/:className': {
    operationId: 'getConnectPlugin',
    summary: 'A connector plugin and its config definitions',
  },
  'PUT /api/:cluster/connect/:connectId/plugins/:className/validate': {
    operationId: 'validateConnectorConfigs',
    summary: 'Validate connector configs against a plugin',
  },
  'GET /api/:cluster/connect/:connectId/:name': { operationId: 'getConnector', summary: 'One connector' },
  'DELETE /api/:cluster/connect/:connectId/:name': {
    operationId: 'deleteConnector',
    summary: 'Delete a connector',
  },
  'GET /api/:cluster/connect/:connectId/:name/tasks': {
    operationId: 'listConnectorTasks',
    summary: "A connector's tasks",
  },
  'GET /api/:cluster/connect/:connectId/:name/configs': {
    operationId: 'getConnectorConfigs',
    summary: "A connector's configs, secrets masked",
  },
  'POST /api/:cluster/connect/:connectId/:name/configs': {
    operationId: 'updateConnectorConfigs',
    summary: "Replace a connector's configs",
  },
  'GET /api/:cluster/connect/:connectId/:name/restart': {
    operationId: 'restartConnectorByGet',
    summary: "Restart a connector (AKHQ's GET: Basic or bearer callers only)",
  },
  'POST /api/:cluster/connect/:connectId/:name/restart': {
    operationId: 'restartConnector',
    summary: 'Restart a connector',
  },
  'GET /api/:cluster/connect/:connectId/:name/pause': {
    operationId: 'pauseConnectorByGet',
    summary: "Pause a connector (AKHQ's GET: Basic or bearer callers only)",
  },
  'POST /api/:cluster/connect/:connectId/:name/pause': {
    operationId: 'pauseConnector',
    summary: 'Pause a connector',
  },
  'GET /api/:cluster/connect/:connectId/:name/resume': {
    operationId: 'resumeConnectorByGet',
    summary: "Resume a connector (AKHQ's GET: Basic or bearer callers only)",
  },
  'POST /api/:cluster/connect/:connectId/:name/resume': {
    operationId: 'resumeConnector',
    summary: 'Resume a connector',
  },
  'GET /api/:cluster/connect/:connectId/:name/tasks/:taskId/restart': {
    operationId: 'restartConnectorTaskByGet',
    summary: "Restart one of a connector's tasks (AKHQ's GET: Basic or bearer callers only)",
  },
  'POST /api/:cluster/connect/:connectId/:name/tasks/:taskId/restart': {
    operationId: 'restartConnectorTask',
    summary: "Restart one of a connector's tasks",
  },
  'GET /api/:cluster/ksqldb/:ksqlDbId/info': { operationId: 'getKsqlDbInfo', summary: 'A ksqlDB server' },
  'GET /api/:cluster/ksqldb/:ksqlDbId/streams': {
    operationId: 'listKsqlDbStreams',
    summary: 'ksqlDB streams',
  },
  'GET /api/:cluster/ksqldb/:ksqlDbId/tables': { operationId: 'listKsqlDbTables', summary: 'ksqlDB tables' },
  'GET /api/:cluster/ksqldb/:ksqlDbId/queries': {
    operationId: 'listKsqlDbQueries',
    summary: 'Running ksqlDB queries',
  },
  'PUT /api/:cluster/ksqldb/:ksqlDbId/queries/pull': {
    operationId: 'runKsqlDbPullQuery',
    summary: 'Run a ksqlDB pull query',
  },
  'PUT /api/:cluster/ksqldb/:ksqlDbId/execute': {
    operationId: 'executeKsqlDbStatement',
    summary: 'Execute a ksqlDB statement',
  },
  'GET /api/:cluster/topic/:topic/data': {
    operationId: 'browseTopicData',
    summary: "One page of a topic's records",
  },
  'GET /api/:cluster/topic/:topic/data/search': {
    operationId: 'searchTopicData',
    summary: "Search a topic's records (server-sent events)",
    media: ['text/event-stream'],
  },
  'GET /api/:cluster/tail/sse': {
    operationId: 'tailTopics',
    summary: 'Follow new records on topics (server-sent events)',
    media: ['text/event-stream'],
  },
  'GET /api/:cluster/topic/:topic/data/download': {
    operationId: 'downloadTopicData',
    summary: "Download a topic's matching records as JSON or CSV",
    media: ['application/json', 'text/csv'],
  },
  'GET /api/:cluster/topic/:topic/data/record/:partition/:offset': {
    operationId: 'getRecord',
    summary: 'One record, untruncated',
  },
  'POST /api/:cluster/topic/:topic/data': {
    operationId: 'produceRecords',
    summary: 'Produce records to a topic',
  },
  'DELETE /api/:cluster/topic/:topic/data': {
    operationId: 'deleteRecord',
    summary: 'Write a tombstone for one key of a compacted topic',
  },
  'DELETE /api/:cluster/topic/:topic/data/empty': {
    operationId: 'emptyTopic',
    summary: 'Delete every record of a topic',
  },
  'POST /api/:cluster/topic/:topic/copy/:toCluster/topic/:toTopic': {
    operationId: 'copyTopicData',
    summary: "Copy a topic's records to another topic",
  },
};
