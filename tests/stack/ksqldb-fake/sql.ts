// Lexical helpers for the ksqlDB fake: just enough of ksqlDB's SQL dialect to split statements,
// read identifiers, literals, column lists and WITH properties. Not a parser; regexes do the rest.

export interface Column {
  name: string;
  type: string;
  key: boolean;
}

export class KsqlError extends Error {
  readonly errorCode: number;
  constructor(message: string, errorCode = 40001) {
    super(message);
    this.errorCode = errorCode;
  }
}

export const IDENT = '(`[^`]+`|[A-Za-z_][A-Za-z0-9_]*)';

// ksqlDB upper-cases unquoted identifiers and keeps back-quoted ones verbatim.
export function identifier(raw: string): string {
  const text = raw.trim();
  return text.startsWith('`') && text.endsWith('`') ? text.slice(1, -1) : text.toUpperCase();
}

// Splits on `separator` outside quotes and parentheses; type lists also nest in angle brackets
// (ARRAY<STRUCT<A INT, B INT>>), which elsewhere are comparison operators.
export function splitTopLevel(text: string, separator: string, angles = false): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === "'" || ch === '`' || ch === '"') {
      quote = ch;
    } else if (ch === '(' || (angles && ch === '<')) {
      depth++;
    } else if (ch === ')' || (angles && ch === '>')) {
      depth--;
    } else if (ch === separator && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

// Statements end with ';' (outside string literals); `--` comments are dropped as ksqlDB does.
export function splitStatements(ksql: string): string[] {
  const withoutComments = ksql
    .split('\n')
    .map((line) => line.replace(/--(?=(?:[^']*'[^']*')*[^']*$).*$/, ''))
    .join('\n');
  return splitTopLevel(withoutComments, ';');
}

export function normalizeType(raw: string): string {
  const upper = raw.trim().replace(/\s+/g, ' ').toUpperCase();
  return upper
    .replace(/\bVARCHAR\b/g, 'STRING')
    .replace(/\bINT\b/g, 'INTEGER')
    .replace(/\s*,\s*/g, ', ')
    .replace(/\s*([<>()])\s*/g, '$1');
}

export function parseColumns(text: string): Column[] {
  return splitTopLevel(text, ',', true).map((definition) => {
    const match = new RegExp(`^${IDENT}\\s+(.+?)(\\s+PRIMARY\\s+KEY|\\s+KEY)?$`, 'is').exec(definition);
    if (!match?.[1] || !match[2])
      throw new KsqlError(`line 1:1: Syntax error in column definition '${definition}'`);
    return { name: identifier(match[1]), type: normalizeType(match[2]), key: match[3] !== undefined };
  });
}

export function parseLiteral(raw: string): unknown {
  const text = raw.trim();
  if (/^'.*'$/s.test(text)) return text.slice(1, -1).replace(/''/g, "'");
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) return Number(text);
  if (/^(TRUE|FALSE)$/i.test(text)) return text.toUpperCase() === 'TRUE';
  if (/^NULL$/i.test(text)) return null;
  throw new KsqlError(`The ksqlDB fake only accepts literal values; got: ${text}`);
}

// WITH (kafka_topic='t', value_format='JSON', partitions=1): keys upper-cased like ksqlDB's properties.
export function parseWithProperties(text: string): Map<string, unknown> {
  const properties = new Map<string, unknown>();
  for (const pair of splitTopLevel(text, ',')) {
    const index = pair.indexOf('=');
    if (index < 0) throw new KsqlError(`line 1:1: Syntax error in WITH clause near '${pair}'`);
    properties.set(pair.slice(0, index).trim().toUpperCase(), parseLiteral(pair.slice(index + 1)));
  }
  return properties;
}
