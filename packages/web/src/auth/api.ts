import { Auths, type LoginRequest, Me } from '@console/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiRequest, rootRequest } from '../api/http';
import { removeStorage, storageKeys } from '../api/storage';
import { useToasts } from '../components/toasts/toast-context';

export const authKeys = {
  all: ['session'] as const,
  auths: () => [...authKeys.all, 'auths'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

export function authsQuery() {
  return queryOptions({
    queryKey: authKeys.auths(),
    queryFn: ({ signal }) => apiRequest('auths', { schema: Auths, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { session: true },
  });
}

export function meQuery() {
  return queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => apiRequest('me', { schema: Me, signal }),
    staleTime: 5 * 60_000,
    meta: { session: true },
  });
}

/** Another identity sees other clusters and objects: drop everything read as the previous one. */
async function switchIdentity(queryClient: QueryClient): Promise<Me> {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  return queryClient.fetchQuery({ ...meQuery(), staleTime: 0 });
}

/**
 * Login (docs/api-conventions.md#sessions-and-login): post the form (the server sets the HttpOnly session
 * cookie; the returned bearer token is for scripts and is not kept in browser storage), then re-read the
 * user. Failures are reported by the login page itself.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => {
      await rootRequest('login', { method: 'POST', body: credentials });
      return switchIdentity(queryClient);
    },
    meta: { silent: true },
  });
}

/**
 * Logout (docs/behaviour.md#session): call logout, re-read 'me', drop the token, toast, go to login replacing
 * history.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toasts = useToasts();
  return useMutation({
    mutationFn: () => rootRequest('logout', { method: 'POST' }),
    onSuccess: async () => {
      removeStorage('local', storageKeys.token);
      await switchIdentity(queryClient);
      // Warnings about the session that ended (a failed login among them) no longer hold.
      toasts.dismissWarnings();
      toasts.success('Logged out successfully');
      navigate('/login', { replace: true });
    },
  });
}
