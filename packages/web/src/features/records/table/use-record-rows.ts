import type { DataRecord, SearchEnd } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { recordPageQuery, recordSearchQuery, singleRecordQuery } from '../api';
import type { Sort } from '../cursor';
import { cursorOfUri } from '../cursor';
import { type DataUrlState, filtersQuery, hasSearch } from '../data-url';
import { type SearchStatus, searchStatus } from '../search/search-status';

export type RecordRows = {
  records: DataRecord[] | undefined;
  loading: boolean;
  failed: boolean;
  canDeleteRecords: boolean;
  /** The cursor of the next page; undefined on the last one. */
  next: string | undefined;
  /** Present while the rows come from the search stream. */
  search: SearchStatus | undefined;
  /** Records read to find those shown, when known (a search says it at its end). */
  scanned: number | undefined;
  /** When the plain page shown was read (0 for the other sources). */
  pageUpdatedAt: number;
  /** Partitions the read could not reach (a broker down), and why: the rows come from the others. */
  unavailable: { partition: number; reason: string }[];
  stop: () => void;
};

/**
 * The Data tab's rows from one of three sources (docs/behaviour.md#data-tab): the share link's single record,
 * the search stream when any search text is set, else a plain page.
 */
export function useRecordRows(
  cluster: string,
  topic: string,
  state: DataUrlState,
  sort: Sort,
  /** Whether the topic takes tombstones, for the search stream, which does not say so itself. */
  compacted: boolean,
  /** False until the UI options (the default sort) are known, so the first request is the right one. */
  ready: boolean,
): RecordRows {
  const client = useQueryClient();
  const query = filtersQuery(state, sort);
  const single = state.single && state.partition !== undefined && state.offset !== undefined;
  const searching = !single && hasSearch(state);

  const one = useQuery({
    ...singleRecordQuery(cluster, topic, state.partition ?? 0, state.offset ?? 0),
    enabled: ready && single,
  });
  const stream = useQuery({ ...recordSearchQuery(cluster, topic, query, sort), enabled: ready && searching });
  const page = useQuery({
    ...recordPageQuery(cluster, topic, query),
    enabled: ready && !single && !searching,
  });

  if (single) {
    return {
      records: one.data?.results,
      loading: one.isPending,
      failed: one.isError,
      canDeleteRecords: one.data?.canDeleteRecords ?? false,
      next: undefined,
      search: undefined,
      scanned: undefined,
      pageUpdatedAt: 0,
      unavailable: [],
      stop: () => undefined,
    };
  }
  if (searching) {
    const running = stream.fetchStatus === 'fetching';
    const data = stream.data;
    return {
      records: data?.records,
      loading: stream.isPending && running,
      failed: stream.isError,
      canDeleteRecords: compacted,
      next: searchNext(running, data?.end, data?.after),
      search: searchStatus({ ready, running, data, error: stream.error }),
      scanned: running ? undefined : data?.end?.scanned.records,
      pageUpdatedAt: 0,
      unavailable: data?.end?.unavailable ?? [],
      // Cancelling keeps what arrived (the state reverts to the last streamed update) and aborts the fetch.
      stop: () =>
        void client.cancelQueries({ queryKey: recordSearchQuery(cluster, topic, query, sort).queryKey }),
    };
  }
  return {
    records: page.data?.results,
    loading: page.isPending,
    failed: page.isError,
    canDeleteRecords: page.data?.canDeleteRecords ?? false,
    next: cursorOfUri(page.data?.after),
    search: undefined,
    scanned: page.data?.scanned,
    pageUpdatedAt: page.dataUpdatedAt,
    unavailable: page.data?.unavailable ?? [],
    stop: () => undefined,
  };
}

/** A full page or a spent budget goes on from the end's cursor; a stopped search from where it got to. */
function searchNext(running: boolean, end: SearchEnd | undefined, after: string | undefined) {
  if (running) return undefined;
  if (!end) return after;
  return end.reason === 'end' ? undefined : end.after;
}
