import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { allows, type Need, type Permissions } from '../../auth/permissions';
import { AclCreatePage } from '../acls/acl-create-page';
import { AclListPage } from '../acls/acl-list-page';
import { PrincipalPage } from '../acls/principal-page';
import { AuditPage } from '../audit/audit-page';
import { DeleteOffsetsPage } from '../groups/delete-offsets-page';
import { GroupListPage } from '../groups/group-list-page';
import { GroupPage } from '../groups/group-page';
import { UpdateOffsetsPage } from '../groups/update-offsets-page';
import { NodeListPage } from '../nodes/node-list-page';
import { NodePage } from '../nodes/node-page';
import { OverviewPage } from '../overview/overview-page';
import { QuotaListPage } from '../quotas/quota-list-page';
import { ReassignmentsPage } from '../reassignments/reassignments-page';
import { SettingsPage } from '../settings/settings-page';
import { ShareGroupListPage } from '../share-groups/share-group-list-page';
import { ShareGroupPage } from '../share-groups/share-group-page';
import { TopicListPage } from '../topics/list/topic-list-page';
import { TransactionListPage } from '../transactions/transaction-list-page';
import {
  ConnectCreatePage,
  ConnectListPage,
  ConnectorPage,
  CopyPage,
  CreateTopicPage,
  IncreasePartitionsPage,
  KsqlDbPage,
  KsqlDbQueryPage,
  KsqlDbStatementPage,
  ProducePage,
  SchemaCreatePage,
  SchemaListPage,
  SchemaPage,
  TailPage,
  TopicPage,
} from './lazy-screens';
import { ClusterLanding } from './role-redirect';

type ScreenRoute = { path: string; need?: Need; element: ReactNode };

// Spec part 2 §2 Router gating: a route exists only for users holding its permission.
const screens: ScreenRoute[] = [
  { path: 'overview', need: ['TOPIC', 'READ'], element: <OverviewPage /> },
  { path: 'topic', need: ['TOPIC', 'READ'], element: <TopicListPage /> },
  { path: 'topic/create', need: ['TOPIC', 'CREATE'], element: <CreateTopicPage /> },
  {
    path: 'topic/:topicId/produce',
    need: ['TOPIC_DATA', 'CREATE'],
    element: <ProducePage />,
  },
  {
    path: 'topic/:topicId/increasepartition',
    need: ['TOPIC_DATA', 'CREATE'],
    element: <IncreasePartitionsPage />,
  },
  {
    path: 'topic/:topicId/copy',
    need: ['TOPIC_DATA', 'CREATE'],
    element: <CopyPage />,
  },
  {
    path: 'topic/:topicId/:tab?',
    need: ['TOPIC', 'READ'],
    element: <TopicPage />,
  },
  { path: 'tail', need: ['TOPIC_DATA', 'READ'], element: <TailPage /> },
  { path: 'node', need: ['NODE', 'READ'], element: <NodeListPage /> },
  // Spec part 1 §2 names the list /nodes, the router in part 2 /node: both open it.
  { path: 'nodes', need: ['NODE', 'READ'], element: <NodeListPage /> },
  { path: 'node/:nodeId/:tab?', need: ['NODE', 'READ'], element: <NodePage /> },
  {
    path: 'group',
    need: ['CONSUMER_GROUP', 'READ'],
    element: <GroupListPage />,
  },
  {
    path: 'group/:consumerGroupId/offsetsdelete',
    need: ['CONSUMER_GROUP', 'DELETE_OFFSET'],
    element: <DeleteOffsetsPage />,
  },
  {
    path: 'group/:consumerGroupId/offsets',
    need: ['CONSUMER_GROUP', 'UPDATE_OFFSET'],
    element: <UpdateOffsetsPage />,
  },
  {
    path: 'group/:consumerGroupId/:tab?',
    need: ['CONSUMER_GROUP', 'READ'],
    element: <GroupPage />,
  },
  { path: 'share-group', need: ['SHARE_GROUP', 'READ'], element: <ShareGroupListPage /> },
  { path: 'share-group/:shareGroupId', need: ['SHARE_GROUP', 'READ'], element: <ShareGroupPage /> },
  { path: 'reassignments', need: ['TOPIC', 'READ'], element: <ReassignmentsPage /> },
  { path: 'acls', need: ['ACL', 'READ'], element: <AclListPage /> },
  { path: 'acls/create', need: ['ACL', 'CREATE'], element: <AclCreatePage /> },
  { path: 'quotas', need: ['QUOTA', 'READ'], element: <QuotaListPage /> },
  { path: 'transactions', need: ['TRANSACTION', 'READ'], element: <TransactionListPage /> },
  {
    path: 'acls/:principalEncoded/:tab?',
    need: ['ACL', 'READ'],
    element: <PrincipalPage />,
  },
  { path: 'schema', need: ['SCHEMA', 'READ'], element: <SchemaListPage /> },
  { path: 'schema/create', need: ['SCHEMA', 'CREATE'], element: <SchemaCreatePage /> },
  { path: 'schema/details/:schemaId/update', need: ['SCHEMA', 'UPDATE'], element: <SchemaPage /> },
  { path: 'schema/details/:schemaId/:tab?', need: ['SCHEMA', 'READ'], element: <SchemaPage /> },
  {
    path: 'connect/:connectId/create',
    need: ['CONNECTOR', 'CREATE'],
    element: <ConnectCreatePage />,
  },
  {
    path: 'connect/:connectId',
    need: ['CONNECTOR', 'READ'],
    element: <ConnectListPage />,
  },
  {
    path: 'connect/:connectId/definition/:definitionId/:tab?',
    need: ['CONNECTOR', 'READ'],
    element: <ConnectorPage />,
  },
  {
    path: 'ksqldb/:ksqlDBId/query',
    need: ['KSQLDB', 'EXECUTE'],
    element: <KsqlDbQueryPage />,
  },
  {
    path: 'ksqldb/:ksqlDBId/statement',
    need: ['KSQLDB', 'EXECUTE'],
    element: <KsqlDbStatementPage />,
  },
  {
    path: 'ksqldb/:ksqlDBId/:tab?',
    need: ['KSQLDB', 'READ'],
    element: <KsqlDbPage />,
  },
  { path: 'audit', need: ['AUDIT', 'READ'], element: <AuditPage /> },
  { path: 'settings', element: <SettingsPage /> },
];

/** Routes below `/:clusterId` for this user; anything else is the not-found page. */
export function clusterRoutes(permissions: Permissions): RouteObject[] {
  return [
    { index: true, element: <ClusterLanding /> },
    ...screens.filter((s) => allows(permissions, s.need)).map(({ path, element }) => ({ path, element })),
    { path: '*', element: <Navigate to="/page-not-found" replace /> },
  ];
}
