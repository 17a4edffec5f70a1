import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ConsoleTool } from './tools.ts';

/** Runs a read tool for a resource; the same route, rights, masking and audit as the tool itself. */
export type RunTool = (tool: ConsoleTool, args: Record<string, unknown>) => Promise<CallToolResult>;

const text = (result: CallToolResult) => {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
};

/** A resource's JSON from its tool's answer; a refusal is the JSON-RPC error carrying the route's message. */
async function read(uri: URL, tool: ConsoleTool | undefined, args: Record<string, unknown>, run: RunTool) {
  if (!tool) throw new McpError(ErrorCode.InvalidRequest, `No route answers ${uri.href}`);
  const result = await run(tool, args);
  if (result.isError) {
    const { message } = (result.structuredContent ?? {}) as { message?: string };
    throw new McpError(ErrorCode.InvalidRequest, message ?? 'Refused');
  }
  return { contents: [{ uri: uri.href, mimeType: 'application/json', text: text(result) }] };
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/**
 * The cluster overview and a topic's description as resource templates (docs/mcp.md#resources), read
 * through `getClusterOverview` and `getTopic`. The overview of every cluster the caller may see is listed
 * (from `listClusters`); topics are too many to list: an agent fills in the template.
 */
export function registerResources(server: McpServer, tools: Map<string, ConsoleTool>, run: RunTool): void {
  const listClusters = tools.get('listClusters');
  server.registerResource(
    'cluster-overview',
    new ResourceTemplate('kafka-console://clusters/{cluster}/overview', {
      list: async () => {
        if (!listClusters) return { resources: [] };
        const result = await run(listClusters, {});
        const clusters = result.isError ? [] : (JSON.parse(text(result)) as { id: string }[]);
        return {
          resources: clusters.map(({ id }) => ({
            uri: `kafka-console://clusters/${encodeURIComponent(id)}/overview`,
            name: `${id} overview`,
            mimeType: 'application/json',
          })),
        };
      },
    }),
    {
      title: 'Cluster overview',
      description:
        "A cluster's overview: brokers, topics, partitions, groups and their health (getClusterOverview)",
      mimeType: 'application/json',
    },
    (uri, { cluster }) => read(uri, tools.get('getClusterOverview'), { cluster: one(cluster) }, run),
  );
  server.registerResource(
    'topic',
    new ResourceTemplate('kafka-console://clusters/{cluster}/topics/{topic}', { list: undefined }),
    {
      title: 'Topic',
      description:
        "A topic's description: partitions, replicas, in-sync replicas, offsets and size (getTopic)",
      mimeType: 'application/json',
    },
    (uri, { cluster, topic }) =>
      read(uri, tools.get('getTopic'), { cluster: one(cluster), topic: decodeURIComponent(one(topic)) }, run),
  );
}
