import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { VERSION } from '../../platform/version.ts';
import { registerPrompts } from './prompts.ts';
import { registerResources } from './resources.ts';
import { callRoute, type McpCaller } from './route-call.ts';
import { argumentError } from './tool-result.ts';
import type { ConsoleTool } from './tools.ts';

const INSTRUCTIONS =
  'Tools of a Kafka console, one per API operation, each answering the JSON of that operation. Start with listClusters; ' +
  'every other tool takes the cluster id. Record searches and tails are bounded: pass `after` from an answer to go on.';

/**
 * One MCP server for one HTTP request (stateless: any replica answers any request). Its tools are the
 * operations' own (tools.ts) and run through their routes as the caller (route-call.ts). They are
 * served with the SDK's protocol handlers (`tools/list`, `tools/call`) rather than `registerTool`,
 * because their input schemas are JSON Schema made once from the routes' zod schemas, and the route
 * validates each call itself; resources and prompts use the SDK's registrations.
 */
export function mcpServer(
  app: FastifyInstance,
  tools: readonly ConsoleTool[],
  unlisted: ReadonlySet<string>,
  caller: McpCaller,
): McpServer {
  const server = new McpServer({ name: 'kafka-console', version: VERSION }, { instructions: INSTRUCTIONS });
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  const run = (tool: ConsoleTool, args: Record<string, unknown>) => callRoute(app, tool, args, caller);
  server.server.registerCapabilities({ tools: { listChanged: false } });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map((t) => t.definition) }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      const why = unlisted.has(request.params.name)
        ? 'it changes things, and mcp.allowWrites is off on this console'
        : 'tools/list names the tools';
      return argumentError('name', `no tool '${request.params.name}' here: ${why}`);
    }
    return run(tool, request.params.arguments ?? {});
  });
  registerResources(server, byName, run);
  registerPrompts(server, (name) => byName.has(name));
  return server;
}
