import { type QueryValue, queryString } from './base-path';
import { apiUrl } from './deployment';
import { isAbortError, NetworkError } from './errors';
import { authHeaders, toApiError } from './http';
import { parseSseFrames, type SseMessage } from './sse-frames';

export type { SseMessage } from './sse-frames';

/**
 * Server-sent events over fetch, so the bearer header goes along (spec part 1 §7) and the signal stops
 * the stream; no automatic reconnect (STYLE §5). A refusal before the stream throws ApiError.
 */
export async function* sseEvents(
  path: string,
  options: { query?: Record<string, QueryValue>; signal?: AbortSignal },
): AsyncGenerator<SseMessage> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path) + queryString(options.query), {
      headers: { Accept: 'text/event-stream', ...authHeaders() },
      credentials: 'include',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError('Internal Server Error');
  }
  if (!response.ok) throw await toApiError(response);
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const parsed = parseSseFrames(buffer + value);
      buffer = parsed.rest;
      yield* parsed.messages;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
