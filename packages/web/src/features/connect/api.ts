import {
  ConnectDefinition,
  ConnectDefinitionList,
  ConnectLoggerList,
  ConnectLoggerResult,
  type ConnectorConfigs,
  type ConnectorOffset,
  ConnectorOffsets,
  ConnectorOffsetsResult,
  ConnectPlugin,
  ConnectPluginList,
  ConnectTaskList,
  type LoggerLevel,
} from '@console/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { useToasts } from '../../components/toasts/toast-context';
import { clusterKeys } from '../clusters/api';

export type ConnectListParams = { search: string; page: number };

export const connectKeys = {
  all: (cluster: string, connect: string) => [...clusterKeys.all, cluster, 'connect', connect] as const,
  list: (cluster: string, connect: string, params: ConnectListParams) =>
    [...connectKeys.all(cluster, connect), 'list', params] as const,
  connector: (cluster: string, connect: string, name: string) =>
    [...connectKeys.all(cluster, connect), 'connector', name] as const,
  offsets: (cluster: string, connect: string, name: string) =>
    [...connectKeys.connector(cluster, connect, name), 'offsets'] as const,
  loggers: (cluster: string, connect: string) => [...connectKeys.all(cluster, connect), 'loggers'] as const,
};

const path = (cluster: string, connect: string, ...rest: (string | number)[]) =>
  apiPath(cluster, 'connect', connect, ...rest);

