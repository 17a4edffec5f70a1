import { expect } from 'vitest';

/**
 * AKHQ's JSON models, written out field by field from its Java sources (tchiotludo/akhq 91aa445f,
 * `src/main/java/org/akhq/models/*.java` and the controllers' inner classes), as Jackson writes them:
 * NON_EMPTY, so nulls, empty strings, lists and maps are left out (`?`); `@JsonIgnore` fields absent.
 * Kept apart from our zod contract on purpose: these tests hold the server to AKHQ, not to itself.
 *
 * A field type is `string`, `int` (also Java long), `number`, `bool`, a model name, `enum:A|B`, `any`,
 * with `[]` for a list, `{}` for a string-keyed map, and `?` when AKHQ may leave it out.
 * `ours` lists the fields we add, each explained in docs/migrating-from-akhq.md.
 */
type Model = { fields: Record<string, string>; ours?: Record<string, string> };

const RECORD_FORMAT = 'enum:AVRO|PROTOBUF|JSON_SCHEMA|MSGPACK|INT|LONG|JSON|TEXT|BINARY';

export const AKHQ_MODELS: Record<string, Model> = {
  // models/Node.java
  Node: { fields: { id: 'int', host: 'string', port: 'int', rack: 'string?' } },
  // models/Node.java, Node.Partition
  ReplicaNode: {
    fields: {
      id: 'int',
      host: 'string',
      port: 'int',
      rack: 'string?',
      leader: 'bool',
      inSyncReplicas: 'bool',
    },
  },
  // models/Cluster.java: GET /api/{c}/node
  Cluster: { fields: { id: 'string', nodes: 'Node[]', controller: 'Node?' } },
  // controllers/NodeController.java, NodePartition
  NodePartition: {
    fields: { id: 'int', countLeader: 'int', countInSyncReplicas: 'int', totalPartitions: 'int' },
  },
  // models/LogDir.java
  LogDir: {
    fields: {
      brokerId: 'int',
      path: 'string',
      topic: 'string',
      partition: 'int',
      size: 'int',
      offsetLag: 'int',
      future: 'bool',
    },
  },
  // models/Config.java
  Config: {
    fields: {
      name: 'string',
      value: 'string?',
      description: 'string?',
      source:
        'enum:DYNAMIC_TOPIC_CONFIG|DYNAMIC_BROKER_CONFIG|DYNAMIC_DEFAULT_BROKER_CONFIG|STATIC_BROKER_CONFIG|DEFAULT_CONFIG|DYNAMIC_BROKER_LOGGER_CONFIG|UNKNOWN',
      sensitive: 'bool',
      readOnly: 'bool',
      synonyms: 'Synonym[]?',
    },
    ours: { type: 'string' },
  },
  Synonym: { fields: { name: 'string', value: 'string?', source: 'string' } },
  // models/Partition.java
  Partition: {
    fields: {
      id: 'int',
      topic: 'string',
      leader: 'ReplicaNode',
      nodes: 'ReplicaNode[]',
      logDir: 'LogDir[]?',
      firstOffset: 'int',
      lastOffset: 'int',
      logDirSize: 'int',
    },
  },
  // models/Topic.java
  Topic: {
    fields: {
      name: 'string',
      internal: 'bool',
      partitions: 'Partition[]',
      internalTopic: 'bool',
      streamTopic: 'bool',
      replicaCount: 'int',
      inSyncReplicaCount: 'int',
      logDir: 'LogDir[]?',
      logDirSize: 'int?',
      size: 'int',
    },
  },
  // models/KeyValue.java
  KeyValue: { fields: { key: 'string', value: 'string' } },
  // models/Record.java (topic: the whole Topic in AKHQ; its name here, see the migration notes)
  Record: {
    fields: {
      topic: 'RecordTopic',
      partition: 'int',
      offset: 'int',
      timestamp: 'string',
      keySchemaId: 'string?',
      keySubject: 'string?',
      valueSchemaId: 'string?',
      valueSubject: 'string?',
      headers: 'KeyValue[]?',
      key: 'string?',
      value: 'string?',
    },
    ours: {
      truncated: 'bool',
      exceptions: 'string[]',
      keyBase64: 'bool?',
      valueBase64: 'bool?',
      format: 'RecordFormats?',
    },
  },
  RecordTopic: { fields: { name: 'string' } },
  RecordFormats: { fields: {}, ours: { key: `${RECORD_FORMAT}?`, value: `${RECORD_FORMAT}?` } },
  // models/TopicPartition.java
  TopicPartition: { fields: { topic: 'string', partition: 'int' } },
  // TopicController: offsets/start, models/TopicPartition.java-like OffsetsStart
  TimeOffset: { fields: { topic: 'string', partition: 'int', offset: 'int' } },
  // models/TopicPartition.java, ConsumerGroupOffset
  GroupOffset: {
    fields: {
      topic: 'string',
      partition: 'int',
      offset: 'int?',
      metadata: 'string?',
      firstOffset: 'int?',
      lastOffset: 'int?',
      offsetLag: 'int?',
    },
  },
  // models/Consumer.java
  Consumer: {
    fields: { id: 'string', clientId: 'string', host: 'string', assignments: 'TopicPartition[]?' },
  },
  // models/ConsumerGroup.java
  ConsumerGroup: {
    fields: {
      id: 'string',
      simpleConsumerGroup: 'bool',
      partitionAssignor: 'string?',
      state: 'string',
      coordinator: 'Node',
      members: 'Consumer[]?',
      offsets: 'GroupOffset[]?',
      activeTopics: 'string[]?',
      topics: 'string[]?',
    },
  },
  // models/AccessControl.java
  AccessControl: { fields: { principal: 'string', acls: 'Acl[]?' } },
  Acl: { fields: { host: 'string', operation: 'AclOperation', resource: 'AclResource' } },
  AclOperation: { fields: { operation: 'string', permissionType: 'enum:ALLOW|DENY' } },
  AclResource: {
    fields: { resourceType: 'string', name: 'string', patternType: 'enum:LITERAL|PREFIXED|MATCH|ANY' },
  },
  // models/Schema.java
  Schema: {
    fields: {
      id: 'int?',
      subject: 'string',
      version: 'int?',
      compatibilityLevel: 'string?',
      schema: 'string?',
      schemaType: 'string?',
      references: 'any[]?',
      exception: 'string?',
    },
  },
  // models/KsqlDb*.java
  KsqlDbServerInfo: {
    fields: { serverVersion: 'string', kafkaClusterId: 'string', ksqlServiceId: 'string' },
  },
  KsqlDbStream: {
    fields: {
      name: 'string',
      topic: 'string',
      keyFormat: 'string',
      valueFormat: 'string',
      isWindowed: 'bool',
    },
  },
  KsqlDbQuery: {
    fields: { queryType: 'string', id: 'string', sql: 'string', sink: 'string?', sinkTopic: 'string?' },
  },
  KsqlDbQueryResult: { fields: { columnNames: 'string[]?', columnValues: 'string[]?' } },
  // models/ConnectDefinition.java (and its TaskDefinition)
  ConnectDefinition: {
    fields: {
      name: 'string',
      type: 'string',
      configs: 'string{}',
      tasks: 'Task[]?',
      shortClassName: 'string',
      paused: 'bool',
    },
    // The connector's own state, additive.
    ours: { state: 'string?' },
  },
  Task: { fields: { connector: 'string', id: 'int', state: 'string', workerId: 'string', trace: 'string?' } },
  // ResultNextList (topic data)
  RecordPage: {
    fields: { results: 'Record[]?', after: 'string?', size: 'int', canDeleteRecords: 'bool' },
    // Records the page read, for "N shown of M scanned", additive.
    ours: { scanned: 'int?' },
  },
  // TopicController.CopyResponse
  CopyResult: { fields: { records: 'int' } },
};

