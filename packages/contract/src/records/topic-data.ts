import { z } from 'zod';
import { ClusterParams } from '../cluster.ts';
import { caseInsensitiveEnum } from '../common/enums.ts';
import { intOrText } from '../common/numbers.ts';
import { onFirstUse } from '../common/on-first-use.ts';
import { isoInstant, lenientInt } from '../common/query.ts';
import { FilterFailures, filterExpression } from './filter-expression.ts';
import { RecordFormats } from './record-format.ts';

const long = z.number().int();

export const KeyValue = onFirstUse(() =>
  z.object({ key: z.string(), value: z.string() }).meta({ id: 'KeyValue' }),
);
export type KeyValue = z.infer<typeof KeyValue>;

/**
 * The topic a record comes from, as AKHQ's `Record.topic` (AKHQ's live tail reads `topic.name`). AKHQ
 * embeds its whole Topic (partitions, offsets, log dirs) in every record; the name is what readers use,
 * and a page costs what it shows.
 */
export const RecordTopic = onFirstUse(() => z.object({ name: z.string() }).meta({ id: 'RecordTopic' }));
export type RecordTopic = z.infer<typeof RecordTopic>;

/**
 * A record as the API answers it (docs/api-conventions.md#record-json). Null keys and values are absent;
 * `timestamp` is UTC ISO-8601 with milliseconds.
 */
export const DataRecord = onFirstUse(() =>
  z
    .object({
      topic: RecordTopic,
      partition: z.number().int(),
      offset: long,
      timestamp: z.string(),
      key: z.string().optional(),
      value: z.string().optional(),
      headers: z.array(KeyValue),
      keySchemaId: z.string().optional().meta({ description: 'Registry id from the Confluent wire format' }),
      valueSchemaId: z.string().optional(),
      keySubject: z
        .string()
        .optional()
        .meta({ description: 'The schema name (Avro full name, message name)' }),
      valueSubject: z.string().optional(),
      keyBase64: z.boolean().optional().meta({ description: 'The key is not UTF-8 text; shown as base64' }),
      valueBase64: z.boolean().optional(),
      truncated: z
        .boolean()
        .meta({ description: 'The value was cut; the full one comes by partition/offset' }),
      exceptions: z
        .array(z.string())
        .meta({ description: 'Decoding failures; the raw text is shown instead' }),
      format: RecordFormats.optional(),
    })
    .meta({ id: 'Record' }),
);
export type DataRecord = z.infer<typeof DataRecord>;

