import { type Action, Resource } from '@console/contract';

/**
 * Defaults carried over from AKHQ's shipped configuration (docs/api-conventions.md#configuration-defaults).
 */

export const DEFAULT_INTERNAL_REGEXPS = [
  '^_.*$',
  '^.*_schemas$',
  '^.*connect-config$',
  '^.*connect-offsets$',
  '^.*connect-status$',
];
export const DEFAULT_STREAM_REGEXPS = ['^.*-changelog$', '^.*-repartition$', '^.*-rekey$'];

export const DEFAULT_ROLES: Record<string, { resources: Resource[]; actions: Action[] }[]> = {
  reader: [
    // Every resource but the audit trail (who did what, from which address): that is audit-reader's.
    { resources: Resource.options.filter((r) => r !== 'AUDIT'), actions: ['READ'] },
    { resources: ['TOPIC', 'NODE'], actions: ['READ_CONFIG'] },
  ],
  'topic-admin': [
    {
      resources: ['TOPIC', 'TOPIC_DATA'],
      actions: ['READ', 'CREATE', 'UPDATE', 'DELETE', 'READ_CONFIG', 'ALTER_CONFIG'],
    },
  ],
  'topic-data-admin': [
    { resources: ['TOPIC_DATA'], actions: ['READ', 'CREATE', 'DELETE'] },
    { resources: ['TOPIC'], actions: ['READ'] },
  ],
  'consumer-group-admin': [
    { resources: ['CONSUMER_GROUP'], actions: ['READ', 'UPDATE_OFFSET', 'DELETE', 'DELETE_OFFSET'] },
  ],
  'connect-cluster-reader': [{ resources: ['CONNECT_CLUSTER'], actions: ['READ'] }],
  // AKHQ's shipped connector-admin lacks UPDATE, so nobody could edit a connector; ours includes it.
  // UPDATE_OFFSET / DELETE_OFFSET alter / reset a stopped connector's offsets (docs/connector-permissions.md).
  'connector-admin': [
    {
      resources: ['CONNECTOR'],
      actions: ['READ', 'CREATE', 'UPDATE', 'DELETE', 'UPDATE_STATE', 'UPDATE_OFFSET', 'DELETE_OFFSET'],
    },
  ],
  // Setting a Connect worker's log levels (docs/connector-permissions.md#the-workers-loggers).
  'connect-cluster-admin': [{ resources: ['CONNECT_CLUSTER'], actions: ['READ', 'ALTER_CONFIG'] }],
  'schema-admin': [
    { resources: ['SCHEMA'], actions: ['READ', 'CREATE', 'UPDATE', 'DELETE', 'DELETE_VERSION'] },
  ],
  'node-admin': [{ resources: ['NODE'], actions: ['READ', 'READ_CONFIG', 'ALTER_CONFIG'] }],
  'acl-reader': [{ resources: ['ACL'], actions: ['READ'] }],
  'ksqldb-admin': [{ resources: ['KSQLDB'], actions: ['READ', 'EXECUTE'] }],
  'partition-admin': [{ resources: ['TOPIC'], actions: ['READ', 'REASSIGN'] }],
  'share-group-admin': [{ resources: ['SHARE_GROUP'], actions: ['READ', 'UPDATE_OFFSET', 'DELETE'] }],
  'acl-admin': [{ resources: ['ACL'], actions: ['READ', 'CREATE', 'DELETE'] }],
  'quota-admin': [{ resources: ['QUOTA'], actions: ['READ', 'UPDATE'] }],
  // Aborting writes a marker into the topic: TOPIC_DATA CREATE on it too (http/routes/cluster/transactions.ts).
  'transaction-admin': [{ resources: ['TRANSACTION'], actions: ['READ', 'ABORT'] }],
  'audit-reader': [{ resources: ['AUDIT'], actions: ['READ'] }],
  // Setting a password lets its holder log in to Kafka as that user: a role of its own (docs/security.md).
  'scram-admin': [{ resources: ['SCRAM_USER'], actions: ['READ', 'UPDATE', 'DELETE'] }],
};

export const DEFAULT_GROUPS: Record<string, { role: string }[]> = {
  reader: [{ role: 'reader' }],
  admin: [
    'node-admin',
    'topic-admin',
    'topic-data-admin',
    'consumer-group-admin',
    'connect-cluster-reader',
    'connect-cluster-admin',
    'connector-admin',
    'schema-admin',
    'acl-reader',
    'ksqldb-admin',
    'partition-admin',
    'share-group-admin',
    'acl-admin',
    'quota-admin',
    'transaction-admin',
    'audit-reader',
    'scram-admin',
  ].map((role) => ({ role })),
};
