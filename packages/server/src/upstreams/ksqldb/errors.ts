import { AppError } from '../../platform/errors.ts';
import { errorBody, type Upstream, type UpstreamAnswer } from '../upstream-http.ts';

/** ksqlDB's "this statement type belongs on the query endpoint" (a SELECT sent as a statement). */
const WRONG_ENDPOINT = 40002;

/**
 * The one translation table from ksqlDB answers to our envelope (docs/api-conventions.md#upstream-errors).
 * Transport failures (unreachable 502, timeout 504) are translated by `UpstreamHttp` with the same label.
 *
 * | ksqlDB answer                                              | ours                          |
 * | ---------------------------------------------------------- | ----------------------------- |
 * | 40002 (SELECT or PRINT sent as a statement)                | 400 BAD_REQUEST on `body.sql` |
 * | 404                                                        | 404 NOT_FOUND                 |
 * | 401 / 403                                                  | 502 credentials refused       |
 * | 400 statement_error (40001: unknown source, bad SQL…), other 4xx | 409 CONFLICT, ksqlDB's message |
 * | 5xx, or an error line inside a query stream that is 5xx-coded | 502 naming the server      |
 */
export function translateKsqlError(upstream: Upstream, answer: UpstreamAnswer): AppError {
  const { status, code, message } = errorBody(answer);
  if (code === WRONG_ENDPOINT) {
    const text = 'SELECT and PRINT are queries: run them with Execute query';
    return new AppError('BAD_REQUEST', `body.sql: ${text}`, {
      fields: [{ field: 'body.sql', message: text }],
    });
  }
  if (status === 404) return new AppError('NOT_FOUND', message);
  if (status === 401 || status === 403) {
    return new AppError('UPSTREAM_UNAVAILABLE', `${upstream.label} refused the configured credentials`);
  }
  if (status >= 500) return new AppError('UPSTREAM_UNAVAILABLE', `${upstream.label} failed: ${message}`);
  return new AppError('CONFLICT', message);
}
