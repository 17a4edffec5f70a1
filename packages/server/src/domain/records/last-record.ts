import type { LastRecords } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { fetchTopics } from '../../kafka/fetch/fetch.ts';
import type { RawRecord } from '../../kafka/fetch/types.ts';
import { byLeader, readMetadata, type TopicMeta } from '../../kafka/metadata.ts';
import { partitionOffsets } from '../../kafka/offsets.ts';
import { MaskedRecord } from '../masking/masked-record.ts';
import type { RecordMask } from '../masking/policy.ts';
import { type DecodeContext, schemaIds } from './decode/decode.ts';
import { DecodedRecord } from './decode/decoded-record.ts';
import { toDataRecord } from './view/record-view.ts';

/** Enough for the last batches of a partition; a larger first batch still comes whole (KIP-74). */
const PARTITION_MAX_BYTES = 256 * 1024;
const RESPONSE_MAX_BYTES = 16 * 1024 * 1024;

/** Later in time wins; at the same time, the later offset (of the same or a higher partition). */
const newer = (a: RawRecord, b: RawRecord) =>
  a.timestamp !== b.timestamp ? a.timestamp > b.timestamp : a.offset > b.offset;

/**
 * Newest record of each topic, whole and decoded, as AKHQ answers (docs/api-conventions.md#last-record). One
 * metadata request, one offsets exchange, then one Fetch per leader for the last two offsets of every
 * non-empty partition (read_committed: aborted records and transaction markers left out): no consumer group
 * is created or joined. Per topic the record with the latest timestamp wins. Topics with no record are
 * absent. Values longer than `maxLength` are cut as on the Data tab: the topic list asks for 25 topics at
 * once.
 */
export async function lastRecords(
  admin: Admin,
  names: readonly string[],
  decode: (topic: TopicMeta) => DecodeContext,
  mask: (topic: string) => RecordMask | undefined,
  maxLength: number | undefined,
): Promise<LastRecords> {
  if (names.length === 0) return {};
  const view = await readMetadata(admin, names);
  const topics = [...view.topics.values()];
  const offsets = await partitionOffsets(admin, view, topics);
  const newest = new Map<string, RawRecord>();

  await Promise.all(
    byLeader(view, topics).map(async ({ broker, topics: owned }) => {
      const requests = [...owned]
        .map(([topic, partitions]) => ({
          topic,
          wants: partitions.flatMap((p) => {
            const o = offsets.get(topic.name)?.get(p.id);
            if (!o || o.last <= o.first) return [];
            const offset = Math.max(o.first, o.last - 2);
            return [{ partition: p.id, offset, maxBytes: PARTITION_MAX_BYTES }];
          }),
        }))
        .filter((t) => t.wants.length > 0);
      if (requests.length === 0) return;
      for (const fetched of await fetchTopics(admin, broker, requests, RESPONSE_MAX_BYTES, 0)) {
        for (const record of fetched.records) {
          const known = newest.get(fetched.topic);
          if (!known || newer(record, known)) newest.set(fetched.topic, record);
        }
      }
    }),
  );

  const result: LastRecords = {};
  for (const name of names) {
    const raw = newest.get(name);
    const meta = view.topics.get(name);
    if (!raw || !meta || raw.timestamp < 0) continue;
    const context = decode(meta);
    if (context.schemas && context.detectSchemas) await context.schemas.load(schemaIds([raw]));
    result[name] = toDataRecord(new MaskedRecord(new DecodedRecord(raw, context), mask(name)), maxLength);
  }
  return result;
}
