/**
 * `node scripts/mcp-tool-table.ts`: writes the table of every operation's MCP decision into docs/mcp.md
 * (between its markers), from the route declarations. mcp/docs.test.ts fails while the doc is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { buildApp } from '../packages/server/src/app.ts';
import { decisionTable, TABLE_END, TABLE_START } from '../packages/server/src/http/mcp/decisions.ts';
import { declaredRoutes } from '../packages/server/src/http/route-declaration.ts';
import { testConfig } from '../packages/server/src/test-support/config.ts';

const file = new URL('../docs/mcp.md', import.meta.url);
const app = await buildApp(testConfig(), { logger: false });
await app.ready();
const table = decisionTable(declaredRoutes(app));
await app.close();
const doc = readFileSync(file, 'utf8');
const start = doc.indexOf(TABLE_START);
const end = doc.indexOf(TABLE_END);
if (start < 0 || end < start) throw new Error(`docs/mcp.md has no ${TABLE_START} … ${TABLE_END} section`);
writeFileSync(file, `${doc.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${doc.slice(end)}`);
console.log(`docs/mcp.md: ${table.split('\n').length - 2} operations`);
