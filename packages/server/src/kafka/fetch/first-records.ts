import type { Admin } from '@platformatic/kafka';
import { inBatches } from '../cluster/request-limits.ts';
import type { BrokerInfo, ClusterView, TopicMeta } from '../metadata.ts';
import { fetchTopics, type TopicFetch } from './fetch.ts';

/** The first record of `partition` of `topic` at or after `offset`, looked for below `end`. */
export type FirstRecordWant = { topic: TopicMeta; partition: number; offset: number; end: number };

export const firstRecordKey = (topic: string, partition: number, offset: number) =>
  `${topic}\u0000${partition}\u0000${offset}`;

/** Enough for a producer's default batch (batch.size 16 KiB); a larger batch is asked again with more. */
const FIRST_BYTES = 32 * 1024;
/** The broker's default message.max.bytes, rounded up: a batch larger than that is left unread. */
const GROWN_BYTES = 1024 * 1024;
/** Partitions of one request share this; each gets its whole partition share, so none is left out. */
const RESPONSE_MAX_BYTES = 4 * 1024 * 1024;
/** A round past an aborted transaction's records, or with a grown byte limit; then it gives up. */
const MAX_ROUNDS = 3;

type Pending = { want: FirstRecordWant; offset: number; bytes: number };
type Request = { broker: BrokerInfo; items: Pending[]; keys: Set<string>; bytes: number };

/**
 * The timestamp of the first record at or after each want's offset, as a read_committed consumer would
 * get it (records of aborted transactions and markers skipped), keyed by `firstRecordKey`. No consumer
 * group: group-less Fetch requests straight to each partition's leader (fetch.ts), several partitions a
 * request (at most RESPONSE_MAX_BYTES ÷ their byte limit), one offset per partition a request, through
 * the client's `requestConcurrency`. Each partition is read with FIRST_BYTES, once more with GROWN_BYTES
 * when its batch was bigger, and past records of aborted transactions at most MAX_ROUNDS times in all.
 * A want whose record could not be read (leader gone, batch too big, no timestamp) is absent. `signal`
 * stops it between requests.
 */
export async function firstRecordTimestamps(
  admin: Admin,
  view: ClusterView,
  wants: readonly FirstRecordWant[],
  signal?: AbortSignal,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  let pending: Pending[] = wants
    .filter((w) => w.offset < w.end)
    .map((want) => ({ want, offset: want.offset, bytes: FIRST_BYTES }));
  for (let round = 0; round < MAX_ROUNDS && pending.length > 0; round++) {
    signal?.throwIfAborted();
    const again: Pending[] = [];
    await inBatches(admin, plan(view, pending), async (request) => {
      signal?.throwIfAborted();
      const byTopic = new Map<TopicMeta, Pending[]>();
      for (const item of request.items) {
        const items = byTopic.get(item.want.topic) ?? [];
        items.push(item);
        byTopic.set(item.want.topic, items);
      }
      const fetches: TopicFetch[] = [...byTopic].map(([topic, items]) => ({
        topic,
        wants: items.map((i) => ({ partition: i.want.partition, offset: i.offset, maxBytes: i.bytes })),
      }));
      const asked = new Map(request.items.map((i) => [`${i.want.topic.name}\u0000${i.want.partition}`, i]));
      for (const answer of await fetchTopics(admin, request.broker, fetches, RESPONSE_MAX_BYTES, 0)) {
        const item = asked.get(`${answer.topic}\u0000${answer.partition}`);
        if (!item || answer.errorCode !== 0) continue;
        const record = answer.records.find((r) => r.offset >= item.offset);
        const { want } = item;
        if (record) {
          if (record.timestamp >= 0)
            found.set(firstRecordKey(want.topic.name, want.partition, want.offset), record.timestamp);
        } else if (answer.cut) {
          if (item.bytes < GROWN_BYTES) again.push({ ...item, bytes: GROWN_BYTES });
        } else if (answer.next > item.offset && answer.next < want.end) {
          again.push({ ...item, offset: answer.next });
        }
      }
    });
    pending = again;
  }
  return found;
}

/**
 * The requests of a round: per leader, each holding at most one offset of a partition and partitions
 * whose byte limits add up to RESPONSE_MAX_BYTES at most. Partitions without a leader are left out.
 */
function plan(view: ClusterView, pending: readonly Pending[]): Request[] {
  const requests: Request[] = [];
  const open = new Map<number, Request[]>();
  for (const item of pending) {
    const leader = item.want.topic.partitions.find((p) => p.id === item.want.partition)?.leader ?? -1;
    const broker = view.brokers.get(leader);
    if (!broker) continue;
    const key = `${item.want.topic.name}\u0000${item.want.partition}`;
    const mine = open.get(leader) ?? [];
    open.set(leader, mine);
    let request = mine.find((r) => !r.keys.has(key) && r.bytes + item.bytes <= RESPONSE_MAX_BYTES);
    if (!request) {
      request = { broker, items: [], keys: new Set(), bytes: 0 };
      mine.push(request);
      requests.push(request);
    }
    request.items.push(item);
    request.keys.add(key);
    request.bytes += item.bytes;
  }
  return requests;
}