export const SEARCH_FIELDS = [
  'searchByKey',
  'searchByValue',
  'searchByHeaderKey',
  'searchByHeaderValue',
  'searchByKeySubject',
  'searchByValueSubject',
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

const searchBy = z
  .string()
  .optional()
  .meta({
    description:
      '`text_C` (contains), `text_N` (not contains) or `text_E` (equals), case-insensitive. Whitespace splits ' +
      'the text into terms (any matches for C and E, none for N) unless inside double quotes; `\\"` is a ' +
      'literal quote (`\\"status\\":\\"FAILED\\"`), any other backslash is kept.',
  });

/** At most 15 digits: every such number is a safe integer, so what the pattern allows the server reads. */
const cursor = z
  .string()
  .regex(
    /^[0-9]{1,15}--?[0-9]{1,15}(_[0-9]{1,15}--?[0-9]{1,15})*$/,
    'must be partition-offset pairs joined by _, e.g. 0-49_1-12',
  )
  .optional()
  .meta({ description: 'Resume cursor: per partition the last offset read in the sort direction' });

/** The scan budgets a request may lower (never raise) from the configured ones. */
export const ScanBudgetQuery = z.object({
  maxRecords: lenientInt.meta({
    description: 'Records to examine at most; capped by topicData.scanMaxRecords',
  }),
  maxBytes: lenientInt.meta({ description: 'Bytes to fetch at most; capped by topicData.scanMaxBytes' }),
  maxMs: lenientInt.meta({ description: 'Wall time in ms at most; capped by topicData.scanMaxMs' }),
});

/**
 * The data filters (docs/api-conventions.md#data-filters), shared by the page, the search stream and the
 * download.
 */
export const DataFiltersQuery = ScanBudgetQuery.extend({
  sort: caseInsensitiveEnum(['OLDEST', 'NEWEST']).optional().meta({ description: 'Default OLDEST' }),
  partition: lenientInt.meta({ description: 'One partition; anything not a number (`All`) means all' }),
  timestamp: isoInstant.optional().meta({ description: 'Start at the first offset at or after this time' }),
  endTimestamp: isoInstant.optional().meta({ description: 'Leave out records after this time' }),
  after: cursor,
  searchByKey: searchBy,
  searchByValue: searchBy,
  searchByHeaderKey: searchBy,
  searchByHeaderValue: searchBy,
  searchByKeySubject: searchBy,
  searchByValueSubject: searchBy,
  filter: filterExpression,
});
export type DataFiltersQuery = z.infer<typeof DataFiltersQuery>;

export const DownloadQuery = DataFiltersQuery.extend({
  format: caseInsensitiveEnum(['JSON', 'CSV']).optional().meta({ description: 'Default JSON' }),
});
export type DownloadQuery = z.infer<typeof DownloadQuery>;

/** A partition a read could not reach (docs/behaviour.md#a-broker-down): the others are answered. */
export const UnavailablePartitions = onFirstUse(() =>
  z.array(z.object({ partition: z.number().int(), reason: z.string() })).meta({
    id: 'UnavailablePartitions',
    description:
      'Partitions left out because they cannot be read now (no leader, or its broker down), and why',
  }),
);

/** `GET …/data`: `after` is the next page's URI; `size` the topic's (or partition's) record count. */
export const RecordPage = onFirstUse(() =>
  z
    .object({
      results: z.array(DataRecord),
      after: z.string().optional(),
      size: long,
      scanned: long
        .optional()
        .meta({ description: 'Records the page read, shown or not (a filter may drop some)' }),
      canDeleteRecords: z.boolean(),
      filterFailures: FilterFailures.optional(),
      unavailable: UnavailablePartitions.optional(),
    })
    .meta({ id: 'RecordPage' }),
);
export type RecordPage = z.infer<typeof RecordPage>;

export const ScanStop = z
  .enum(['end', 'limit', 'records', 'bytes', 'time'])
  .meta({ description: 'end: range read; limit: page full; records, bytes, time: a budget ran out' });
export type ScanStop = z.infer<typeof ScanStop>;

export const Scanned = onFirstUse(() => z.object({ records: long, bytes: long, ms: long }));
export type Scanned = z.infer<typeof Scanned>;

/** SSE `searchBody`: matches found since the previous event, the cursor so far, the share scanned. */
export const SearchBody = onFirstUse(() =>
  z
    .object({ records: z.array(DataRecord).optional(), after: z.string().optional(), percent: z.number() })
    .meta({ id: 'SearchBody' }),
);
export type SearchBody = z.infer<typeof SearchBody>;

/** SSE `searchEnd`, the last event: where to resume (`after`), why the scan stopped and how far it got. */
export const SearchEnd = onFirstUse(() =>
  z
    .object({
      after: z.string().optional(),
      percent: z.number(),
      reason: ScanStop,
      scanned: Scanned,
      filterFailures: FilterFailures.optional(),
      unavailable: UnavailablePartitions.optional(),
    })
    .meta({ id: 'SearchEnd' }),
);
export type SearchEnd = z.infer<typeof SearchEnd>;

export const TopicDataParams = ClusterParams.extend({ topic: z.string().min(1) });
export const RecordParams = TopicDataParams.extend({
  partition: z.coerce.number().int().min(0),
  offset: z.coerce.number().int().min(0),
});
export const CopyParams = TopicDataParams.extend({
  toCluster: z.string().min(1),
  toTopic: z.string().min(1),
});

/**
 * `POST …/data` (docs/api-conventions.md#produce); unknown properties the UI sends (`clusterId`, `topicId`)
 * are ignored.
 */
export const ProduceBody = onFirstUse(() =>
  z
    .object({
      value: z.string().nullish().meta({ description: 'Null, absent or empty: a null value (tombstone)' }),
      key: z.string().nullish().meta({ description: 'Empty: no key' }),
      partition: z
        .union([intOrText(z.number().int().min(0).max(2_147_483_647)), z.literal('').transform(() => null)])
        .nullish()
        .meta({ description: 'Absent, null or empty: the partitioner chooses' }),
      timestamp: isoInstant.nullish(),
      headers: z
        .array(z.object({ key: z.string().nullish(), value: z.string().nullish() }))
        .default([])
        .meta({ description: 'Entries with an empty key are dropped' }),
      keySchema: z
        .string()
        .nullish()
        .meta({ description: 'Registry subject; the key is encoded with its latest schema' }),
      valueSchema: z.string().nullish(),
      multiMessage: z.boolean().default(false),
      keyValueSeparator: z.string().nullish().meta({
        description:
          'A literal string (not a regular expression) between key and value on each line; required with multiMessage',
      }),
    })
    .superRefine((body, ctx) => {
      if (body.multiMessage && !body.keyValueSeparator)
        ctx.addIssue({ code: 'custom', path: ['keyValueSeparator'], message: 'required with multiMessage' });
    })
    .meta({
      id: 'ProduceBody',
      description:
        'One record, or with `multiMessage` one per non-blank line of `value`, split at `keyValueSeparator`',
      // The refinement above, as JSON Schema states it.
      if: { properties: { multiMessage: { const: true } }, required: ['multiMessage'] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, in metadata never awaited
      then: {
        properties: { keyValueSeparator: { type: 'string', minLength: 1 } },
        required: ['keyValueSeparator'],
      },
    }),
);
export type ProduceBody = z.infer<typeof ProduceBody>;
export const ProducedRecords = onFirstUse(() => z.array(DataRecord));

const base64Key = z
  .string()
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be the base64 of the key bytes')
  .meta({ description: 'Standard base64 of the key bytes' });

/**
 * `DELETE …/data`: a tombstone for one key. Both are required; AKHQ's client sends them as a JSON body
 * instead, which the route reads into the query when the query lacks them.
 */
export const DeleteRecordQuery = onFirstUse(() =>
  z.object({
    partition: z.coerce.number().int().min(0).max(2147483647),
    key: base64Key,
  }),
);
export const DeleteRecordBody = onFirstUse(() =>
  z
    .looseObject({ partition: z.unknown().optional(), key: z.unknown().optional() })
    .nullish()
    .meta({ description: "AKHQ's form: `partition` and `key` as in the query, which wins" }),
);

export const CopyBody = onFirstUse(() =>
  z
    .array(
      z.object({
        partition: intOrText(z.number().int().min(0)),
        offset: intOrText(long.min(0)).meta({ description: '0: from the first offset' }),
      }),
    )
    .meta({
      id: 'CopyOffsets',
      description:
        'Source partitions to copy, each from the given offset; an empty list is a 409, as in AKHQ',
    }),
);
export type CopyBody = z.infer<typeof CopyBody>;

/** `{records}` copied; when a budget stopped the copy, `stopped` says which and `next` is the body to resume. */
export const CopyResult = onFirstUse(() =>
  z
    .object({
      records: z.number().int(),
      stopped: ScanStop.optional(),
      next: CopyBody.optional(),
    })
    .meta({ id: 'CopyResult' }),
);
export type CopyResult = z.infer<typeof CopyResult>;
