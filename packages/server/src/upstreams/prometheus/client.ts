import { AppError } from '../../platform/errors.ts';
import type { Upstream, UpstreamHttp } from '../upstream-http.ts';
import { translatePrometheusError } from './errors.ts';

/** One series of a range query: its labels and `[unix seconds, "value"]` pairs. */
export type RangeSeries = { metric: Record<string, string>; values: [number, string][] };

type RangeAnswer = { status: 'success'; data: { resultType: 'matrix'; result: RangeSeries[] } };

const isRangeAnswer = (body: unknown): body is RangeAnswer =>
  typeof body === 'object' &&
  body !== null &&
  (body as { status?: unknown }).status === 'success' &&
  Array.isArray((body as RangeAnswer).data?.result);

/**
 * Prometheus' HTTP API (`/api/v1/query_range`), through the one UpstreamHttp: its credentials, TLS and
 * `timeoutMs`. The PromQL comes from domain/broker-metrics, built from the config and validated ids only.
 */
export class PrometheusClient {
  readonly #http: UpstreamHttp;
  readonly upstream: Upstream;
  /** Where a person fixes this upstream: `clusters.<id>.metrics.prometheus`. */
  readonly #configKey: string;

  constructor(http: UpstreamHttp, upstream: Upstream, configKey: string) {
    this.#http = http;
    this.upstream = upstream;
    this.#configKey = configKey;
  }

  /** `start`, `end` in epoch ms, `step` in ms; Prometheus reads seconds. */
  async queryRange(query: string, start: number, end: number, step: number): Promise<RangeSeries[]> {
    const params = new URLSearchParams({
      query,
      start: String(start / 1000),
      end: String(end / 1000),
      step: String(step / 1000),
      // Prometheus stops the query itself a little before we would give up on it.
      timeout: `${Math.max(1, Math.floor(this.upstream.timeoutMs / 1000) - 1)}s`,
    });
    let answer: Awaited<ReturnType<UpstreamHttp['call']>>;
    try {
      answer = await this.#http.call(this.upstream, `/api/v1/query_range?${params}`);
    } catch (error) {
      // A transport failure names the upstream; add where to fix it.
      if (error instanceof AppError && error.code.startsWith('UPSTREAM_')) {
        throw new AppError(error.code, `${error.message}; check ${this.#configKey}.url`, { cause: error });
      }
      throw error;
    }
    if (answer.status >= 300 || !isRangeAnswer(answer.body)) {
      throw translatePrometheusError(this.upstream, answer);
    }
    return answer.body.data.result;
  }
}
