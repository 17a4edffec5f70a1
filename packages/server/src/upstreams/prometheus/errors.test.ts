import { describe, expect, it } from 'vitest';
import type { Upstream } from '../upstream-http.ts';
import { translatePrometheusError } from './errors.ts';

const upstream: Upstream = { label: "Prometheus of cluster 'prod'", url: 'http://p:9090', timeoutMs: 10_000 };
const translate = (status: number, body: unknown) => translatePrometheusError(upstream, { status, body });

describe('translatePrometheusError', () => {
  it('says the credentials were refused on 401 and 403', () => {
    for (const status of [401, 403]) {
      const error = translate(status, 'Unauthorized');
      expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(error.message).toBe(
        `Prometheus of cluster 'prod' refused the configured credentials (HTTP ${status}): check its basicAuth or bearerToken`,
      );
    }
  });

  it('says the URL holds no Prometheus API on a 404 or an answer that is not its envelope', () => {
    expect(translate(404, '404 page not found').message).toMatch(
      /has no Prometheus HTTP API at its URL \(HTTP 404/,
    );
    expect(translate(200, '<html>').message).toMatch(/has no Prometheus HTTP API at its URL \(HTTP 200/);
  });

  it("passes Prometheus' own message for a query it refused or could not run", () => {
    const error = translate(422, { status: 'error', errorType: 'execution', error: 'query timed out' });
    expect(error.status).toBe(502);
    expect(error.message).toBe("Prometheus of cluster 'prod' failed the query (HTTP 422): query timed out");
  });
});