/** A paged list (AKHQ's ResultPagedList) of the named model. */
export const paged = (item: string): Model => ({
  fields: {
    results: `${item}[]?`,
    before: 'string?',
    after: 'string?',
    page: 'int',
    total: 'int',
    pageSize: 'int',
  },
});

function problems(value: unknown, type: string, path: string, out: string[]): void {
  const optional = type.endsWith('?');
  const bare = optional ? type.slice(0, -1) : type;
  if (value === undefined) {
    if (!optional) out.push(`${path}: missing (AKHQ always sends it)`);
    return;
  }
  if (value === null) {
    out.push(`${path}: null (AKHQ leaves null fields out)`);
    return;
  }
  if (bare.endsWith('[]')) {
    if (!Array.isArray(value)) return void out.push(`${path}: not a list`);
    for (const [i, item] of value.entries()) problems(item, bare.slice(0, -2), `${path}[${i}]`, out);
    return;
  }
  if (bare.endsWith('{}')) {
    if (typeof value !== 'object' || Array.isArray(value)) return void out.push(`${path}: not a map`);
    for (const [k, v] of Object.entries(value)) problems(v, bare.slice(0, -2), `${path}.${k}`, out);
    return;
  }
  if (bare === 'any') return;
  if (bare === 'string' && typeof value !== 'string') out.push(`${path}: not a string`);
  else if (bare === 'int' && !Number.isInteger(value)) out.push(`${path}: not an integer`);
  else if (bare === 'number' && typeof value !== 'number') out.push(`${path}: not a number`);
  else if (bare === 'bool' && typeof value !== 'boolean') out.push(`${path}: not a boolean`);
  else if (bare.startsWith('enum:') && !bare.slice(5).split('|').includes(String(value)))
    out.push(`${path}: ${String(value)} is not one of ${bare.slice(5)}`);
  else if (/^[A-Z]/.test(bare)) {
    const model = AKHQ_MODELS[bare];
    if (!model) throw new Error(`no AKHQ model ${bare}`);
    modelProblems(value, model, path, out);
  }
}

function modelProblems(value: unknown, model: Model, path: string, out: string[]): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    out.push(`${path}: not an object`);
    return;
  }
  const known = { ...model.fields, ...model.ours };
  for (const [name, type] of Object.entries(known)) {
    problems((value as Record<string, unknown>)[name], type, `${path}.${name}`, out);
  }
  for (const name of Object.keys(value)) {
    if (!(name in known)) out.push(`${path}.${name}: not a field of AKHQ's model`);
  }
}

/**
 * Checks an answer against an AKHQ model type (`Topic`, `Config[]`, `Record{}`, or a paged list given
 * as a Model), field by field; the failure lists every difference.
 */
export function expectAkhq(value: unknown, type: string | Model): void {
  const out: string[] = [];
  if (typeof type === 'string') problems(value, type, '$', out);
  else modelProblems(value, type, '$', out);
  expect(out).toEqual([]);
}
