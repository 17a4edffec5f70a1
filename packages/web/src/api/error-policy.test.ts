import { CancelledError } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { classifyError, shouldRetry } from './error-policy';
import { ApiError, NetworkError } from './errors';

const abort = Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });

describe('classifyError', () => {
  it('sends 401 and 403 to the login page with the message', () => {
    expect(classifyError(new ApiError(401, 'token expired'))).toEqual({
      kind: 'login',
      message: 'token expired',
    });
    expect(classifyError(new ApiError(403, 'missing permission'))).toEqual({
      kind: 'login',
      message: 'missing permission',
    });
  });

  it('warns, without sending the user to the login page, when Kafka refuses the console’s own principal', () => {
    const denied = new ApiError(403, 'Kafka refused: TOPIC_AUTHORIZATION_FAILED', {
      code: 'KAFKA_AUTHORIZATION_FAILED',
    });
    expect(classifyError(denied)).toEqual({
      kind: 'warning',
      message: 'Kafka refused: TOPIC_AUTHORIZATION_FAILED',
    });
  });

  it('warns on other client errors and fails loudly on 5xx or no response', () => {
    expect(classifyError(new ApiError(409, 'Topic exists'))).toEqual({
      kind: 'warning',
      message: 'Topic exists',
    });
    expect(classifyError(new ApiError(503, ''))).toEqual({ kind: 'error', message: 'Internal Server Error' });
    expect(classifyError(new NetworkError(''))).toEqual({ kind: 'error', message: 'Internal Server Error' });
  });

  it('ignores cancelled and aborted requests', () => {
    expect(classifyError(abort)).toEqual({ kind: 'ignore' });
    expect(classifyError(new CancelledError())).toEqual({ kind: 'ignore' });
  });
});

describe('shouldRetry', () => {
  it('retries network errors and 5xx at most twice', () => {
    expect(shouldRetry(0, new NetworkError('x'))).toBe(true);
    expect(shouldRetry(1, new ApiError(502, 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError(502, 'x'))).toBe(false);
  });

  it('never retries client errors or aborts', () => {
    expect(shouldRetry(0, new ApiError(404, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'x'))).toBe(false);
    expect(shouldRetry(0, abort)).toBe(false);
  });
});