export function connectorListQuery(cluster: string, connect: string, params: ConnectListParams) {
  return queryOptions({
    queryKey: connectKeys.list(cluster, connect, params),
    queryFn: ({ signal }) =>
      apiRequest(path(cluster, connect), { query: params, schema: ConnectDefinitionList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function connectorQuery(cluster: string, connect: string, name: string) {
  return queryOptions({
    queryKey: connectKeys.connector(cluster, connect, name),
    queryFn: ({ signal }) => apiRequest(path(cluster, connect, name), { schema: ConnectDefinition, signal }),
  });
}

export function connectorTasksQuery(cluster: string, connect: string, name: string) {
  return queryOptions({
    queryKey: [...connectKeys.connector(cluster, connect, name), 'tasks'],
    queryFn: ({ signal }) =>
      apiRequest(path(cluster, connect, name, 'tasks'), { schema: ConnectTaskList, signal }),
  });
}

export function pluginsQuery(cluster: string, connect: string) {
  return queryOptions({
    queryKey: [...connectKeys.all(cluster, connect), 'plugins'],
    queryFn: ({ signal }) =>
      apiRequest(path(cluster, connect, 'plugins'), { schema: ConnectPluginList, signal }),
    staleTime: 60_000,
  });
}

function useInvalidate(cluster: string, connect: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: connectKeys.all(cluster, connect) });
}

export function useCreateConnector(cluster: string, connect: string) {
  const toasts = useToasts();
  const invalidate = useInvalidate(cluster, connect);
  return useMutation({
    mutationFn: (body: { name: string; configs: ConnectorConfigs }) =>
      apiRequest(path(cluster, connect), { method: 'POST', body, schema: ConnectDefinition }),
    onSuccess: (c) => toasts.success(`Connection '${c.name}' was created successfully`),
    onSettled: invalidate,
  });
}

export function useUpdateConnector(cluster: string, connect: string, name: string) {
  const toasts = useToasts();
  const invalidate = useInvalidate(cluster, connect);
  return useMutation({
    mutationFn: (configs: ConnectorConfigs) =>
      apiRequest(path(cluster, connect, name, 'configs'), {
        method: 'POST',
        body: { configs },
        schema: ConnectDefinition,
      }),
    onSuccess: () => toasts.success(`Definition '${name}' is updated`),
    onSettled: invalidate,
  });
}

/**
 * The deleted connector's own queries are cancelled and never refetched (they could only answer 404,
 * shown as warnings on the list), and the mutation does not wait for the list's refetch, so the confirm
 * dialog closes as soon as Connect has answered.
 */
export function useDeleteConnector(cluster: string, connect: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest(path(cluster, connect, name), { method: 'DELETE' }),
    onSuccess: (_d, name) => {
      toasts.success(`Definition '${name}' is deleted`);
      void client.cancelQueries({ queryKey: connectKeys.connector(cluster, connect, name) });
    },
    onSettled: (_d, _e, name) => {
      const deleted = connectKeys.connector(cluster, connect, name);
      void client.invalidateQueries({
        queryKey: connectKeys.all(cluster, connect),
        predicate: (query) => !deleted.every((part, i) => query.queryKey[i] === part),
      });
    },
  });
}

export type ConnectorAction = 'pause' | 'resume' | 'restart' | 'stop';
const done: Record<ConnectorAction, string> = {
  pause: 'paused',
  resume: 'resumed',
  restart: 'restarted',
  stop: 'stopped',
};

/**
 * Pause, resume, restart and a task's restart, as POSTs: AKHQ's GET paths answer only Basic or bearer
 * callers (a GET that changes state is a cross-site request waiting to happen).
 */
export function useConnectorAction(cluster: string, connect: string, name: string) {
  const toasts = useToasts();
  const invalidate = useInvalidate(cluster, connect);
  return useMutation({
    mutationFn: (action: ConnectorAction | { task: number }) =>
      apiRequest(
        typeof action === 'string'
          ? path(cluster, connect, name, action)
          : path(cluster, connect, name, 'tasks', action.task, 'restart'),
        { method: 'POST' },
      ),
    onSuccess: (_d, action) =>
      toasts.success(
        typeof action === 'string'
          ? `Definition '${name}' is ${done[action]}`
          : `Definition '${name}' tasks ${action.task} is restarted`,
      ),
    onSettled: invalidate,
  });
}

/** Connect's own offsets body (KIP-875): a source's partition objects, a sink's topic partitions. */
export function connectorOffsetsQuery(cluster: string, connect: string, name: string) {
  return queryOptions({
    queryKey: connectKeys.offsets(cluster, connect, name),
    queryFn: ({ signal }) =>
      apiRequest(path(cluster, connect, name, 'offsets'), { schema: ConnectorOffsets, signal }),
  });
}

/** Alter (a list of partitions and offsets) or reset (`null`) a stopped connector's offsets. */
export function useChangeOffsets(cluster: string, connect: string, name: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (offsets: ConnectorOffset[] | null) =>
      apiRequest(path(cluster, connect, name, 'offsets'), {
        method: offsets ? 'PATCH' : 'DELETE',
        ...(offsets ? { body: { offsets } } : {}),
        schema: ConnectorOffsetsResult,
      }),
    onSuccess: (answer) => toasts.success(answer.message),
    onSettled: () => client.invalidateQueries({ queryKey: connectKeys.offsets(cluster, connect, name) }),
  });
}

/** Checks configs against the plugin without creating anything: each field's errors. */
export function useValidateConnector(cluster: string, connect: string) {
  return useMutation({
    mutationFn: ({ className, configs }: { className: string; configs: ConnectorConfigs }) =>
      apiRequest(path(cluster, connect, 'plugins', className, 'validate'), {
        method: 'PUT',
        body: { configs },
        schema: ConnectPlugin,
      }),
  });
}

export function loggersQuery(cluster: string, connect: string) {
  return queryOptions({
    queryKey: connectKeys.loggers(cluster, connect),
    queryFn: ({ signal }) =>
      apiRequest(path(cluster, connect, 'loggers'), { schema: ConnectLoggerList, signal }),
  });
}

export function useSetLogger(cluster: string, connect: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { logger: string; level: LoggerLevel; scope: 'worker' | 'cluster' }) =>
      apiRequest(path(cluster, connect, 'loggers', change.logger), {
        method: 'PUT',
        query: { scope: change.scope },
        body: { level: change.level },
        schema: ConnectLoggerResult,
      }),
    onSuccess: (_answer, change) =>
      toasts.success(
        `Logger '${change.logger}' is at ${change.level} on ${change.scope === 'cluster' ? 'every worker' : 'this worker'}`,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: connectKeys.loggers(cluster, connect) }),
  });
}
