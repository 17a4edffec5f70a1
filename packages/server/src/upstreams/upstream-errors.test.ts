import { describe, expect, it } from 'vitest';
import { translateConnectError } from './connect/errors.ts';
import { translateKsqlError } from './ksqldb/errors.ts';
import { translateRegistryError } from './registry/errors.ts';
import { transportFailure, type Upstream, upstreamMessage } from './upstream-http.ts';

const upstream: Upstream = { label: "Schema Registry of cluster 'c'", url: 'http://x', timeoutMs: 1500 };
const outcome = (error: { code: string; status: number; message: string }) => [
  error.status,
  error.code,
  error.message,
];

describe('upstream error tables', () => {
  it('registry: not found 404, incompatible or invalid schema 409, bad level 400, failures 502', () => {
    const t = (status: number, body: unknown) => outcome(translateRegistryError(upstream, { status, body }));
    expect(t(404, { error_code: 40401, message: "Subject 'x' not found." })).toEqual([
      404,
      'NOT_FOUND',
      "Subject 'x' not found.",
    ]);
    expect(t(404, { error_code: 40402, message: 'Version 9 not found.' })[0]).toBe(404);
    expect(t(404, { error_code: 40403, message: 'Schema 9 not found.' })[0]).toBe(404);
    const incompatible = {
      error_code: 409,
      message: 'io.apicurio.registry.rules.violation.RuleViolationException: Incompatible artifact: x',
    };
    expect(t(409, incompatible)).toEqual([409, 'CONFLICT', 'Incompatible artifact: x']);
    expect(t(422, { error_code: 42201, message: 'Invalid schema' })[0]).toBe(409);
    expect(t(422, { error_code: 42203, message: 'Invalid compatibility level' })[0]).toBe(400);
    expect(t(401, { message: 'Unauthorized' })).toEqual([
      502,
      'UPSTREAM_UNAVAILABLE',
      "Schema Registry of cluster 'c' refused the configured credentials",
    ]);
    expect(t(500, { error_code: 50001, message: 'Error in the backend data store' })).toEqual([
      502,
      'UPSTREAM_UNAVAILABLE',
      "Schema Registry of cluster 'c' failed: Error in the backend data store",
    ]);
  });

  it('connect: 404, 409 and the worker message for refusals, a missing plugin named', () => {
    const t = (status: number, body: unknown) => outcome(translateConnectError(upstream, { status, body }));
    expect(t(404, { error_code: 404, message: 'Connector x not found' })).toEqual([
      404,
      'NOT_FOUND',
      'Connector x not found',
    ]);
    expect(t(409, { error_code: 409, message: 'Connector x already exists' })[0]).toBe(409);
    expect(t(400, { error_code: 400, message: 'Connector configuration is invalid' })[0]).toBe(409);
    const missing =
      'org.apache.kafka.connect.runtime.rest.errors.BadRequestException: Failed to find any class that implements Connector and which name matches com.Nope, available connectors are: …';
    expect(t(500, { error_code: 500, message: missing })[0]).toBe(404);
    expect(t(500, { error_code: 500, message: 'Request timed out' })[0]).toBe(502);
  });

  it('ksqlDB: statement errors 409 with its message, a SELECT sent as a statement 400', () => {
    const t = (status: number, body: unknown) => outcome(translateKsqlError(upstream, { status, body }));
    expect(
      t(400, { '@type': 'statement_error', error_code: 40001, message: 'Source X does not exist.' }),
    ).toEqual([409, 'CONFLICT', 'Source X does not exist.']);
    expect(t(400, { error_code: 40002, message: 'use /query' })[0]).toBe(400);
    expect(t(503, { error_code: 50300, message: 'not ready' })[0]).toBe(502);
  });

  it('transport: refused is 502 and a timeout 504, both naming the upstream', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(outcome(transportFailure(upstream, refused))).toEqual([
      502,
      'UPSTREAM_UNAVAILABLE',
      "Schema Registry of cluster 'c' is unreachable: connection refused",
    ]);
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(outcome(transportFailure(upstream, timeout))).toEqual([
      504,
      'UPSTREAM_TIMEOUT',
      "Schema Registry of cluster 'c' did not answer within 1500 ms",
    ]);
  });

  it('keeps upstream messages short and without Java class names', () => {
    expect(upstreamMessage({ message: 'a.b.FooException: Nope' }, 'x')).toBe('Nope');
    expect(upstreamMessage(undefined, 'HTTP 500')).toBe('HTTP 500');
    expect(upstreamMessage({ message: 'y'.repeat(900) }, 'x')).toHaveLength(501);
  });
});
