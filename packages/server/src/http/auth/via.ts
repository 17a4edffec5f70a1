import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** How a request reached its route, when not straight from a client: `mcp` for an MCP tool call. */
export type Via = 'mcp';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set only for the MCP endpoint's own calls of a route (docs/mcp.md#audit); null for everything else. */
    via: Via | null;
  }
}

const HEADER = 'x-console-via';
/**
 * Made at start and never sent anywhere: a client cannot forge the marker, since it would have to guess
 * 256 random bits. The MCP handler adds it to the calls it makes through `app.inject`, in-process.
 */
const SECRET = randomBytes(32);

/** The header the MCP handler's in-process calls carry. */
export const mcpCallHeaders = (): Record<string, string> => ({
  [HEADER]: `mcp:${SECRET.toString('base64url')}`,
});

/**
 * Reads the marker and removes the header, so no handler, log line or forwarded call sees it. A wrong or
 * foreign value counts as no marker.
 */
export function takeVia(request: FastifyRequest): Via | null {
  const given = request.headers[HEADER];
  if (given === undefined) return null;
  delete request.headers[HEADER];
  if (typeof given !== 'string' || !given.startsWith('mcp:')) return null;
  const secret = Buffer.from(given.slice(4), 'base64url');
  return secret.length === SECRET.length && timingSafeEqual(secret, SECRET) ? 'mcp' : null;
}
