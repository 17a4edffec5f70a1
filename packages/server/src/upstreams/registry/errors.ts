import { AppError } from '../../platform/errors.ts';
import { errorBody, type Upstream, type UpstreamAnswer } from '../upstream-http.ts';

/** Registry error codes (Confluent's, which Apicurio's ccompat API reuses) that mean "no such thing". */
const NOT_FOUND_CODES = new Set([
  40401, // subject not found
  40402, // version not found
  40403, // schema not found
  40404, // subject soft-deleted
  40406, // version soft-deleted
  40408, // no subject-level compatibility (callers fall back to the global level)
  40409, // no subject-level mode
]);
/** Unprocessable requests that are the caller's input, not a schema conflict. */
const BAD_INPUT_CODES = new Set([
  42202, // invalid version
  42203, // invalid compatibility level
  42204, // invalid mode
]);

/**
 * The one translation table from Schema Registry answers to our envelope
 * (docs/api-conventions.md#upstream-errors). Transport failures (unreachable 502, timeout 504) are translated
 * by `UpstreamHttp` with the same label.
 *
 * | registry answer                                                   | ours                    |
 * | ----------------------------------------------------------------- | ----------------------- |
 * | 40401-40404, 40406, 40408, 40409 (missing or soft-deleted), bare 404 | 404 NOT_FOUND        |
 * | 409 incompatible, 40405/40407 (not soft-deleted first), 42201 invalid schema, other 422xx | 409 CONFLICT |
 * | 42202 version, 42203 compatibility level, 42204 mode              | 400 BAD_REQUEST         |
 * | other 4xx                                                         | 409 CONFLICT            |
 * | 401 / 403                                                         | 502 credentials refused |
 * | 5xx                                                               | 502 naming the registry |
 */
export function translateRegistryError(upstream: Upstream, answer: UpstreamAnswer): AppError {
  const { status, code, message } = errorBody(answer);
  if ((code !== undefined && NOT_FOUND_CODES.has(code)) || (status === 404 && code === undefined)) {
    return new AppError('NOT_FOUND', message);
  }
  if (code !== undefined && BAD_INPUT_CODES.has(code)) return new AppError('BAD_REQUEST', message);
  if (status === 401 || status === 403) {
    return new AppError('UPSTREAM_UNAVAILABLE', `${upstream.label} refused the configured credentials`);
  }
  if (status >= 500) return new AppError('UPSTREAM_UNAVAILABLE', `${upstream.label} failed: ${message}`);
  return new AppError('CONFLICT', message);
}
