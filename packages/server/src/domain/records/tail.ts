import { TAIL_EVENT, type TailBody, type TailEvent } from '@console/contract';
import type { TopicMeta } from '../../kafka/metadata.ts';
import { type OrRawJson, RawJson } from '../../platform/raw-json.ts';
import type { RecordMask } from '../masking/policy.ts';
import type { RecordFilter } from './expression/record-filter.ts';
import type { SearchFilter } from './scan/filters.ts';
import type { TailHub } from './tail-hub.ts';

export { positionKey } from './tail-hub.ts';

export type TailRequest = {
  hub: TailHub;
  topics: readonly TopicMeta[];
  /** `topic\u0000partition` → where to resume; other partitions start at their current end. */
  after: ReadonlyMap<string, number>;
  filter: SearchFilter | undefined;
  /** The viewer's masks per topic (security.masking). */
  mask: (topic: string) => RecordMask | undefined;
  expression?: RecordFilter | undefined;
  /** At most this many records per event (the newest); the client keeps no more anyway. */
  size: number;
  signal: AbortSignal;
};

/**
 * An empty `tailBody` (the offsets only) goes out after this much silence, as a keep-alive
 * (docs/api-conventions.md#live-tail).
 */
const IDLE_EVENT_MS = 10_000;

/** Tails open now, and tails started so far (positions known); tests read them. */
export const tailStats = { active: 0, started: 0 };

/**
 * The live tail stream (docs/api-conventions.md#live-tail), read through the cluster's TailHub: a first
 * `tailBody` with the starting offsets once they are known, then one with the new matches (in order within
 * each partition) and, cumulative, where every partition resumes; an empty one after a quiet spell. Ends when
 * `signal` aborts; a Kafka failure ends it by throwing.
 */
export async function* tailEvents(request: TailRequest): AsyncGenerator<OrRawJson<TailEvent>> {
  const { hub, signal } = request;
  tailStats.active++;
  const subscription = await hub
    .subscribe(request.topics, request.after, request.filter, request.size, request.mask, request.expression)
    .catch((error: unknown) => {
      tailStats.active--;
      throw error;
    });
  tailStats.started++;
  try {
    const offsets = () =>
      [...subscription.positions].map(([key, offset]) => `${key.replace('\u0000', ',')},${offset}`);
    yield { event: TAIL_EVENT.body, data: { offsets: offsets() } satisfies TailBody };
    let lastEvent = Date.now();
    let failuresSent = 0;
    while (!signal.aborted) {
      const records = await subscription.take(IDLE_EVENT_MS, signal);
      if (signal.aborted) return;
      const now = Date.now();
      // The expression's failures, cumulative, in the next event after their count grew.
      const failures = request.expression?.report();
      const newFailures = failures !== undefined && failures.count > failuresSent;
      if (records.length === 0 && !newFailures && now - lastEvent < IDLE_EVENT_MS) continue;
      lastEvent = now;
      // Records are shared by every tail that gets them: each one's JSON is made once.
      const body = records.length ? `"records":[${records.join(',')}],` : '';
      const failed = newFailures ? `"filterFailures":${JSON.stringify(failures)},` : '';
      if (failures) failuresSent = failures.count;
      yield {
        event: TAIL_EVENT.body,
        data: new RawJson<TailBody>(`{${body}${failed}"offsets":${JSON.stringify(offsets())}}`),
      };
    }
  } finally {
    hub.unsubscribe(subscription);
    tailStats.active--;
  }
}
