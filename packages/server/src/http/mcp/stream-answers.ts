import {
  type ErrorEnvelope,
  MOVE_EVENT,
  type MoveEnd,
  type MoveProgress,
  SEARCH_EVENT,
  type SearchBody,
  type SearchEnd,
  STREAM_SHUTDOWN_EVENT,
  TAIL_EVENT,
  type TailBody,
} from '@console/contract';
import type { StreamFrame } from './event-stream.ts';

/** What a stream tool answers: the collected JSON, or the stream's own error event. */
export type StreamAnswer = { ok: true; value: Record<string, unknown> } | { ok: false; error: ErrorEnvelope };

const ERRORS = new Set<string>([
  SEARCH_EVENT.error,
  TAIL_EVENT.error,
  MOVE_EVENT.error,
  STREAM_SHUTDOWN_EVENT,
]);

type Records = NonNullable<SearchBody['records']>;

/**
 * A search collected into one answer (docs/mcp.md#streams): the matches of every `searchBody` and the
 * `searchEnd` (where to resume, why the scan stopped, how far it got); or, once `limit` matches are in at
 * the end of a batch, the matches so far with the last batch's `after`, `stopped: "limit"`, and `stop()`
 * ends the scan. The scan budgets bound the rest, as for the API.
 */
export async function collectSearch(
  frames: AsyncIterable<StreamFrame>,
  limit: number,
  stop: () => void,
): Promise<StreamAnswer> {
  const records: Records = [];
  let last: SearchBody | undefined;
  for await (const frame of frames) {
    if (ERRORS.has(frame.event)) return { ok: false, error: frame.data as ErrorEnvelope };
    if (frame.event === SEARCH_EVENT.end)
      return { ok: true, value: { records, ...(frame.data as SearchEnd) } };
    if (frame.event !== SEARCH_EVENT.body) continue;
    last = frame.data as SearchBody;
    records.push(...(last.records ?? []));
    if (records.length >= limit) {
      stop();
      const { after, percent } = last;
      return { ok: true, value: { records, ...(after ? { after } : {}), percent, stopped: 'limit' } };
    }
  }
  // The stream ended without its end event: the client side went away or the server is shutting down.
  return {
    ok: false,
    error: { message: 'The search ended before its end event', code: 'INTERNAL', requestId: '' },
  };
}

/**
 * A live tail followed for `seconds` (docs/mcp.md#streams): the newest `keep` records of every `tailBody`
 * (oldest first, as the tail sends them) and the last cumulative `offsets`, which resume the tail as its
 * `after` argument.
 */
export async function collectTail(
  frames: AsyncIterable<StreamFrame>,
  seconds: number,
  keep: number,
  stop: () => void,
): Promise<StreamAnswer> {
  const timer = setTimeout(stop, seconds * 1000);
  let records: Records = [];
  let last: TailBody = {};
  try {
    for await (const frame of frames) {
      if (ERRORS.has(frame.event)) return { ok: false, error: frame.data as ErrorEnvelope };
      if (frame.event !== TAIL_EVENT.body) continue;
      const body = frame.data as TailBody;
      last = { ...last, ...body };
      records.push(...(body.records ?? []));
      if (records.length > keep) records = records.slice(-keep);
    }
  } finally {
    clearTimeout(timer);
  }
  const { offsets, filterFailures } = last;
  return {
    ok: true,
    value: {
      records,
      ...(offsets ? { offsets } : {}),
      ...(filterFailures ? { filterFailures } : {}),
      seconds,
    },
  };
}

/**
 * A redrive or replay run collected into one answer (docs/mcp.md#streams): its `moveEnd` (counts per target,
 * the cursor) with the run's id; a failure's message names the last cursor, from which the same call with
 * `after` goes on without sending anything twice.
 */
export async function collectRun(frames: AsyncIterable<StreamFrame>): Promise<StreamAnswer> {
  let id = '';
  let last: MoveProgress | undefined;
  for await (const frame of frames) {
    if (frame.event === MOVE_EVENT.start) id = (frame.data as { id: string }).id;
    if (frame.event === MOVE_EVENT.progress) last = frame.data as MoveProgress;
    if (frame.event === MOVE_EVENT.end) return { ok: true, value: { id, ...(frame.data as MoveEnd) } };
    if (ERRORS.has(frame.event)) {
      const error = frame.data as ErrorEnvelope;
      const resume = last?.after
        ? ` (${last.sent} sent; resume with after=${last.after})`
        : ' (nothing sent)';
      return { ok: false, error: { ...error, message: `${error.message}${resume}` } };
    }
  }
  return {
    ok: false,
    error: { message: 'The run ended before its end event', code: 'INTERNAL', requestId: '' },
  };
}
