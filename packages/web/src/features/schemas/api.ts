import {
  Schema,
  SchemaCompatibility,
  type SchemaCompatibilityCheck,
  type SchemaCreate,
  SchemaList,
  type SchemaUpdate,
  SchemaVersions,
} from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { useToasts } from '../../components/toasts/toast-context';
import { clusterKeys } from '../clusters/api';

export type SchemaListParams = { search: string; page: number };

export const schemaKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'schemas'] as const,
  list: (cluster: string, params: SchemaListParams) => [...schemaKeys.all(cluster), 'list', params] as const,
  subject: (cluster: string, subject: string) => [...schemaKeys.all(cluster), 'subject', subject] as const,
};

export function schemaListQuery(cluster: string, params: SchemaListParams) {
  return queryOptions({
    queryKey: schemaKeys.list(cluster, params),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'schema'), { query: params, schema: SchemaList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function latestSchemaQuery(cluster: string, subject: string) {
  return queryOptions({
    queryKey: [...schemaKeys.subject(cluster, subject), 'latest'],
    queryFn: ({ signal }) => apiRequest(apiPath(cluster, 'schema', subject), { schema: Schema, signal }),
  });
}

export function schemaVersionsQuery(cluster: string, subject: string) {
  return queryOptions({
    queryKey: [...schemaKeys.subject(cluster, subject), 'versions'],
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'schema', subject, 'version'), { schema: SchemaVersions, signal }),
  });
}

function useInvalidateSchemas(cluster: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: schemaKeys.all(cluster) });
}

export function useCreateSchema(cluster: string) {
  const toasts = useToasts();
  const invalidate = useInvalidateSchemas(cluster);
  return useMutation({
    mutationFn: (body: SchemaCreate) =>
      apiRequest(apiPath(cluster, 'schema'), { method: 'POST', body, schema: Schema }),
    onSuccess: (schema) => toasts.success(`Schema '${schema.subject}' created.`),
    onSettled: invalidate,
  });
}

/** `POST …/schema/{subject}/compatibility`: the registry's verdict on a candidate; nothing is registered. */
export function useTestCompatibility(cluster: string, subject: string) {
  return useMutation({
    mutationFn: (body: SchemaCompatibilityCheck) =>
      apiRequest(apiPath(cluster, 'schema', subject, 'compatibility'), {
        method: 'POST',
        body,
        schema: SchemaCompatibility,
      }),
  });
}

export function useUpdateSchema(cluster: string, subject: string) {
  const toasts = useToasts();
  const invalidate = useInvalidateSchemas(cluster);
  return useMutation({
    mutationFn: (body: SchemaUpdate) =>
      apiRequest(apiPath(cluster, 'schema', subject), { method: 'POST', body, schema: Schema }),
    onSuccess: () => toasts.success(`Schema '${subject}' is updated`),
    onSettled: invalidate,
  });
}

export function useDeleteSubject(cluster: string) {
  const toasts = useToasts();
  const invalidate = useInvalidateSchemas(cluster);
  return useMutation({
    mutationFn: (subject: string) => apiRequest(apiPath(cluster, 'schema', subject), { method: 'DELETE' }),
    onSuccess: (_data, subject) => toasts.success(`Schema '${subject}' is deleted`),
    onSettled: invalidate,
  });
}

export function useDeleteVersion(cluster: string, subject: string) {
  const toasts = useToasts();
  const invalidate = useInvalidateSchemas(cluster);
  return useMutation({
    mutationFn: (version: number) =>
      apiRequest(apiPath(cluster, 'schema', subject, 'version', version), { method: 'DELETE' }),
    onSuccess: (_data, version) => toasts.success(`Version '${version}' of '${subject}' is deleted`),
    onSettled: invalidate,
  });
}
