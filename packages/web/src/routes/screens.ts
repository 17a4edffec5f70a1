import { type ComponentType, lazy } from 'react';

/**
 * Every screen loads on first visit, so the first page load carries only the shell (tests/bench/web-bundle
 * measures it); the Suspense boundaries are in AppLayout and AppRoutes.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const preload = () => load().then((module) => ({ default: module[name] }));
  return Object.assign(lazy(preload), { preload });
}

export type Screen = ReturnType<typeof screen>;

export const AclCreatePage = screen(() => import('../features/acls/acl-create-page'), 'AclCreatePage');
export const AclListPage = screen(() => import('../features/acls/acl-list-page'), 'AclListPage');
export const PrincipalPage = screen(() => import('../features/acls/principal-page'), 'PrincipalPage');
export const AuditPage = screen(() => import('../features/audit/audit-page'), 'AuditPage');
export const ConnectCreatePage = screen(
  () => import('../features/connect/connect-create-page'),
  'ConnectCreatePage',
);
export const ConnectListPage = screen(
  () => import('../features/connect/connect-list-page'),
  'ConnectListPage',
);
export const ConnectorPage = screen(() => import('../features/connect/connector-page'), 'ConnectorPage');
export const ConnectLoggersPage = screen(
  () => import('../features/connect/operations/connect-loggers-page'),
  'ConnectLoggersPage',
);
export const DeleteOffsetsPage = screen(
  () => import('../features/groups/offsets/delete-offsets-page'),
  'DeleteOffsetsPage',
);
export const GroupListPage = screen(() => import('../features/groups/group-list-page'), 'GroupListPage');
export const GroupPage = screen(() => import('../features/groups/page/group-page'), 'GroupPage');
export const UpdateOffsetsPage = screen(
  () => import('../features/groups/offsets/update-offsets-page'),
  'UpdateOffsetsPage',
);
export const InsightsPage = screen(() => import('../features/insights/insights-page'), 'InsightsPage');
export const KsqlDbQueryPage = screen(
  () => import('../features/ksqldb/ksqldb-execute-pages'),
  'KsqlDbQueryPage',
);
export const KsqlDbStatementPage = screen(
  () => import('../features/ksqldb/ksqldb-execute-pages'),
  'KsqlDbStatementPage',
);
export const KsqlDbPage = screen(() => import('../features/ksqldb/ksqldb-page'), 'KsqlDbPage');
export const LoginPage = screen(() => import('../features/login/login-page'), 'LoginPage');
export const NodeListPage = screen(() => import('../features/nodes/node-list-page'), 'NodeListPage');
export const NodePage = screen(() => import('../features/nodes/node-page'), 'NodePage');
export const NotFoundPage = screen(() => import('../features/not-found/not-found-page'), 'NotFoundPage');
export const OverviewPage = screen(() => import('../features/overview/overview-page'), 'OverviewPage');
export const QuotaListPage = screen(() => import('../features/quotas/quota-list-page'), 'QuotaListPage');
export const ScramUserListPage = screen(
  () => import('../features/scram-users/scram-user-list-page'),
  'ScramUserListPage',
);
export const ReassignmentsPage = screen(
  () => import('../features/reassignments/reassignments-page'),
  'ReassignmentsPage',
);
export const CopyPage = screen(() => import('../features/records/copy/copy-page'), 'CopyPage');
export const GeneratePage = screen(
  () => import('../features/records/generate/generate-page'),
  'GeneratePage',
);
export const ImportPage = screen(() => import('../features/records/import/import-page'), 'ImportPage');
export const RedrivePage = screen(() => import('../features/records/move/redrive-page'), 'RedrivePage');
export const ReplayPage = screen(() => import('../features/records/move/replay-page'), 'ReplayPage');
export const ProducePage = screen(() => import('../features/records/produce/produce-page'), 'ProducePage');
export const SchemaCreatePage = screen(
  () => import('../features/schemas/schema-create-page'),
  'SchemaCreatePage',
);
export const SchemaListPage = screen(() => import('../features/schemas/schema-list-page'), 'SchemaListPage');
export const SchemaPage = screen(() => import('../features/schemas/schema-page'), 'SchemaPage');
export const SettingsPage = screen(() => import('../features/settings/settings-page'), 'SettingsPage');
export const ShareGroupListPage = screen(
  () => import('../features/share-groups/share-group-list-page'),
  'ShareGroupListPage',
);
export const ShareGroupPage = screen(
  () => import('../features/share-groups/share-group-page'),
  'ShareGroupPage',
);
export const StreamsGroupListPage = screen(
  () => import('../features/streams-groups/streams-group-list-page'),
  'StreamsGroupListPage',
);
export const StreamsGroupPage = screen(
  () => import('../features/streams-groups/streams-group-page'),
  'StreamsGroupPage',
);
export const DataFlowPage = screen(() => import('../features/topology/data-flow-page'), 'DataFlowPage');
export const TailPage = screen(() => import('../features/tail/tail-page'), 'TailPage');
export const CreateTopicPage = screen(
  () => import('../features/topics/forms/create-topic-page'),
  'CreateTopicPage',
);
export const IncreasePartitionsPage = screen(
  () => import('../features/topics/forms/increase-partitions-page'),
  'IncreasePartitionsPage',
);
export const TopicListPage = screen(() => import('../features/topics/list/topic-list-page'), 'TopicListPage');
export const TopicPage = screen(() => import('../features/topics/page/topic-page'), 'TopicPage');
export const TransactionListPage = screen(
  () => import('../features/transactions/transaction-list-page'),
  'TransactionListPage',
);
