import { AppError } from '../../platform/errors.ts';
import { errorBody, type Upstream, type UpstreamAnswer } from '../upstream-http.ts';

/** Connect answers 500 (validate) or 400 (create) when no installed plugin matches `connector.class`. */
const UNKNOWN_PLUGIN = /Failed to find any class that implements Connector and which name matches ([^\s,]+)/;

/**
 * The one translation table from Kafka Connect answers to our envelope
 * (docs/api-conventions.md#upstream-errors). Transport failures (unreachable 502, timeout 504) are translated
 * by `UpstreamHttp` with the same label.
 *
 * | worker answer                                            | ours                          |
 * | -------------------------------------------------------- | ----------------------------- |
 * | "Failed to find any class that implements Connector…"    | 404 NOT_FOUND, plugin named   |
 * | 404 (unknown connector, task, status)                    | 404 NOT_FOUND                 |
 * | 409 (already exists, rebalance in progress, stale config) | 409 CONFLICT                 |
 * | 400 and other 4xx (invalid config, name mismatch)        | 409 CONFLICT, worker's message |
 * | 401 / 403                                                | 502 credentials refused       |
 * | 5xx                                                      | 502 naming the worker, with its message |
 */
export function translateConnectError(upstream: Upstream, answer: UpstreamAnswer): AppError {
  const { status, message } = errorBody(answer);
  const plugin = UNKNOWN_PLUGIN.exec(message);
  if (plugin) return new AppError('NOT_FOUND', `${upstream.label} has no connector plugin '${plugin[1]}'`);
  if (status === 404) return new AppError('NOT_FOUND', message);
  if (status === 401 || status === 403) {
    return new AppError('UPSTREAM_UNAVAILABLE', `${upstream.label} refused the configured credentials`);
  }
  if (status >= 500) return new AppError('UPSTREAM_UNAVAILABLE', `${upstream.label} failed: ${message}`);
  return new AppError('CONFLICT', message);
}
