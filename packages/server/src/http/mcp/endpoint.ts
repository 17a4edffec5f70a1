import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Config } from '../../platform/config/schema.ts';
import { declaredRoutes } from '../route-declaration.ts';
import { mcpServer } from './mcp-server.ts';
import { challenge, METADATA_PATHS, protectedResource } from './protected-resource.ts';
import { type ConsoleTool, consoleTools, toolOf } from './tools.ts';

const UNAUDITED = 'each tool call is audited as the route it runs, with via "mcp" (docs/mcp.md#audit)';
/** Any permission; the OIDC providers' access tokens are taken (docs/mcp.md#authentication); not audited. */
const MCP_ROUTE = { access: 'anyRole', accessTokens: true, unaudited: UNAUDITED } as const;
/** MCP messages are small JSON-RPC requests; tool arguments (a produce body) stay within this. */
const BODY_LIMIT = 8 * 1024 * 1024;

/** The request as the SDK's web-standard transport reads it; the body is Fastify's, already parsed. */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  return new Request(`http://${request.host || 'localhost'}${request.url}`, {
    method: request.method,
    headers,
  });
}

/**
 * The MCP endpoint at `{basePath}mcp` (docs/mcp.md): Streamable HTTP, stateless (a server and a
 * transport per request, JSON answers), so any replica answers any message. The guard covers it as any
 * API route (`anyRole`): a caller without credentials gets 401 with the RFC 9728 challenge. Installed only
 * with `mcp.enabled`.
 */
export function installMcp(app: FastifyInstance, config: Config): void {
  const prefix = config.basePath.slice(0, -1);
  let tools: ConsoleTool[] = [];
  let unlisted = new Set<string>();
  // Once every route is declared; a stream route without a tool decision stops the start here.
  app.addHook('onReady', async () => {
    tools = consoleTools(declaredRoutes(app), config.mcp);
    const listed = new Set(tools.map((t) => t.definition.name));
    unlisted = new Set(
      declaredRoutes(app)
        .map((route) => toolOf(route)?.definition.name)
        .filter((name): name is string => name !== undefined && !listed.has(name)),
    );
  });

  const challengeOn401: onSendHookHandler = async (request, reply, payload) => {
    if (reply.statusCode === 401) reply.header('www-authenticate', challenge(request, config));
    return payload;
  };

  app.post(
    `${prefix}/mcp`,
    {
      config: MCP_ROUTE,
      schema: { hide: true },
      bodyLimit: BODY_LIMIT,
      onSend: challengeOn401,
    },
    async (request, reply) => {
      // A client that leaves stops the calls it started (a search, a tail) as a REST client would.
      const controller = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const caller = {
        headers: request.headers,
        remoteAddress: request.socket.remoteAddress,
        signal: controller.signal,
      };
      const server = mcpServer(app, tools, unlisted, caller);
      const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
      try {
        await server.connect(transport);
        const answer = await transport.handleRequest(webRequest(request), { parsedBody: request.body });
        reply.code(answer.status);
        answer.headers.forEach((value, name) => {
          reply.header(name, value);
        });
        const text = await answer.text();
        return reply.send(text === '' ? undefined : text);
      } finally {
        await server.close();
      }
    },
  );

  // Stateless: no stream for server-initiated messages, no session to end (Streamable HTTP allows 405).
  app.route({
    method: ['GET', 'DELETE'],
    url: `${prefix}/mcp`,
    config: MCP_ROUTE,
    schema: { hide: true },
    onSend: challengeOn401,
    handler: (_request, reply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send({
          jsonrpc: '2.0',
          error: {
            code: -32000,
            message: 'Method not allowed: this MCP endpoint is stateless, POST each message',
          },
          id: null,
        }),
  });

  for (const path of METADATA_PATHS)
    app.get(`${prefix}/${path}`, { config: { access: 'public' }, schema: { hide: true } }, (request) =>
      protectedResource(request, config),
    );
}
