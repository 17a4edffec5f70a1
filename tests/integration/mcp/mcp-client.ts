import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildApp } from '../../../packages/server/src/app.ts';
import { declaredRoutes } from '../../../packages/server/src/http/route-declaration.ts';
import type { Config } from '../../../packages/server/src/platform/config/schema.ts';
import type { RunningApp } from '../../support/app.ts';

/** The SDK's own client on the console's Streamable HTTP endpoint, with `headers` on every request. */
export async function mcpClient(app: RunningApp, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'console-tests', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

/** A tool call's answer: its JSON (the route's), whether it is an error, and the text as sent. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = result.content[0];
  const text = first?.type === 'text' ? first.text : '';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: a test reads the answer field by field, as JSON.parse's result
  return { isError: result.isError === true, text, json: json as any };
}

/**
 * The operationIds the routes of `config` declare as tools (`read` only unless `writes`), from the
 * declarations themselves: the expected tool list, not a copy of it.
 */
export async function declaredTools(config: Config, writes: boolean): Promise<string[]> {
  const app = await buildApp(config, { logger: false });
  try {
    return declaredRoutes(app)
      .map((route) => route.operation)
      .filter((op) => op !== undefined && typeof op.tool === 'string' && (writes || op.tool === 'read'))
      .map((op) => op?.operationId ?? '');
  } finally {
    await app.close();
  }
}

type AuditEvent = {
  user: string;
  action: string;
  object?: string;
  route: string;
  via?: string;
  outcome: string;
};

/** Polls `GET /api/audit?query` (the index follows the audit topic) until `enough` holds. */
export async function auditUntil(
  app: RunningApp,
  query: string,
  enough: (events: AuditEvent[]) => boolean,
  headers: Record<string, string> = {},
): Promise<AuditEvent[]> {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${app.url}/api/audit?${query}`, { headers });
    const events = ((await res.json()) as { results: AuditEvent[] }).results;
    if (enough(events) || Date.now() > until) return events;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
