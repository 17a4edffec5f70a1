import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { classifyError, shouldRetry } from './error-policy';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * `silent`: the caller handles the failure itself (e.g. UI options fall back to defaults).
     * `session`: the query reads the session itself, so a 401 on it must not re-read the session.
     */
    queryMeta: { silent?: boolean; session?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

export type ErrorSink = {
  warning: (message: string) => void;
  error: (message: string) => void;
  /** 401/403: remember the message for the login page and go there (docs/behaviour.md#navigation). */
  unauthorized: (message: string, fromSession: boolean) => void;
};

/** Every failed call is reported here once, after retries (docs/style.md#errors-surface-once). */
export function reportError(error: unknown, sink: ErrorSink, fromSession = false): void {
  const outcome = classifyError(error);
  if (outcome.kind === 'ignore') return;
  if (outcome.kind === 'login') sink.unauthorized(outcome.message, fromSession);
  else sink[outcome.kind](outcome.message);
}

export function createQueryClient(sink: ErrorSink): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) reportError(error, sink, query.meta?.session === true);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!mutation.meta?.silent) reportError(error, sink);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
}
