import { ErrorEnvelope } from '@console/contract';
import type { z } from 'zod';
import { type QueryValue, queryString } from './base-path';
import { apiUrl, rootUrl } from './deployment';
import { ApiError, isAbortError, NetworkError, ResponseShapeError } from './errors';
import { readStorage, storageKeys } from './storage';

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** A file sent as it is (an import), with its media type, instead of a JSON `body`. */
  upload?: { file: Blob; type: string };
  signal?: AbortSignal;
  /** Contract schema the response body must match. */
  schema?: z.ZodType<T>;
  /** `text`: the body is plain text (ksqlDB's execute answers so, as AKHQ), checked by `schema`. */
  responseType?: 'json' | 'text';
  /** Called with the answer's headers before its body is read (a header some answers carry beside it). */
  onHeaders?: (headers: Headers) => void;
};

/** Headers every call sends: JSON, plus the bearer token when a bearer login stored one. */
export function authHeaders(): Record<string, string> {
  const token = readStorage('local', storageKeys.token);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Calls `{basePath}api/{path}`; throws ApiError, NetworkError or the fetch AbortError. */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', query, body, upload, signal, schema, responseType = 'json', onHeaders } = options;
  const accept = responseType === 'text' ? 'text/plain, application/json' : 'application/json';
  const headers: Record<string, string> = { Accept: accept, ...authHeaders() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (upload) headers['Content-Type'] = upload.type;
  let response: Response;
  try {
    response = await fetch(apiUrl(path) + queryString(query), {
      method,
      headers,
      credentials: 'include',
      body: upload ? upload.file : body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError('Internal Server Error');
  }
  if (!response.ok) throw await toApiError(response);
  onHeaders?.(response.headers);
  const text = await response.text();
  const json = responseType === 'text' ? text : parseJson(text, path);
  if (!schema) return json as T;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ResponseShapeError(`Unexpected response from ${path}`);
  return parsed.data;
}

function parseJson(text: string, path: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ResponseShapeError(`Unexpected response from ${path}`);
  }
}

/** The server's error envelope as an ApiError; a body that is not one keeps the status text. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const envelope = ErrorEnvelope.safeParse(body);
  if (envelope.success) {
    const { message, code, requestId, fields } = envelope.data;
    return new ApiError(response.status, message, { code, requestId, ...(fields ? { fields } : {}) });
  }
  const message = messageOf(body) ?? (response.status >= 500 ? '' : response.statusText);
  return new ApiError(response.status, message);
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return undefined;
}

/**
 * Session endpoints outside `/api` (`{basePath}logout`, later login). They may answer with a redirect,
 * which is followed by nobody: only the cookie change matters.
 */
export async function rootRequest(
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(rootUrl(path), {
      method: init.method,
      // JSON asked for: a failed login then answers 401 with its message, not AKHQ's redirect.
      headers: {
        Accept: 'application/json',
        ...authHeaders(),
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      credentials: 'include',
      redirect: 'manual',
      body: init.body === undefined ? null : JSON.stringify(init.body),
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError('Internal Server Error');
  }
  if (response.type !== 'opaqueredirect' && !response.ok) throw await toApiError(response);
}
