import {
  ConnectDefinition,
  ConnectDefinitionList,
  type ConnectorConfigs,
  ConnectPluginList,
  ConnectTaskList,
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

export type ConnectorAction = 'pause' | 'resume' | 'restart';
const done: Record<ConnectorAction, string> = { pause: 'paused', resume: 'resumed', restart: 'restarted' };

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
