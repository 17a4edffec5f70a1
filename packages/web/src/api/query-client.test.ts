import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './errors';
import { type ErrorSink, reportError } from './query-client';

function recordingSink() {
  const calls: string[] = [];
  const sink: ErrorSink = {
    warning: (m) => calls.push(`warning:${m}`),
    error: (m) => calls.push(`error:${m}`),
    unauthorized: (m, fromSession) => calls.push(`login:${m}:${fromSession}`),
  };
  return { sink, calls };
}

describe('reportError', () => {
  it('routes each failure kind to one surface', () => {
    const { sink, calls } = recordingSink();
    reportError(new ApiError(404, "Topic 'x' doesn't exist"), sink);
    reportError(new ApiError(500, ''), sink);
    reportError(new NetworkError('Internal Server Error'), sink);
    reportError(new ApiError(403, 'missing permission'), sink, true);
    reportError(Object.assign(new Error('aborted'), { name: 'AbortError' }), sink);
    expect(calls).toEqual([
      "warning:Topic 'x' doesn't exist",
      'error:Internal Server Error',
      'error:Internal Server Error',
      'login:missing permission:true',
    ]);
  });
});
