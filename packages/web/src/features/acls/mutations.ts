import { AclBinding, type AclBindingCreate, AclDeleteAnswer } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { useToasts } from '../../components/toasts/toast-context';
import { aclKeys } from './api';

/** Creates the bindings one after the other; the first refusal stops and is shown with Kafka's reason. */
export function useCreateAcls(cluster: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (bindings: AclBindingCreate[]) => {
      for (const body of bindings) {
        await apiRequest(apiPath(cluster, 'acls'), { method: 'POST', body, schema: AclBinding });
      }
      return bindings.length;
    },
    onSuccess: (count) => toasts.success(`${count} ACL binding${count === 1 ? '' : 's'} created`),
    onSettled: () => client.invalidateQueries({ queryKey: aclKeys.all(cluster) }),
  });
}

export type AclDeleteFilter = Record<
  'principal' | 'resourceType' | 'resourceName' | 'patternType' | 'host' | 'operation' | 'permissionType',
  string
>;

export function useDeleteAcls(cluster: string) {
  const toasts = useToasts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (query: AclDeleteFilter) =>
      apiRequest(apiPath(cluster, 'acls'), { method: 'DELETE', query, schema: AclDeleteAnswer }),
    onSuccess: ({ deleted }) => toasts.success(`${deleted} ACL binding${deleted === 1 ? '' : 's'} deleted`),
    onSettled: () => client.invalidateQueries({ queryKey: aclKeys.all(cluster) }),
  });
}
