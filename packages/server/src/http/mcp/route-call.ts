import type { IncomingHttpHeaders } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { mcpCallHeaders } from '../auth/via.ts';
import { streamFrames } from './event-stream.ts';
import { collectRun, collectSearch, collectTail, type StreamAnswer } from './stream-answers.ts';
import { argumentError, errorResult, jsonResult, routeResult } from './tool-result.ts';
import { type ConsoleTool, SEARCH_LIMIT, TAIL_KEEP_DEFAULT, TAIL_MAX_SECONDS } from './tools.ts';

/** Who called the MCP endpoint: their own credentials and address go with every route the tools call. */
export type McpCaller = {
  headers: IncomingHttpHeaders;
  remoteAddress: string | undefined;
  signal: AbortSignal;
};

/** Headers of the MCP request that are about the MCP exchange itself, not about who is calling. */
const NOT_FORWARDED = new Set([
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'accept',
  'accept-encoding',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
  'x-request-id',
]);

function forwarded(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !NOT_FORWARDED.has(name)) kept[name] = value;
  return { ...kept, ...mcpCallHeaders() };
}

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar => ['string', 'number', 'boolean'].includes(typeof v);

type Request = { url: string; body?: unknown };

/** The route's URL and body from the tool's arguments; a string when an argument is wrong (its message). */
function request(
  tool: ConsoleTool,
  args: Record<string, unknown>,
): Request | { field: string; message: string } {
  const known = Object.keys((tool.definition.inputSchema.properties ?? {}) as object);
  const unknown = Object.keys(args).find((name) => !known.includes(name));
  if (unknown)
    return { field: unknown, message: `not an argument of ${tool.definition.name} (${known.join(', ')})` };
  const values = new Map<string, string>();
  for (const name of tool.places.params) {
    const value = args[name];
    if ((typeof value !== 'string' && typeof value !== 'number') || value === '')
      return { field: name, message: 'required: a non-empty string' };
    values.set(`:${name}`, encodeURIComponent(String(value)));
  }
  // Whole segments only: `:topic` never matches inside `:toTopic`.
  const path = tool.route.url
    .split('/')
    .map((segment) => values.get(segment) ?? segment)
    .join('/');
  const query = new URLSearchParams();
  for (const name of tool.places.query) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    if (!values.every(isScalar))
      return { field: name, message: 'must be a string, number or boolean, or a list of them' };
    for (const v of values) query.append(name, String(v));
  }
  const search = query.toString();
  const url = search ? `${path}?${search}` : path;
  if (tool.places.bodyRequired && args.body === undefined) return { field: 'body', message: 'required' };
  return tool.places.body && args.body !== undefined ? { url, body: args.body } : { url };
}

/** A tool's own whole-number argument (`limit`, `seconds`): its default when absent, refused out of range. */
function bounded(
  args: Record<string, unknown>,
  name: string,
  fallback: number,
  max: number,
): number | string {
  const value = args[name];
  if (value === undefined || value === null) return fallback;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max
    ? value
    : `a whole number from 1 to ${max}`;
}

/**
 * Runs one tool call through its route, in-process (`app.inject`), with the caller's own credentials and
 * address and the MCP marker (auth/via.ts): the guard, the named checks, masking, the scan budgets and the
 * audit apply exactly as to the same REST call (docs/mcp.md#how-a-call-runs).
 */
export async function callRoute(
  app: FastifyInstance,
  tool: ConsoleTool,
  args: Record<string, unknown>,
  caller: McpCaller,
): Promise<CallToolResult> {
  const built = request(tool, args);
  if ('field' in built) return argumentError(built.field, built.message);
  const limit = bounded(args, 'limit', SEARCH_LIMIT.default, SEARCH_LIMIT.max);
  if (typeof limit === 'string') return argumentError('limit', limit);
  const seconds = bounded(args, 'seconds', 5, TAIL_MAX_SECONDS);
  if (typeof seconds === 'string') return argumentError('seconds', seconds);
  const inject = {
    method: tool.route.method as 'GET',
    url: built.url,
    headers: forwarded(caller.headers),
    ...(caller.remoteAddress ? { remoteAddress: caller.remoteAddress } : {}),
    ...(built.body !== undefined ? { payload: JSON.stringify(built.body) } : {}),
  };
  if (built.body !== undefined) inject.headers['content-type'] = 'application/json';
  if (!tool.stream) {
    const res = await app.inject({ ...inject, signal: caller.signal });
    return routeResult(res.statusCode, res.headers['content-type'] as string | undefined, res.payload);
  }
  const res = await app.inject({ ...inject, payloadAsStream: true });
  const body = res.stream();
  const type = res.headers['content-type'] as string | undefined;
  if (res.statusCode !== 200 || !type?.startsWith('text/event-stream')) {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return routeResult(res.statusCode, type, Buffer.concat(chunks).toString('utf8'));
  }
  // Leaving the stream closes the route's response, as a client that goes away does: its reads stop.
  let stopped = false;
  const stop = () => {
    stopped = true;
    res.raw.res.destroy();
  };
  caller.signal.addEventListener('abort', stop, { once: true });
  try {
    const frames = streamFrames(body, () => stopped);
    // The tail's `size` is the route's own (validated there): how many rows a client keeps.
    const keep = typeof args.size === 'number' ? args.size : TAIL_KEEP_DEFAULT;
    const answer: StreamAnswer =
      tool.stream === 'until-end'
        ? await collectSearch(frames, limit, stop)
        : tool.stream === 'run'
          ? await collectRun(frames)
          : await collectTail(frames, seconds, keep, stop);
    return answer.ok ? jsonResult(answer.value) : errorResult(answer.error);
  } finally {
    caller.signal.removeEventListener('abort', stop);
    if (!res.raw.res.writableEnded) stop();
  }
}
