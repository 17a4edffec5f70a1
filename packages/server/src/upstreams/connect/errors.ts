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
 *
 * The KIP-875 calls add their own rows first (client.ts): a missing endpoint on an older worker is 409
 * CONNECT_TOO_OLD (connectTooOld), an offsets change while running 409 CONNECTOR_NOT_STOPPED and one the
 * plugin rejects 400 naming `body.offsets` (offsetsRefusal).
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

/** "Connectors must be in the STOPPED state before their offsets can be modified…" (KIP-875). */
const NOT_STOPPED = /STOPPED state/;

/**
 * An offsets alteration or reset Connect refused: while the connector runs (400) it is
 * CONNECTOR_NOT_STOPPED; an alteration the plugin rejects (Connect answers 400, or 500 for a partition or
 * offset object its connector refuses: "Partition objects should contain the key 'filename'") is bad
 * input, named as the body's offsets.
 */
export function offsetsRefusal(
  upstream: Upstream,
  connector: string,
  answer: UpstreamAnswer,
  change: 'alter' | 'reset',
): AppError | undefined {
  const { status, message } = errorBody(answer);
  if (status === 400 && NOT_STOPPED.test(message)) {
    return new AppError(
      'CONNECTOR_NOT_STOPPED',
      `Connector '${connector}' is not STOPPED, so ${upstream.label} refuses to ${change} its offsets: stop the connector first.`,
    );
  }
  const rejected = status === 400 || (status === 500 && !/rebalance/i.test(message));
  if (change === 'alter' && rejected) {
    return new AppError('BAD_REQUEST', `body.offsets: ${message}`, {
      fields: [{ field: 'body.offsets', message }],
    });
  }
  return undefined;
}

/** The worker's release lacks the REST endpoint a feature needs: 409 naming both releases. */
export const connectTooOld = (upstream: Upstream, what: string, since: string, version: string) =>
  new AppError(
    'CONNECT_TOO_OLD',
    `${what} needs Kafka Connect ${since} or newer; ${upstream.label} runs ${version}. Upgrade the worker to use it.`,
  );
