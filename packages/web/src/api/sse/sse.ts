import { type QueryValue, queryString } from '../base-path';
import { apiUrl } from '../deployment';
import { isAbortError, NetworkError } from '../errors';
import { authHeaders, toApiError } from '../http';
import { parseSseFrames, type SseMessage } from './sse-frames';
import { streamError } from './stream-error';

export type { SseMessage } from './sse-frames';

/**
 * Server-sent events over fetch, so the bearer header goes along (docs/ui-design.md#data-in-the-browser) and
 * the signal stops the stream; no automatic reconnect (docs/style.md#streams-of-typed-events). A refusal
 * before the stream throws ApiError, and so does its terminal error event (`errorEvent`, or `error`), with
 * the code the server sent.
 */
export async function* sseEvents(
  path: string,
  options: {
    query?: Record<string, QueryValue>;
    signal?: AbortSignal;
    errorEvent?: string;
    /** A stream started by a POST of this JSON body (a redrive or replay run). */
    post?: unknown;
  },
): AsyncGenerator<SseMessage> {
  let response: Response;
  try {
    const post = options.post !== undefined;
    response = await fetch(apiUrl(path) + queryString(options.query), {
      method: post ? 'POST' : 'GET',
      headers: {
        Accept: 'text/event-stream',
        ...(post ? { 'Content-Type': 'application/json' } : {}),
        ...authHeaders(),
      },
      body: post ? JSON.stringify(options.post) : null,
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
      for (const message of parsed.messages) {
        const failed = streamError(message, options.errorEvent);
        if (failed) throw failed;
        yield message;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
