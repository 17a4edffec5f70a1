import { z } from 'zod';

/**
 * The MCP endpoint at `{basePath}mcp` (docs/mcp.md): off unless `enabled`. Its tools are the API's own
 * operations; only the read ones are listed unless `allowWrites`, and every call still needs the
 * caller's own rights.
 */
export const McpConfig = z
  .strictObject({
    enabled: z.boolean().default(false),
    /** Also list the tools that change things (create, update, delete, reset offsets...). */
    allowWrites: z.boolean().default(false),
  })
  .prefault({});
export type McpConfig = z.output<typeof McpConfig>;
