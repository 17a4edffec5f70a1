// The ksqlDB fake's metastore and statement executor. Statement and entity shapes follow ksqlDB's
// REST API (/ksql); rows live in memory per source and feed push queries as they are inserted.
import type { Row, SelectPlan } from './query.ts';
import { isSelect, matches, planSelect, project } from './query.ts';
import type { Column } from './sql.ts';
import {
  IDENT,
  identifier,
  KsqlError,
  parseColumns,
  parseLiteral,
  parseWithProperties,
  splitTopLevel,
} from './sql.ts';

type SourceType = 'STREAM' | 'TABLE';

interface Source {
  type: SourceType;
  name: string;
  topic: string;
  keyFormat: string;
  valueFormat: string;
  partitions: number;
  columns: Column[];
  rows: Row[];
  statement: string;
}

interface PersistentQuery {
  id: string;
  sink: string;
  plan: SelectPlan;
  statement: string;
}

export type Properties = Record<string, unknown>;
type Listener = (row: Row) => void;

const CREATE_SOURCE = new RegExp(
  `^CREATE\\s+(OR\\s+REPLACE\\s+)?(STREAM|TABLE)\\s+(IF\\s+NOT\\s+EXISTS\\s+)?${IDENT}\\s*(?:\\((.*)\\))?\\s*WITH\\s*\\((.*)\\)$`,
  'is',
);
const CREATE_AS = new RegExp(
  `^CREATE\\s+(?:OR\\s+REPLACE\\s+)?(STREAM|TABLE)\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?${IDENT}\\s*(?:WITH\\s*\\((.*?)\\)\\s*)?AS\\s+(SELECT\\s.*)$`,
  'is',
);
const DROP = new RegExp(
  `^DROP\\s+(STREAM|TABLE)\\s+(IF\\s+EXISTS\\s+)?${IDENT}(\\s+DELETE\\s+TOPIC)?$`,
  'is',
);
const INSERT = new RegExp(`^INSERT\\s+INTO\\s+${IDENT}\\s*(?:\\((.*?)\\))?\\s*VALUES\\s*\\((.*)\\)$`, 'is');
const DESCRIBE = new RegExp(`^DESCRIBE\\s+(EXTENDED\\s+)?${IDENT}$`, 'is');

function offsetReset(properties: Properties): string {
  const value = properties['auto.offset.reset'] ?? properties['ksql.streams.auto.offset.reset'];
  return typeof value === 'string' ? value.toLowerCase() : 'latest';
}

function runningQuery(query: PersistentQuery, sinkTopic: string): Record<string, unknown> {
  return {
    queryString: query.statement,
    sinks: [query.sink],
    sinkKafkaTopics: [sinkTopic],
    id: query.id,
    statusCount: { RUNNING: 1 },
    queryType: 'PERSISTENT',
    state: 'RUNNING',
  };
}

