import type { TailBody, TailRecord } from '@console/contract';
import { type Admin, ListOffsetTimestamps } from '@platformatic/kafka';
import type { SseEvent } from '../../sse.ts';
import { byLeader, readMetadata, type TopicMeta } from '../metadata.ts';
import { listOffsets } from '../offsets.ts';
import { type DecodeContext, schemaIds } from './decode.ts';
import { type Fetched, fetchTopics } from './fetch.ts';
import { matches, type SearchFilter } from './filters.ts';
import { RecordView } from './record-view.ts';

export type TailSource = {
  /** The tail's own client (see KafkaPool.tailClient): its fetches wait on the broker. */
  client: Admin;
  /** For metadata and offsets. */
  admin: Admin;
  topics: readonly TopicMeta[];
  /** `topic\u0000partition` → where to resume; other partitions start at their current end. */
  after: ReadonlyMap<string, number>;
  filter: SearchFilter | undefined;
  /** At most this many records per event (the newest); the client keeps no more anyway. */
  size: number;
  decode: (topic: TopicMeta) => DecodeContext;
  signal: AbortSignal;
};

/** How long a fetch waits on the broker for new data: the most a stop or a metadata change waits. */
const WAIT_MS = 500;
/** An empty `tailBody` (the offsets only) goes out after this much silence (contract §3.5: a keep-alive). */
const IDLE_EVENT_MS = 10_000;
const PARTITION_MAX_BYTES = 1024 * 1024;
const RESPONSE_MAX_BYTES = 4 * 1024 * 1024;
const LEADER_MOVED = new Set([3, 5, 6, 74, 75, 100]);
const OFFSET_OUT_OF_RANGE = 1;

export const positionKey = (topic: string, partition: number) => `${topic}\u0000${partition}`;

/** Tails running now; tests read it to see that a left stream stopped reading. */
export const tailStats = { active: 0 };

/**
 * The live tail (contract §3.5): new records of every partition of `topics` from their current ends (or
 * from `after`), fetched straight from the leaders with no consumer group, one request per leader
 * waiting on the broker for data. Yields a first `tailBody` with the starting offsets, then one per
 * answer with matches (records oldest first) and, cumulative, where every partition resumes; an empty
 * one after a quiet spell. Ends when `signal`
 * aborts; a Kafka failure ends the stream by throwing.
 */
export async function* tailEvents(source: TailSource): AsyncGenerator<SseEvent> {
  const { client, admin, signal } = source;
  tailStats.active++;
  try {
    let topics = [...source.topics];
    let view = await readMetadata(
      admin,
      topics.map((t) => t.name),
    );
    const positions = new Map<string, number>();
    const toLatest = async (wanted: readonly TopicMeta[], onlyMissing: boolean) => {
      const ends = await listOffsets(admin, view, wanted, ListOffsetTimestamps.LATEST);
      for (const t of wanted) {
        for (const p of t.partitions) {
          const key = positionKey(t.name, p.id);
          if (onlyMissing && positions.has(key)) continue;
          const end = ends.get(t.name)?.get(p.id)?.offset;
          if (end !== undefined) positions.set(key, end);
        }
      }
    };
    for (const t of topics) {
      for (const p of t.partitions) {
        const from = source.after.get(positionKey(t.name, p.id));
        if (from !== undefined) positions.set(positionKey(t.name, p.id), from);
      }
    }
    await toLatest(topics, true);
    const offsets = () => [...positions].map(([key, offset]) => `${key.replace('\u0000', ',')},${offset}`);
    // At once: where the tail starts (and that it has started: anything produced from now on shows).
    yield { event: 'tailBody', data: { offsets: offsets() } satisfies TailBody };

    let lastEvent = Date.now();
    while (!signal.aborted) {
      const rounds = byLeader(view, topics).map(({ broker, topics: owned }) =>
        fetchTopics(
          client,
          broker,
          [...owned].map(([topic, partitions]) => ({
            topic,
            wants: partitions.flatMap((p) => {
              const offset = positions.get(positionKey(topic.name, p.id));
              return offset === undefined ? [] : [{ partition: p.id, offset, maxBytes: PARTITION_MAX_BYTES }];
            }),
          })),
          RESPONSE_MAX_BYTES,
          WAIT_MS,
        ),
      );
      if (rounds.length === 0) await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
      const results = (await Promise.all(rounds)).flat();
      if (signal.aborted) return;
      await loadSchemas(results, topics, source);
      const { views, stale, reset } = settle(results, topics, positions, source);
      if (stale) {
        // A leader moved or a topic changed: read the metadata again, keep every position.
        view = await readMetadata(
          admin,
          topics.map((t) => t.name),
        );
        topics = topics.flatMap((t) => view.topics.get(t.name) ?? []);
        await toLatest(topics, true);
      }
      if (reset.length) await toLatest(reset, false);
      const now = Date.now();
      if (views.length === 0 && now - lastEvent < IDLE_EVENT_MS) continue;
      lastEvent = now;
      const records: TailRecord[] = views
        .sort((a, b) => a.view.raw.timestamp - b.view.raw.timestamp)
        .slice(-source.size)
        .map(({ topic, view }) => ({ topic, ...view.toRecord() }));
      const data: TailBody = {
        ...(records.length ? { records } : {}),
        offsets: offsets(),
      };
      yield { event: 'tailBody', data };
    }
  } finally {
    tailStats.active--;
  }
}

/** Moves the positions past what was fetched and keeps the matches; says what needs reading again. */
function settle(
  results: readonly Fetched[],
  topics: readonly TopicMeta[],
  positions: Map<string, number>,
  source: TailSource,
): { views: { topic: string; view: RecordView }[]; stale: boolean; reset: TopicMeta[] } {
  const metas = new Map(topics.map((t) => [t.name, t]));
  const views: { topic: string; view: RecordView }[] = [];
  const reset = new Set<TopicMeta>();
  let stale = false;
  for (const r of results) {
    const meta = metas.get(r.topic);
    if (!meta) continue;
    if (LEADER_MOVED.has(r.errorCode)) {
      stale = true;
      continue;
    }
    if (r.errorCode === OFFSET_OUT_OF_RANGE) {
      // The log was truncated or recreated under the tail: carry on from its current end.
      reset.add(meta);
      continue;
    }
    if (r.errorCode !== 0)
      throw Object.assign(new Error(`Fetch error ${r.errorCode}`), { errorCode: r.errorCode });
    positions.set(positionKey(r.topic, r.partition), r.next);
    const context = source.decode(meta);
    for (const raw of r.records) {
      const view = new RecordView(raw, context);
      if (!source.filter || matches(source.filter, [view.key.text, view.value.text])) {
        views.push({ topic: r.topic, view });
      }
    }
  }
  return { views, stale, reset: [...reset] };
}

/** Loads the registry schemas the fetched records name, so that they decode synchronously. */
async function loadSchemas(results: readonly Fetched[], topics: readonly TopicMeta[], source: TailSource) {
  for (const t of topics) {
    const { schemas, detectSchemas } = source.decode(t);
    if (!schemas || !detectSchemas) continue;
    const ids = schemaIds(results.filter((r) => r.topic === t.name).flatMap((r) => r.records));
    if (ids.length) await schemas.load(ids);
  }
}
