// SELECT support for the ksqlDB fake: a projection of plain columns, an optional WHERE of
// `column <op> literal` terms joined by AND, EMIT CHANGES and LIMIT. Enough for a console's queries.
import type { Column } from './sql.ts';
import { IDENT, identifier, KsqlError, parseLiteral, splitTopLevel } from './sql.ts';

export type Row = Record<string, unknown>;

interface Condition {
  column: string;
  op: string;
  value: unknown;
}

export interface SelectPlan {
  sourceName: string;
  // Output column (name as returned) and the source column it reads.
  outputs: { from: string; column: Column }[];
  conditions: Condition[];
  emitChanges: boolean;
  limit: number | undefined;
}

const SELECT = new RegExp(
  `^SELECT\\s+(.+?)\\s+FROM\\s+${IDENT}(?:\\s+WHERE\\s+(.+?))?(\\s+EMIT\\s+CHANGES)?(?:\\s+LIMIT\\s+(\\d+))?$`,
  'is',
);
const CONDITION = new RegExp(`^${IDENT}\\s*(=|!=|<>|<=|>=|<|>)\\s*(.+)$`, 's');

export function isSelect(statement: string): boolean {
  return /^SELECT\s/i.test(statement);
}

export function planSelect(
  statement: string,
  columnsOf: (source: string) => Column[] | undefined,
): SelectPlan {
  const match = SELECT.exec(statement);
  if (!match?.[1] || !match[2]) throw new KsqlError(`line 1:1: Syntax error in query: ${statement}`);
  const sourceName = identifier(match[2]);
  const columns = columnsOf(sourceName);
  if (!columns) throw new KsqlError(`Exception while preparing statement: ${sourceName} does not exist.`);
  const byName = new Map(columns.map((column) => [column.name, column]));
  const resolve = (name: string): Column => {
    const column = byName.get(name);
    if (!column) throw new KsqlError(`SELECT column '${name}' cannot be resolved.`);
    return column;
  };
  const outputs = match[1].trim() === '*' ? columns.map((column) => ({ from: column.name, column })) : [];
  if (outputs.length === 0) {
    for (const item of splitTopLevel(match[1], ',')) {
      const parts = new RegExp(`^${IDENT}(?:\\s+AS\\s+${IDENT})?$`, 'is').exec(item);
      if (!parts?.[1]) throw new KsqlError(`The ksqlDB fake selects plain columns only; got: ${item}`);
      const source = resolve(identifier(parts[1]));
      const name = parts[2] ? identifier(parts[2]) : source.name;
      outputs.push({ from: source.name, column: { ...source, name } });
    }
  }
  const conditions = (match[3] ? match[3].split(/\s+AND\s+/i) : []).map((term) => {
    const parts = CONDITION.exec(term.trim());
    if (!parts?.[1] || !parts[2] || !parts[3]) {
      throw new KsqlError(`The ksqlDB fake supports WHERE column <op> literal [AND ...] only; got: ${term}`);
    }
    return { column: resolve(identifier(parts[1])).name, op: parts[2], value: parseLiteral(parts[3]) };
  });
  const limit = match[5] === undefined ? undefined : Number(match[5]);
  return { sourceName, outputs, conditions, emitChanges: match[4] !== undefined, limit };
}

function compare(left: unknown, op: string, right: unknown): boolean {
  if (op === '=') return left === right;
  if (op === '!=' || op === '<>') return left !== right;
  if (typeof left !== typeof right || left === null || right === null) return false;
  const [a, b] = [left as number | string, right as number | string];
  if (op === '<') return a < b;
  if (op === '<=') return a <= b;
  if (op === '>') return a > b;
  return a >= b;
}

export function matches(plan: SelectPlan, row: Row): boolean {
  return plan.conditions.every((condition) => compare(row[condition.column], condition.op, condition.value));
}

export function project(plan: SelectPlan, row: Row): Row {
  return Object.fromEntries(plan.outputs.map((output) => [output.column.name, row[output.from] ?? null]));
}

export function toColumns(plan: SelectPlan, row: Row): unknown[] {
  return plan.outputs.map((output) => row[output.from] ?? null);
}