/** One entry of `SHOW QUERIES EXTENDED` as ksqlDB answers it (QueryDescription): sources and sinks by name. */
function queryDescription(query: PersistentQuery, columns: Column[] = []): Record<string, unknown> {
  return {
    id: query.id,
    statementText: query.statement,
    windowType: null,
    fields: columns.map((column) => ({
      name: column.name,
      schema: { type: column.type.replace(/[<(].*$/, ''), fields: null, memberSchema: null },
      ...(column.key ? { type: 'KEY' } : {}),
    })),
    sources: [query.plan.sourceName],
    sinks: [query.sink],
    topology: '',
    executionPlan: '',
    overriddenProperties: {},
    ksqlHostQueryStatus: { 'localhost:8088': 'RUNNING' },
    queryType: 'PERSISTENT',
    queryErrors: [],
    tasksMetadata: [],
    state: 'RUNNING',
  };
}

export function createEngine(kafkaClusterId: string) {
  const sources = new Map<string, Source>();
  const queries = new Map<string, PersistentQuery>();
  const listeners = new Map<string, Set<Listener>>();
  let commandSequence = 0;
  let queryCounter = 0;

  const columnsOf = (name: string): Column[] | undefined => sources.get(name)?.columns;

  const insert = (sourceName: string, row: Row): void => {
    sources.get(sourceName)?.rows.push(row);
    for (const listener of listeners.get(sourceName) ?? []) listener(row);
    for (const query of queries.values()) {
      if (query.plan.sourceName === sourceName && matches(query.plan, row)) {
        insert(query.sink, project(query.plan, row));
      }
    }
  };

  const status = (
    statementText: string,
    commandId: string,
    message: string,
    queryId: string | null = null,
  ) => ({
    '@type': 'currentStatus',
    statementText,
    commandId,
    commandStatus: { status: 'SUCCESS', message, queryId },
    commandSequenceNumber: ++commandSequence,
    warnings: [],
  });

  const listing = (statementText: string, type: SourceType) => ({
    '@type': type === 'STREAM' ? 'streams' : 'tables',
    statementText,
    [type === 'STREAM' ? 'streams' : 'tables']: [...sources.values()]
      .filter((source) => source.type === type)
      .map((source) => ({
        type: source.type,
        name: source.name,
        topic: source.topic,
        keyFormat: source.keyFormat,
        valueFormat: source.valueFormat,
        isWindowed: false,
      })),
    warnings: [],
  });

  const topicOf = (name: string): string => sources.get(name)?.topic ?? name;

  const describe = (statementText: string, name: string, extended: boolean) => {
    const source = sources.get(name);
    if (!source) throw new KsqlError(`Could not find STREAM/TABLE '${name}' in the Metastore`);
    const related = (predicate: (query: PersistentQuery) => boolean) =>
      [...queries.values()].filter(predicate).map((query) => runningQuery(query, topicOf(query.sink)));
    return {
      '@type': 'sourceDescription',
      statementText,
      sourceDescription: {
        name: source.name,
        windowType: null,
        readQueries: related((query) => query.plan.sourceName === name),
        writeQueries: related((query) => query.sink === name),
        fields: source.columns.map((column) => ({
          name: column.name,
          schema: { type: column.type.replace(/[<(].*$/, ''), fields: null, memberSchema: null },
          ...(column.key ? { type: 'KEY' } : {}),
        })),
        type: source.type,
        timestamp: '',
        statistics: '',
        errorStats: '',
        extended,
        keyFormat: source.keyFormat,
        valueFormat: source.valueFormat,
        topic: source.topic,
        partitions: source.partitions,
        replication: 1,
        statement: source.statement,
        queryOffsetSummaries: [],
        sourceConstraints: [],
      },
      warnings: [],
    };
  };

  const register = (source: Source, statementText: string, replace: boolean, ifNotExists: boolean) => {
    const kind = source.type === 'STREAM' ? 'Stream' : 'Table';
    const commandId = `${source.type.toLowerCase()}/\`${source.name}\`/create`;
    const existing = sources.get(source.name);
    if (existing && !replace) {
      if (ifNotExists)
        return status(
          statementText,
          commandId,
          `Cannot add ${kind.toLowerCase()} ${source.name}: A ${existing.type.toLowerCase()} with the same name already exists.`,
        );
      throw new KsqlError(
        `Cannot add ${kind.toLowerCase()} '${source.name}': A ${existing.type.toLowerCase()} with the same name already exists`,
      );
    }
    sources.set(source.name, { ...source, rows: existing?.rows ?? [] });
    return status(statementText, commandId, `${kind} created`);
  };

  const createSource = (statementText: string, match: RegExpExecArray) => {
    const type = (match[2] ?? '').toUpperCase() as SourceType;
    const name = identifier(match[4] ?? '');
    const properties = parseWithProperties(match[6] ?? '');
    const topic = properties.get('KAFKA_TOPIC');
    if (typeof topic !== 'string')
      throw new KsqlError('Missing required property "KAFKA_TOPIC" which has no default value.');
    const format = properties.get('FORMAT');
    const valueFormat = properties.get('VALUE_FORMAT') ?? format;
    if (typeof valueFormat !== 'string')
      throw new KsqlError(
        "Statement is missing the 'VALUE_FORMAT' property from the WITH clause. Either provide one or set a default via the 'ksql.persistence.default.format.value' config.",
      );
    const columns = match[5] ? parseColumns(match[5]) : [];
    if (columns.length === 0) throw new KsqlError('The statement does not define any columns.');
    if (type === 'TABLE' && !columns.some((column) => column.key)) {
      throw new KsqlError(`Tables require a PRIMARY KEY. Please define the PRIMARY KEY.`);
    }
    const partitions = properties.get('PARTITIONS');
    return register(
      {
        type,
        name,
        topic,
        keyFormat: String(properties.get('KEY_FORMAT') ?? format ?? 'KAFKA').toUpperCase(),
        valueFormat: valueFormat.toUpperCase(),
        partitions: typeof partitions === 'number' ? partitions : 1,
        columns: [...columns.filter((column) => column.key), ...columns.filter((column) => !column.key)],
        rows: [],
        statement: statementText,
      },
      statementText,
      match[1] !== undefined,
      match[3] !== undefined,
    );
  };

  const createAs = (statementText: string, match: RegExpExecArray, properties: Properties) => {
    const type = (match[1] ?? '').toUpperCase() as SourceType;
    const name = identifier(match[2] ?? '');
    const plan = planSelect(match[4] ?? '', columnsOf);
    const from = sources.get(plan.sourceName);
    if (!from) throw new KsqlError(`${plan.sourceName} does not exist.`);
    if (from.type !== type) {
      throw new KsqlError(
        `Invalid result type. Your SELECT query produces a ${from.type}. Please use CREATE ${from.type} AS SELECT statement instead.`,
      );
    }
    const withProperties = parseWithProperties(match[3] ?? '');
    const topic = withProperties.get('KAFKA_TOPIC');
    const id = `${type === 'STREAM' ? 'CSAS' : 'CTAS'}_${name}_${++queryCounter}`;
    const entity = register(
      {
        ...from,
        name,
        topic: typeof topic === 'string' ? topic : name,
        columns: plan.outputs.map((output) => output.column),
        rows: [],
        statement: statementText,
      },
      statementText,
      false,
      false,
    );
    queries.set(id, { id, sink: name, plan, statement: statementText });
    // A persistent query starts from the latest offset unless asked otherwise, as in ksqlDB.
    if (offsetReset(properties) === 'earliest') {
      for (const row of from.rows) if (matches(plan, row)) insert(name, project(plan, row));
    }
    return {
      ...entity,
      commandStatus: { status: 'SUCCESS', message: `Created query with ID ${id}`, queryId: id },
    };
  };

  const drop = (statementText: string, match: RegExpExecArray) => {
    const type = (match[1] ?? '').toUpperCase();
    const name = identifier(match[3] ?? '');
    const commandId = `${type.toLowerCase()}/${name}/drop`;
    const source = sources.get(name);
    if (!source) {
      if (match[2]) return status(statementText, commandId, `Source \`${name}\` does not exist.`);
      throw new KsqlError(`Source ${name} does not exist.`);
    }
    if (source.type !== type) {
      throw new KsqlError(`Incompatible data source type is ${source.type}, but statement was DROP ${type}`);
    }
    const writers = [...queries.values()].filter((query) => query.sink === name).map((query) => query.id);
    if (writers.length > 0) {
      throw new KsqlError(
        `Cannot drop ${name}.\nThe following queries write into this source: [${writers.join(', ')}].\nYou need to terminate them before dropping ${name}.`,
      );
    }
    const readers = [...queries.values()]
      .filter((query) => query.plan.sourceName === name)
      .map((query) => query.sink);
    if (readers.length > 0) {
      throw new KsqlError(
        `Cannot drop ${name}.\nThe following streams and/or tables read from this source: [${readers.join(', ')}].\nYou need to drop them before dropping ${name}.`,
      );
    }
    sources.delete(name);
    return status(statementText, commandId, `Source \`${name}\` (topic: ${source.topic}) was dropped.`);
  };

  const terminate = (statementText: string, target: string) => {
    const ids = /^ALL$/i.test(target) ? [...queries.keys()] : [target.toUpperCase()];
    for (const id of ids) {
      if (!queries.delete(id)) throw new KsqlError(`Unknown queryId: ${id}`);
    }
    return status(statementText, `terminate/${target.toUpperCase()}/execute`, 'Query terminated.');
  };

  const insertValues = (match: RegExpExecArray): void => {
    const name = identifier(match[1] ?? '');
    const source = sources.get(name);
    if (!source) throw new KsqlError(`Cannot insert values into an unknown stream/table: ${name}`);
    const names = match[2] ? splitTopLevel(match[2], ',').map(identifier) : source.columns.map((c) => c.name);
    const values = splitTopLevel(match[3] ?? '', ',').map(parseLiteral);
    if (names.length !== values.length) {
      throw new KsqlError(
        `Expected a value for each column. Expected Columns: [${names.join(', ')}]. Got [${values.join(', ')}]`,
      );
    }
    const row: Row = Object.fromEntries(source.columns.map((column) => [column.name, null]));
    names.forEach((column, index) => {
      const target = source.columns.find((candidate) => candidate.name === column);
      if (!target) throw new KsqlError(`Column name \`${column}\` does not exist.`);
      const value = values[index];
      const numeric = /^(INTEGER|BIGINT|DOUBLE|DECIMAL)/.test(target.type);
      if (
        value !== null &&
        (numeric ? typeof value !== 'number' : target.type === 'STRING' && typeof value !== 'string')
      ) {
        throw new KsqlError(
          `Expected type ${target.type} for field \`${column}\` but got ${JSON.stringify(value)}`,
        );
      }
      row[column] = value;
    });
    insert(name, row);
  };

  const executeOne = (statement: string, properties: Properties): object | undefined => {
    const text = `${statement};`;
    if (/^(SHOW|LIST)\s+STREAMS(\s+EXTENDED)?$/i.test(statement)) return listing(text, 'STREAM');
    if (/^(SHOW|LIST)\s+TABLES(\s+EXTENDED)?$/i.test(statement)) return listing(text, 'TABLE');
    if (/^(SHOW|LIST)\s+QUERIES\s+EXTENDED$/i.test(statement)) {
      const queryDescriptions = [...queries.values()].map((query) =>
        queryDescription(query, columnsOf(query.sink)),
      );
      return { '@type': 'query_descriptions', statementText: text, queryDescriptions, warnings: [] };
    }
    if (/^(SHOW|LIST)\s+QUERIES$/i.test(statement)) {
      const running = [...queries.values()].map((query) => runningQuery(query, topicOf(query.sink)));
      return { '@type': 'queries', statementText: text, queries: running, warnings: [] };
    }
    if (isSelect(statement) || /^PRINT\s/i.test(statement)) {
      throw new KsqlError(
        "The following statement types should be issued to the websocket endpoint '/query':\n\t* PRINT\n\t* SELECT",
        40002,
      );
    }
    const describeMatch = DESCRIBE.exec(statement);
    if (describeMatch)
      return describe(text, identifier(describeMatch[2] ?? ''), describeMatch[1] !== undefined);
    const createAsMatch = CREATE_AS.exec(statement);
    if (createAsMatch) return createAs(text, createAsMatch, properties);
    const createMatch = CREATE_SOURCE.exec(statement);
    if (createMatch) return createSource(text, createMatch);
    const dropMatch = DROP.exec(statement);
    if (dropMatch) return drop(text, dropMatch);
    const terminateMatch = new RegExp(`^TERMINATE\\s+${IDENT}$`, 'is').exec(statement);
    if (terminateMatch) return terminate(text, terminateMatch[1] ?? '');
    const insertMatch = INSERT.exec(statement);
    if (insertMatch) {
      insertValues(insertMatch);
      return undefined;
    }
    const first = statement.split(/\s+/)[0] ?? '';
    throw new KsqlError(`line 1:1: Syntax Error\nUnknown statement '${first}'`);
  };

  return {
    info() {
      return {
        KsqlServerInfo: {
          version: '0.29.0',
          kafkaClusterId,
          ksqlServiceId: 'default_',
          serverStatus: 'RUNNING',
        },
      };
    },

    // Runs statements in order; on the first failure ksqlDB answers 400 with the entities so far.
    execute(statements: string[], properties: Properties): { status: number; body: unknown } {
      const entities: object[] = [];
      for (const statement of statements) {
        try {
          const entity = executeOne(statement, properties);
          if (entity) entities.push(entity);
        } catch (error) {
          if (!(error instanceof KsqlError)) throw error;
          return { status: 400, body: statementError(error, `${statement};`, entities) };
        }
      }
      return { status: 200, body: entities };
    },

    plan(statement: string): SelectPlan {
      return planSelect(statement, columnsOf);
    },

    // Existing rows: a pull query on a table sees the last row per key, a push query the whole changelog.
    snapshot(plan: SelectPlan, changelog: boolean): Row[] {
      const source = sources.get(plan.sourceName);
      if (!source) return [];
      const keys = source.columns.filter((column) => column.key).map((column) => column.name);
      let rows = source.rows;
      if (source.type === 'TABLE' && keys.length > 0 && !changelog) {
        const latest = new Map<string, Row>();
        for (const row of rows) latest.set(JSON.stringify(keys.map((key) => row[key])), row);
        rows = [...latest.values()];
      }
      return rows.filter((row) => matches(plan, row));
    },

    subscribe(plan: SelectPlan, listener: Listener): () => void {
      const set = listeners.get(plan.sourceName) ?? new Set<Listener>();
      listeners.set(plan.sourceName, set);
      const filtered: Listener = (row) => {
        if (matches(plan, row)) listener(row);
      };
      set.add(filtered);
      return () => set.delete(filtered);
    },

    offsetReset,
  };
}

export type Engine = ReturnType<typeof createEngine>;

export function statementError(error: KsqlError, statementText: string, entities: object[] = []) {
  return {
    '@type': 'statement_error',
    error_code: error.errorCode,
    message: error.message,
    stackTrace: [],
    statementText,
    entities,
  };
}
