import type { SearchEnd } from '@console/contract';
import type { SearchState } from './search-stream';

export type SearchStatus = {
  percent: number;
  running: boolean;
  /**
   * Stopped by the user before the end: Stop cancels the query, which keeps what had arrived, maybe nothing.
   */
  stopped: boolean;
  end: SearchEnd | undefined;
  /** Why the search request failed, when it did. */
  error: string | undefined;
};

type Stream = {
  /** False until the query may run (the UI options are known). */
  ready: boolean;
  running: boolean;
  data: SearchState | undefined;
  error: Error | null;
};

/** What the status line under the search form says (docs/behaviour.md#search-progress). */
export function searchStatus({ ready, running, data, error }: Stream): SearchStatus {
  return {
    percent: data?.percent ?? 0,
    running,
    stopped: ready && !running && error === null && data?.end === undefined,
    end: data?.end,
    error: error === null ? undefined : error.message || 'The search failed',
  };
}
