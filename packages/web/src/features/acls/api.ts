import { AccessControl, AccessControlList } from '@console/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { encodeBase64Utf8 } from '../../lib/base64';
import { clusterKeys } from '../clusters/api';

export const aclKeys = {
  all: (cluster: string) => [...clusterKeys.all, cluster, 'acls'] as const,
  list: (cluster: string, search: string) => [...aclKeys.all(cluster), 'list', search] as const,
  principal: (cluster: string, principal: string, resourceType: string) =>
    [...aclKeys.all(cluster), 'principal', principal, resourceType] as const,
};

export function aclListQuery(cluster: string, search: string) {
  return queryOptions({
    queryKey: aclKeys.list(cluster, search),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'acls'), {
        query: search ? { search } : {},
        schema: AccessControlList,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function principalAclsQuery(cluster: string, principal: string, resourceType: string) {
  return queryOptions({
    queryKey: aclKeys.principal(cluster, principal, resourceType),
    queryFn: ({ signal }) =>
      apiRequest(apiPath(cluster, 'acls', encodeBase64Utf8(principal)), {
        query: { resourceType },
        schema: AccessControl,
        signal,
      }),
  });
}
