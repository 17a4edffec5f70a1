import { AppError } from '../../platform/errors.ts';
import type { Upstream, UpstreamAnswer } from '../upstream-http.ts';

/** Prometheus' error body (its HTTP API's envelope): `{ status: "error", errorType, error }`. */
function prometheusMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const text = String(body.error).trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * The one translation table from Prometheus answers to our envelope (docs/api-conventions.md#upstream-errors,
 * docs/metrics.md). Every query is the console's own, so no answer is the caller's fault: each is a 502
 * naming the server and what to check. Transport failures (unreachable 502, timeout 504) are translated
 * by `UpstreamHttp` with the same label.
 *
 * | Prometheus answer                                   | ours                                         |
 * | --------------------------------------------------- | -------------------------------------------- |
 * | 401 / 403                                           | 502 credentials refused                      |
 * | 404, or a 200 that is not its JSON envelope         | 502 not a Prometheus API at that URL         |
 * | 400 / 422 (bad_data, execution), 503 (timeout…), 5xx | 502 with Prometheus' own message           |
 */
export function translatePrometheusError(upstream: Upstream, answer: UpstreamAnswer): AppError {
  const { status, body } = answer;
  if (status === 401 || status === 403) {
    return new AppError(
      'UPSTREAM_UNAVAILABLE',
      `${upstream.label} refused the configured credentials (HTTP ${status}): check its basicAuth or bearerToken`,
    );
  }
  const message = prometheusMessage(body);
  if (status === 404 || (status < 300 && message === undefined)) {
    return new AppError(
      'UPSTREAM_UNAVAILABLE',
      `${upstream.label} has no Prometheus HTTP API at its URL (HTTP ${status} for /api/v1/query_range): the URL is the server's root, e.g. http://prometheus:9090`,
    );
  }
  return new AppError(
    'UPSTREAM_UNAVAILABLE',
    `${upstream.label} failed the query (HTTP ${status}): ${message ?? 'no message'}`,
  );
}
