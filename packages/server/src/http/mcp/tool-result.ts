import type { ErrorEnvelope, FieldError } from '@console/contract';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A successful answer: the route's JSON as it sent it, and as structured content when it is an object. */
export function jsonResult(value: unknown, text = JSON.stringify(value)): CallToolResult {
  return {
    content: [{ type: 'text', text }],
    ...(isObject(value) ? { structuredContent: value } : {}),
  };
}

/**
 * The route's own field names (`querystring.page`, `params.topic`) as the tool's arguments name them
 * (`page`, `topic`); body fields keep their `body.` prefix, as `body` is the argument.
 */
const argumentName = (field: string) => field.replace(/^(?:querystring|params)\./, '');

/** A refusal: the route's error envelope (message, code, requestId, fields), with fields named as arguments. */
export function errorResult(envelope: ErrorEnvelope): CallToolResult {
  const fields = envelope.fields?.map((f: FieldError) => ({ ...f, field: argumentName(f.field) }));
  const joined = envelope.fields?.map((f) => `${f.field}: ${f.message}`).join('; ');
  const message =
    fields && envelope.message === joined
      ? fields.map((f) => `${f.field}: ${f.message}`).join('; ')
      : envelope.message;
  const error: ErrorEnvelope = { ...envelope, message, ...(fields ? { fields } : {}) };
  return {
    content: [{ type: 'text', text: JSON.stringify(error) }],
    structuredContent: error,
    isError: true,
  };
}

/** A bad tool call caught before the route is called: the same envelope, naming the argument. */
export function argumentError(field: string, message: string): CallToolResult {
  return errorResult({
    message: `${field}: ${message}`,
    code: 'BAD_REQUEST',
    requestId: '',
    fields: [{ field, message }],
  });
}

/** What the route answered, as a tool result: JSON, text, or nothing (a 204). */
export function routeResult(status: number, type: string | undefined, text: string): CallToolResult {
  const json = type !== undefined && /^application\/([\w.-]+\+)?json\b/i.test(type);
  if (status >= 400) {
    let envelope: ErrorEnvelope = { message: `Refused (HTTP ${status})`, code: 'INTERNAL', requestId: '' };
    if (json) {
      try {
        envelope = JSON.parse(text) as ErrorEnvelope;
      } catch {
        // Not the envelope: the generic message stands.
      }
    }
    return errorResult(envelope);
  }
  if (text === '') return { content: [{ type: 'text', text: `Done (HTTP ${status}, no content)` }] };
  if (!json) return { content: [{ type: 'text', text }] };
  try {
    return jsonResult(JSON.parse(text), text);
  } catch {
    return { content: [{ type: 'text', text }] };
  }
}
