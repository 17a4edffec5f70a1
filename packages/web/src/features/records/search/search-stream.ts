import { type DataRecord, SEARCH_EVENT, SearchBody, SearchEnd } from '@console/contract';
import { ResponseShapeError } from '../../../api/errors';
import type { SseMessage } from '../../../api/sse/sse';
import type { Sort } from '../cursor';

/** docs/behaviour.md#search-progress: the display moves only on steps of at least this many percent. */
export const PROGRESS_STEP = 0.5;

export type SearchChunk = { records: DataRecord[]; percent: number; after?: string; end?: SearchEnd };
export type SearchState = SearchChunk;

export const emptySearch: SearchState = { records: [], percent: 0 };

/**
 * Turns the stream's events into display updates: every batch of matches and the end at once, bare
 * progress only when it moved by PROGRESS_STEP. A `searchError` event never reaches it: the stream throws
 * it as an ApiError (api/sse/stream-error.ts).
 */
export async function* searchChunks(messages: AsyncIterable<SseMessage>): AsyncGenerator<SearchChunk> {
  let shown = 0;
  let after: string | undefined;
  for await (const { event, data } of messages) {
    if (event === SEARCH_EVENT.body) {
      const body = SearchBody.parse(data);
      after = body.after ?? after;
      const records = body.records ?? [];
      if (records.length === 0 && body.percent - shown < PROGRESS_STEP) continue;
      shown = body.percent;
      yield { records, percent: body.percent, ...(after ? { after } : {}) };
    } else if (event === SEARCH_EVENT.end) {
      const end = SearchEnd.parse(data);
      yield { records: [], percent: end.percent, ...(end.after ? { after: end.after } : {}), end };
      return;
    }
  }
  throw new ResponseShapeError('The search stream ended early');
}

const time = (record: DataRecord) => Date.parse(record.timestamp);

/** Adds a chunk to what is shown, kept in timestamp order (ascending for Oldest, descending for Newest). */
export function addChunk(sort: Sort) {
  const sign = sort === 'OLDEST' ? 1 : -1;
  return (state: SearchState, chunk: SearchChunk): SearchState => {
    const records = chunk.records.length
      ? [...state.records, ...chunk.records].sort((a, b) => sign * (time(a) - time(b)))
      : state.records;
    const after = chunk.after ?? state.after;
    return {
      records,
      percent: chunk.percent,
      ...(after ? { after } : {}),
      ...(chunk.end ? { end: chunk.end } : {}),
    };
  };
}
