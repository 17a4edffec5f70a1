import { matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { allows, type Need, type Permissions } from '../auth/permissions';
import { ClusterLanding } from './role-redirect';
import {
  AclCreatePage,
  AclListPage,
  AuditPage,
  ConnectCreatePage,
  ConnectListPage,
  ConnectLoggersPage,
  ConnectorPage,
  CopyPage,
  CreateTopicPage,
  DataFlowPage,
  DeleteOffsetsPage,
  GeneratePage,
  GroupListPage,
  GroupPage,
  ImportPage,
  IncreasePartitionsPage,
  InsightsPage,
  KsqlDbPage,
  KsqlDbQueryPage,
  KsqlDbStatementPage,
  NodeListPage,
  NodePage,
  OverviewPage,
  PrincipalPage,
  ProducePage,
  QuotaListPage,
  ReassignmentsPage,
  RedrivePage,
  ReplayPage,
  SchemaCreatePage,
  SchemaListPage,
  SchemaPage,
  ScramUserListPage,
  type Screen,
  SettingsPage,
  ShareGroupListPage,
  ShareGroupPage,
  StreamsGroupListPage,
  StreamsGroupPage,
  TailPage,
  TopicListPage,
  TopicPage,
  TransactionListPage,
  UpdateOffsetsPage,
} from './screens';

type ScreenRoute = { path: string; need?: Need; screen: Screen };

// docs/behaviour.md#menu-and-routes: a route exists only for users holding its permission.
const screens: ScreenRoute[] = [
  { path: 'overview', need: ['TOPIC', 'READ'], screen: OverviewPage },
  { path: 'insights', need: ['TOPIC', 'READ'], screen: InsightsPage },
  { path: 'topic', need: ['TOPIC', 'READ'], screen: TopicListPage },
  { path: 'topic/create', need: ['TOPIC', 'CREATE'], screen: CreateTopicPage },
  {
    path: 'topic/:topicId/produce',
    need: ['TOPIC_DATA', 'CREATE'],
    screen: ProducePage,
  },
  {
    path: 'topic/:topicId/increasepartition',
    need: ['TOPIC_DATA', 'CREATE'],
    screen: IncreasePartitionsPage,
  },
  {
    path: 'topic/:topicId/copy',
    need: ['TOPIC_DATA', 'CREATE'],
    screen: CopyPage,
  },
  {
    path: 'topic/:topicId/import',
    need: ['TOPIC_DATA', 'CREATE'],
    screen: ImportPage,
  },
  {
    // The run checks TOPIC_DATA CREATE on each target topic itself (docs/behaviour.md#redrive-and-replay).
    path: 'topic/:topicId/redrive',
    need: ['TOPIC_DATA', 'READ'],
    screen: RedrivePage,
  },
  {
    path: 'topic/:topicId/replay',
    need: ['TOPIC_DATA', 'READ'],
    screen: ReplayPage,
  },
  {
    path: 'topic/:topicId/generate',
    need: ['TOPIC_DATA', 'CREATE'],
    screen: GeneratePage,
  },
  {
    path: 'topic/:topicId/:tab?',
    need: ['TOPIC', 'READ'],
    screen: TopicPage,
  },
  { path: 'tail', need: ['TOPIC_DATA', 'READ'], screen: TailPage },
  { path: 'data-flow', need: ['TOPIC', 'READ'], screen: DataFlowPage },
  { path: 'node', need: ['NODE', 'READ'], screen: NodeListPage },
  // The broker list is `node`, also `nodes` (docs/behaviour.md#menu-and-routes).
  { path: 'nodes', need: ['NODE', 'READ'], screen: NodeListPage },
  { path: 'node/:nodeId/:tab?', need: ['NODE', 'READ'], screen: NodePage },
  {
    path: 'group',
    need: ['CONSUMER_GROUP', 'READ'],
    screen: GroupListPage,
  },
  {
    path: 'group/:consumerGroupId/offsetsdelete',
    need: ['CONSUMER_GROUP', 'DELETE_OFFSET'],
    screen: DeleteOffsetsPage,
  },
  {
    path: 'group/:consumerGroupId/offsets',
    need: ['CONSUMER_GROUP', 'UPDATE_OFFSET'],
    screen: UpdateOffsetsPage,
  },
  {
    path: 'group/:consumerGroupId/:tab?',
    need: ['CONSUMER_GROUP', 'READ'],
    screen: GroupPage,
  },
  { path: 'share-group', need: ['SHARE_GROUP', 'READ'], screen: ShareGroupListPage },
  { path: 'share-group/:shareGroupId', need: ['SHARE_GROUP', 'READ'], screen: ShareGroupPage },
  { path: 'streams-group', need: ['CONSUMER_GROUP', 'READ'], screen: StreamsGroupListPage },
  {
    path: 'streams-group/:streamsGroupId/:tab?',
    need: ['CONSUMER_GROUP', 'READ'],
    screen: StreamsGroupPage,
  },
  { path: 'reassignments', need: ['TOPIC', 'READ'], screen: ReassignmentsPage },
  { path: 'acls', need: ['ACL', 'READ'], screen: AclListPage },
  { path: 'acls/create', need: ['ACL', 'CREATE'], screen: AclCreatePage },
  { path: 'quotas', need: ['QUOTA', 'READ'], screen: QuotaListPage },
  { path: 'scram-users', need: ['SCRAM_USER', 'READ'], screen: ScramUserListPage },
  { path: 'transactions', need: ['TRANSACTION', 'READ'], screen: TransactionListPage },
  {
    path: 'acls/:principalEncoded/:tab?',
    need: ['ACL', 'READ'],
    screen: PrincipalPage,
  },
  { path: 'schema', need: ['SCHEMA', 'READ'], screen: SchemaListPage },
  { path: 'schema/create', need: ['SCHEMA', 'CREATE'], screen: SchemaCreatePage },
  { path: 'schema/details/:schemaId/update', need: ['SCHEMA', 'UPDATE'], screen: SchemaPage },
  { path: 'schema/details/:schemaId/:tab?', need: ['SCHEMA', 'READ'], screen: SchemaPage },
  {
    path: 'connect/:connectId/create',
    need: ['CONNECTOR', 'CREATE'],
    screen: ConnectCreatePage,
  },
  {
    path: 'connect/:connectId',
    need: ['CONNECTOR', 'READ'],
    screen: ConnectListPage,
  },
  {
    path: 'connect/:connectId/loggers',
    need: ['CONNECT_CLUSTER', 'READ'],
    screen: ConnectLoggersPage,
  },
  {
    path: 'connect/:connectId/definition/:definitionId/:tab?',
    need: ['CONNECTOR', 'READ'],
    screen: ConnectorPage,
  },
  {
    path: 'ksqldb/:ksqlDBId/query',
    need: ['KSQLDB', 'EXECUTE'],
    screen: KsqlDbQueryPage,
  },
  {
    path: 'ksqldb/:ksqlDBId/statement',
    need: ['KSQLDB', 'EXECUTE'],
    screen: KsqlDbStatementPage,
  },
  {
    path: 'ksqldb/:ksqlDBId/:tab?',
    need: ['KSQLDB', 'READ'],
    screen: KsqlDbPage,
  },
  { path: 'audit', need: ['AUDIT', 'READ'], screen: AuditPage },
  { path: 'settings', screen: SettingsPage },
];

/** Routes below `/:clusterId` for this user; anything else is the not-found page. */
export function clusterRoutes(permissions: Permissions): RouteObject[] {
  return [
    { index: true, element: <ClusterLanding /> },
    ...screens
      .filter((s) => allows(permissions, s.need))
      .map(({ path, screen: Screen }) => ({ path, element: <Screen /> })),
    { path: '*', element: <Navigate to="/page-not-found" replace /> },
  ];
}

/**
 * Starts fetching the screen a router path (`/{cluster}/topic/orders/data`) opens while the session and the
 * clusters load, so its chunk arrives beside them rather than after. Permissions apply when routes render.
 */
export function preloadScreen(routerPath: string): void {
  const [, , ...rest] = routerPath.split('/');
  const routes = screens.map(({ path, screen }) => ({ path, handle: screen }));
  const screen: Screen | undefined = matchRoutes(routes, `/${rest.join('/')}`)?.[0]?.route.handle;
  void screen?.preload();
}
