import { AuditPage } from '@console/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/http';

/** The filters of `GET /api/audit`, as the page keeps them in its address. */
export type AuditFilters = {
  user: string;
  action: string;
  object: string;
  cluster: string;
  outcome: string;
  from: string;
  to: string;
  page: number;
};

export function auditQuery(filters: AuditFilters) {
  const { page, ...rest } = filters;
  const query = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== ''));
  return queryOptions({
    queryKey: ['audit', filters] as const,
    queryFn: ({ signal }) => apiRequest('audit', { query: { ...query, page }, schema: AuditPage, signal }),
    placeholderData: keepPreviousData,
  });
}
