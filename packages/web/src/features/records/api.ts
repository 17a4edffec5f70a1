import {
  RecordPage,
  SchemaIdRef,
  SEARCH_EVENT,
  SubjectNames,
  TimeOffsetList,
  TopicNames,
} from '@console/contract';
import {
  keepPreviousData,
  queryOptions,
  experimental_streamedQuery as streamedQuery,
} from '@tanstack/react-query';
import { apiPath, type QueryValue, queryString } from '../../api/base-path';
import { apiUrl } from '../../api/deployment';
import { apiRequest } from '../../api/http';
import { sseEvents } from '../../api/sse/sse';
import { topicKeys } from '../topics/api';
import type { Sort } from './cursor';
import { addChunk, emptySearch, searchChunks } from './search/search-stream';

export type FiltersQuery = Record<string, QueryValue>;

export const recordKeys = {
  all: (cluster: string, topic: string) => [...topicKeys.detail(cluster, topic), 'data'] as const,
  page: (cluster: string, topic: string, query: FiltersQuery) =>
    [...recordKeys.all(cluster, topic), 'page', query] as const,
  search: (cluster: string, topic: string, query: FiltersQuery) =>
    [...recordKeys.all(cluster, topic), 'search', query] as const,
  single: (cluster: string, topic: string, partition: number, offset: number) =>
    [...recordKeys.all(cluster, topic), 'record', partition, offset] as const,
  schemaId: (cluster: string, id: string) => ['clusters', cluster, 'schema-id', id] as const,
  subjects: (cluster: string) => ['clusters', cluster, 'schema-subjects'] as const,
  topicNames: (cluster: string, show: string) => [...topicKeys.all(cluster), 'names', show] as const,
  offsetsAt: (cluster: string, topic: string, timestamp: string) =>
    [...topicKeys.detail(cluster, topic), 'offsets-at', timestamp] as const,
};

const dataPath = (cluster: string, topic: string, ...rest: (string | number)[]) =>
  apiPath(cluster, 'topic', topic, 'data', ...rest);

/**
 * A page of records without search text (docs/behaviour.md#data-tab); the previous page stays while the next
 * loads.
 */
export function recordPageQuery(cluster: string, topic: string, query: FiltersQuery) {
  return queryOptions({
    queryKey: recordKeys.page(cluster, topic, query),
    queryFn: ({ signal }) => apiRequest(dataPath(cluster, topic), { query, schema: RecordPage, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * With search text the records stream over server-sent events; the cache holds what arrived so far.
 * Leaving the page aborts the stream (the query reads the signal); it is never retried.
 */
export function recordSearchQuery(cluster: string, topic: string, query: FiltersQuery, sort: Sort) {
  return queryOptions({
    queryKey: recordKeys.search(cluster, topic, query),
    queryFn: streamedQuery({
      streamFn: ({ signal }) =>
        searchChunks(
          sseEvents(dataPath(cluster, topic, 'search'), { query, signal, errorEvent: SEARCH_EVENT.error }),
        ),
      reducer: addChunk(sort),
      initialValue: emptySearch,
    }),
    retry: false,
  });
}

/**
 * The share link's record: the first one at or after the offset, never truncated
 * (docs/api-conventions.md#single-record).
 */
export function singleRecordQuery(cluster: string, topic: string, partition: number, offset: number) {
  return queryOptions({
    queryKey: recordKeys.single(cluster, topic, partition, offset),
    queryFn: ({ signal }) =>
      apiRequest(dataPath(cluster, topic, 'record', partition, offset), { schema: RecordPage, signal }),
  });
}

/** Resolves a schema id to its subject for the badge link (docs/behaviour.md#data-tab); ids never change. */
export function schemaIdQuery(cluster: string, id: string, topic: string) {
  return queryOptions({
    queryKey: recordKeys.schemaId(cluster, id),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'schema', 'id', id), { query: { topic }, schema: SchemaIdRef, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
    retry: false,
  });
}

export function subjectsQuery(cluster: string) {
  return queryOptions({
    queryKey: recordKeys.subjects(cluster),
    queryFn: ({ signal }) => apiRequest(apiPath(cluster, 'schemas'), { schema: SubjectNames, signal }),
  });
}

/** Topic names; `HIDE_INTERNAL` leaves out the cluster's internal topics (copy targets). */
export function topicNamesQuery(cluster: string, show: 'ALL' | 'HIDE_INTERNAL' = 'ALL') {
  return queryOptions({
    queryKey: recordKeys.topicNames(cluster, show),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'topic', 'name'), { query: { show }, schema: TopicNames, signal }),
  });
}

export function fetchOffsetsAt(cluster: string, topic: string, timestamp: string) {
  return apiRequest(apiPath(cluster, 'topic', topic, 'offsets', 'start'), {
    query: { timestamp },
    schema: TimeOffsetList,
  });
}

/**
 * The streamed export of every matching record (docs/api-conventions.md#download); the browser saves it as it
 * arrives.
 */
export function downloadUrl(cluster: string, topic: string, query: FiltersQuery, format: 'csv' | 'json') {
  return (
    apiUrl(dataPath(cluster, topic, 'download')) + queryString({ ...query, format: format.toUpperCase() })
  );
}
