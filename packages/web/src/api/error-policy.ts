import { CancelledError } from '@tanstack/react-query';
import { ApiError, isAbortError, NetworkError } from './errors';

/** How the console reacts to a failed call (docs/behaviour.md#errors-and-messages). */
export type ErrorOutcome =
  | { kind: 'ignore' }
  | { kind: 'login'; message: string }
  | { kind: 'warning'; message: string }
  | { kind: 'error'; message: string };

const internalError = 'Internal Server Error';

export function classifyError(error: unknown): ErrorOutcome {
  if (error instanceof CancelledError || isAbortError(error)) return { kind: 'ignore' };
  if (error instanceof ApiError) {
    // Kafka refused the console's own principal: the user stays signed in and reads why.
    if (error.details.code === 'KAFKA_AUTHORIZATION_FAILED')
      return { kind: 'warning', message: error.message };
    if (error.status === 401 || error.status === 403) return { kind: 'login', message: error.message };
    if (error.status < 500) return { kind: 'warning', message: error.message };
    return { kind: 'error', message: error.message || internalError };
  }
  if (error instanceof NetworkError) return { kind: 'error', message: error.message || internalError };
  return { kind: 'error', message: error instanceof Error && error.message ? error.message : internalError };
}

/** Only failures that may pass on their own are retried: no response, or a 5xx. */
export function isRetryable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

export const maxRetries = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < maxRetries && isRetryable(error);
}
