import { describe, expect, it } from 'vitest';
import { classifyError } from '../error-policy';
import { ApiError } from '../errors';
import { streamError } from './stream-error';

describe('stream errors', () => {
  it("carries the event's code and request id, with the status a request refused so would have", () => {
    const error = streamError(
      { event: 'searchError', data: { message: 'Topic gone', code: 'NOT_FOUND', requestId: 'r-1' } },
      'searchError',
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      message: 'Topic gone',
      details: { code: 'NOT_FOUND', requestId: 'r-1' },
    });
  });

  it('is handled as the same REST error is: a Kafka ACL refusal warns, a cluster outage is an error', () => {
    const refused = streamError(
      { event: 'tailError', data: { message: 'No READ on orders', code: 'KAFKA_AUTHORIZATION_FAILED' } },
      'tailError',
    );
    expect(classifyError(refused)).toEqual({ kind: 'warning', message: 'No READ on orders' });
    const down = streamError(
      { event: 'error', data: { message: 'The server is shutting down', code: 'CLUSTER_UNAVAILABLE' } },
      undefined,
    );
    expect(classifyError(down)).toEqual({ kind: 'error', message: 'The server is shutting down' });
  });

  it('leaves other events alone, and reads a body without a known code as a 500', () => {
    expect(streamError({ event: 'searchBody', data: { percent: 3 } }, 'searchError')).toBeUndefined();
    expect(streamError({ event: 'tailError', data: 'oops' }, 'tailError')).toMatchObject({
      status: 500,
      details: {},
    });
  });
});
