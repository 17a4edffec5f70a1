import { Auths, Me } from '@console/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
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

/** Spec part 1 §4 Logout: call logout, re-read 'me', drop the token, toast, go to login replacing history. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toasts = useToasts();
  return useMutation({
    mutationFn: () => rootRequest('logout', { method: 'POST' }),
    onSuccess: async () => {
      removeStorage('local', storageKeys.token);
      await queryClient.invalidateQueries({ queryKey: authKeys.all });
      toasts.success('Logged out successfully');
      navigate('/login', { replace: true });
    },
  });
}
