import { lazy } from 'react';

// The topic page and the record screens load on first visit, keeping them out of the initial
// bundle; the Suspense boundary is in AppLayout. Small screens stay in it.

export const TopicPage = lazy(() =>
  import('../topics/page/topic-page').then((m) => ({ default: m.TopicPage })),
);
export const CreateTopicPage = lazy(() =>
  import('../topics/forms/create-topic-page').then((m) => ({ default: m.CreateTopicPage })),
);
export const IncreasePartitionsPage = lazy(() =>
  import('../topics/forms/increase-partitions-page').then((m) => ({ default: m.IncreasePartitionsPage })),
);
export const ProducePage = lazy(() =>
  import('../records/produce/produce-page').then((m) => ({ default: m.ProducePage })),
);
export const CopyPage = lazy(() =>
  import('../records/copy/copy-page').then((m) => ({ default: m.CopyPage })),
);
export const TailPage = lazy(() => import('../tail/tail-page').then((m) => ({ default: m.TailPage })));
export const SchemaListPage = lazy(() =>
  import('../schemas/schema-list-page').then((m) => ({ default: m.SchemaListPage })),
);
export const SchemaCreatePage = lazy(() =>
  import('../schemas/schema-create-page').then((m) => ({ default: m.SchemaCreatePage })),
);
export const SchemaPage = lazy(() =>
  import('../schemas/schema-page').then((m) => ({ default: m.SchemaPage })),
);
export const ConnectListPage = lazy(() =>
  import('../connect/connect-list-page').then((m) => ({ default: m.ConnectListPage })),
);
export const ConnectCreatePage = lazy(() =>
  import('../connect/connect-create-page').then((m) => ({ default: m.ConnectCreatePage })),
);
export const ConnectorPage = lazy(() =>
  import('../connect/connector-page').then((m) => ({ default: m.ConnectorPage })),
);
export const KsqlDbPage = lazy(() =>
  import('../ksqldb/ksqldb-page').then((m) => ({ default: m.KsqlDbPage })),
);
export const KsqlDbQueryPage = lazy(() =>
  import('../ksqldb/ksqldb-execute-pages').then((m) => ({ default: m.KsqlDbQueryPage })),
);
export const KsqlDbStatementPage = lazy(() =>
  import('../ksqldb/ksqldb-execute-pages').then((m) => ({ default: m.KsqlDbStatementPage })),
);
