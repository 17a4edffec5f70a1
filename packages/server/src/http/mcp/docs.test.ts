import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test-support/config.ts';
import { declaredRoutes } from '../route-declaration.ts';
import { decisionTable, TABLE_END, TABLE_START } from './decisions.ts';

const doc = readFileSync(new URL('../../../../../docs/mcp.md', import.meta.url), 'utf8');

/** A markdown table's rows, cell by cell, whatever padding a formatter gave it (separator rows left out). */
const rows = (table: string) =>
  table
    .split('\n')
    .map((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()))
    .filter((cells) => !cells.every((cell) => /^-*$/.test(cell)));

describe('docs/mcp.md', () => {
  it('lists every operation with its MCP decision and reason, as the routes declare them now', async () => {
    const app = await buildApp(testConfig(), { logger: false });
    await app.ready();
    const routes = declaredRoutes(app);
    const table = decisionTable(routes);
    await app.close();
    const section = doc.slice(doc.indexOf(TABLE_START) + TABLE_START.length, doc.indexOf(TABLE_END)).trim();
    // Stale: run `node scripts/mcp-tool-table.ts` after adding or changing an operation.
    expect(rows(section)).toEqual(rows(table));
    for (const route of routes.filter((r) => r.operation))
      expect(section, route.key).toContain(`\`${route.operation?.operationId}\``);
  });
});
