import { ErrorCode, STATUS_BY_CODE, STREAM_SHUTDOWN_EVENT } from '@console/contract';
import { ApiError } from '../errors';
import type { SseMessage } from './sse-frames';

/**
 * A stream's terminal error event (the route's own, e.g. `searchError`, or `error` when the server shuts
 * down), `{message, code, requestId}`, as the ApiError a refused request throws; undefined for any other
 * event.
 */
export function streamError(message: SseMessage, errorEvent: string | undefined): ApiError | undefined {
  if (message.event !== STREAM_SHUTDOWN_EVENT && message.event !== errorEvent) return undefined;
  const body: Record<string, unknown> =
    typeof message.data === 'object' && message.data !== null ? { ...message.data } : {};
  const code = ErrorCode.safeParse(body.code);
  const text = typeof body.message === 'string' ? body.message : '';
  return new ApiError(code.success ? STATUS_BY_CODE[code.data] : 500, text, {
    ...(code.success ? { code: code.data } : {}),
    ...(typeof body.requestId === 'string' ? { requestId: body.requestId } : {}),
  });
}
