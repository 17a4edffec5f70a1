import type { RouteDeclaration } from '../route-declaration.ts';

/** Where docs/mcp.md holds the generated table; mcp-docs.test.ts checks it, `--write` renews it. */
export const TABLE_START = '<!-- tool-decisions:start (generated from the route declarations) -->';
export const TABLE_END = '<!-- tool-decisions:end -->';

const WHEN: Record<string, string> = {
  read: 'always listed',
  write: 'with `mcp.allowWrites`',
  destructive: 'with `mcp.allowWrites`; destructive',
};

const cell = (text: string) => text.replaceAll('|', '\\|');

/**
 * Every documented operation with its MCP decision, as the markdown table of docs/mcp.md#tools: a tool
 * (read, write, destructive: when it is listed) or not one, and why.
 */
export function decisionTable(routes: readonly RouteDeclaration[]): string {
  const rows = routes
    .filter((route) => route.operation)
    .map((route) => {
      const { operationId, tool, summary } = route.operation ?? {
        operationId: '',
        tool: 'read',
        summary: '',
      };
      const decision = typeof tool === 'object' ? `none: ${tool.none}` : `${tool} (${WHEN[tool]})`;
      return `| \`${operationId}\` | \`${route.key}\` | ${cell(decision)} | ${cell(summary)} |`;
    });
  return [
    '| tool (operationId) | route | decision | summary |',
    '| ------------------ | ----- | -------- | ------- |',
    ...rows,
  ].join('\n');
}
