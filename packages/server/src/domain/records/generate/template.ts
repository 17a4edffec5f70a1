import type { Faker } from '@faker-js/faker';
import { badRequest } from '../../../platform/errors.ts';

/**
 * JSON templates with fake-data expressions (docs/api-conventions.md#generate). An expression is
 * `{{index}}`, `{{now}}` or `{{faker.<module>.<method>}}` with at most one JSON argument in parentheses.
 * Nothing is evaluated: the method is looked up by name, on an allow-list of modules, as an own function
 * property of the module (never a prototype's, so never `constructor` or `__proto__`), and the argument
 * is read with JSON.parse. No user text reaches a regular expression.
 */

/** Faker's modules an expression may name; `helpers` only for the methods below (others take callbacks or templates). */
const MODULES = new Set([
  'airline',
  'animal',
  'book',
  'color',
  'commerce',
  'company',
  'database',
  'datatype',
  'date',
  'finance',
  'food',
  'git',
  'hacker',
  'helpers',
  'image',
  'internet',
  'location',
  'lorem',
  'music',
  'number',
  'person',
  'phone',
  'science',
  'string',
  'system',
  'vehicle',
  'word',
]);
const HELPERS = new Set([
  'arrayElement',
  'arrayElements',
  'weightedArrayElement',
  'rangeToNumber',
  'slugify',
]);
/** Modules whose numbers in an argument object are values (bounds, amounts), not lengths or counts. */
const VALUE_MODULES = new Set([
  'number',
  'finance',
  'date',
  'commerce',
  'location',
  'datatype',
  'helpers',
  'image',
]);
/** Argument keys that are a length or a count in every module. */
const SIZE_KEYS = new Set(['length', 'count', 'dec', 'fractionDigits', 'precision', 'min', 'max']);
/**
 * Largest length or count an argument may ask: a record stays small, and `{"count":1e9}` cannot make
 * the server build a billion dates.
 */
const MAX_SIZE_ARGUMENT = 256;
const NAME = /^[a-z][A-Za-z0-9]{0,63}$/;
const MAX_EXPRESSION = 2_000;

type Expression =
  | { kind: 'index' }
  | { kind: 'now' }
  | { kind: 'faker'; module: string; method: string; arg: unknown; hasArg: boolean; text: string };
type Part = string | Expression;
/** A template ready to render: the JSON value with each string split into text and expressions. */
export type Compiled =
  | { kind: 'literal'; value: unknown }
  | { kind: 'string'; parts: Part[] }
  | { kind: 'array'; items: Compiled[] }
  | { kind: 'object'; entries: [string, Compiled][] };

export type RenderContext = { faker: Faker; index: number };

/** Checks every expression of `template` once; a bad one is a 400 naming `field` and the expression. */
export function compileTemplate(template: unknown, field: string, faker: Faker): Compiled {
  const walk = (value: unknown, depth: number): Compiled => {
    if (depth > 64) throw badRequest(field, 'nests deeper than 64 levels');
    if (typeof value === 'string') {
      const parts = parseString(value, field, faker);
      return parts.every((p) => typeof p === 'string')
        ? { kind: 'literal', value }
        : { kind: 'string', parts };
    }
    if (Array.isArray(value)) return { kind: 'array', items: value.map((v) => walk(v, depth + 1)) };
    if (value !== null && typeof value === 'object') {
      return {
        kind: 'object',
        entries: Object.entries(value).map(([k, v]): [string, Compiled] => [k, walk(v, depth + 1)]),
      };
    }
    return { kind: 'literal', value };
  };
  return walk(template, 0);
}

/** A fresh value: a string that is exactly one expression takes the expression's type. */
export function render(compiled: Compiled, ctx: RenderContext, field: string): unknown {
  switch (compiled.kind) {
    case 'literal':
      return compiled.value;
    case 'array':
      return compiled.items.map((c) => render(c, ctx, field));
    case 'object':
      return Object.fromEntries(compiled.entries.map(([k, c]) => [k, render(c, ctx, field)]));
    case 'string': {
      const [only] = compiled.parts;
      if (compiled.parts.length === 1 && only !== undefined && typeof only !== 'string') {
        return evaluate(only, ctx, field);
      }
      return compiled.parts
        .map((p) => {
          if (typeof p === 'string') return p;
          const v = evaluate(p, ctx, field);
          return typeof v === 'string' ? v : JSON.stringify(v);
        })
        .join('');
    }
  }
}

/** Text as a key or value carries it: a string as is, anything else as its JSON text. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function parseString(text: string, field: string, faker: Faker): Part[] {
  const parts: Part[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{{', at);
    if (open < 0) break;
    const close = text.indexOf('}}', open + 2);
    if (close < 0) break;
    // An argument may itself hold `}}` (`{"a":{"b":1}}`): an expression with one ends at `)}}`.
    const paren = text.indexOf('(', open + 2);
    const end = paren >= 0 && paren < close ? text.indexOf(')}}', paren) + 1 : close;
    if (end <= 0) throw badRequest(field, `'${clip(text.slice(open))}' opens an argument it does not close`);
    if (open > at) parts.push(text.slice(at, open));
    parts.push(parseExpression(text.slice(open + 2, end), field, faker));
    at = end + 2;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

function parseExpression(inner: string, field: string, faker: Faker): Expression {
  const text = `{{${inner}}}`;
  if (inner.length > MAX_EXPRESSION)
    throw badRequest(field, `'${clip(text)}' is longer than ${MAX_EXPRESSION} characters`);
  const paren = inner.indexOf('(');
  const name = (paren < 0 ? inner : inner.slice(0, paren)).trim();
  let arg: unknown;
  let hasArg = false;
  if (paren >= 0) {
    const close = inner.lastIndexOf(')');
    if (close < paren || inner.slice(close + 1).trim() !== '') {
      throw badRequest(field, `'${clip(text)}': the argument must end the expression`);
    }
    const argText = inner.slice(paren + 1, close).trim();
    if (argText !== '') {
      try {
        arg = JSON.parse(argText);
      } catch {
        throw badRequest(field, `'${clip(text)}': the argument is not one JSON value`);
      }
      hasArg = true;
    }
  }
  if (name === 'index' || name === 'now') {
    if (paren >= 0) throw badRequest(field, `'${clip(text)}': ${name} takes no argument`);
    return { kind: name };
  }
  const path = name.split('.');
  const [root, module, method] = path;
  if (path.length !== 3 || root !== 'faker' || !module || !method || !allowed(faker, module, method)) {
    throw badRequest(
      field,
      `'${clip(text)}' is not a known faker method: use faker.<module>.<method>, e.g. {{faker.person.firstName}}`,
    );
  }
  if (hasArg && !boundedArgument(module, arg)) {
    throw badRequest(field, `'${clip(text)}': lengths and counts are at most ${MAX_SIZE_ARGUMENT}`);
  }
  return { kind: 'faker', module, method, arg, hasArg, text };
}

function allowed(faker: Faker, module: string, method: string): boolean {
  if (!MODULES.has(module) || !NAME.test(method)) return false;
  if (module === 'helpers' && !HELPERS.has(method)) return false;
  const target = (faker as unknown as Record<string, unknown>)[module];
  if (target === null || typeof target !== 'object') return false;
  return Object.hasOwn(target, method) && typeof (target as Record<string, unknown>)[method] === 'function';
}

/**
 * A bare number is a length or count except for `number` (`faker.number.int(100)`: a maximum); in an
 * object, SIZE_KEYS are (top-level `min`/`max` are values for VALUE_MODULES: `number.int({"min":1})`),
 * and every number is for modules outside VALUE_MODULES (`lorem.words({"min":1,"max":5})`).
 */
function boundedArgument(module: string, arg: unknown): boolean {
  if (typeof arg === 'number') return module === 'number' || Math.abs(arg) <= MAX_SIZE_ARGUMENT;
  if (arg === null || typeof arg !== 'object' || Array.isArray(arg))
    return smallNumbers(arg, 0) || VALUE_MODULES.has(module);
  if (!VALUE_MODULES.has(module)) return smallNumbers(arg, 0);
  return Object.entries(arg).every(
    ([key, value]) => !SIZE_KEYS.has(key) || key === 'min' || key === 'max' || smallNumbers(value, 0),
  );
}

function smallNumbers(value: unknown, depth: number): boolean {
  if (depth > 8) return false;
  if (typeof value === 'number') return Math.abs(value) <= MAX_SIZE_ARGUMENT;
  if (Array.isArray(value)) return value.length <= 1_000 && value.every((v) => smallNumbers(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.values(value).every((v) => smallNumbers(v, depth + 1));
  }
  return true;
}

function evaluate(expression: Expression, ctx: RenderContext, field: string): unknown {
  if (expression.kind === 'index') return ctx.index;
  if (expression.kind === 'now') return new Date().toISOString();
  const target = (ctx.faker as unknown as Record<string, Record<string, (arg?: unknown) => unknown>>)[
    expression.module
  ];
  const fn = target?.[expression.method];
  if (!fn) throw badRequest(field, `'${clip(expression.text)}' is not a known faker method`);
  let value: unknown;
  try {
    value = expression.hasArg ? fn(structuredClone(expression.arg)) : fn();
  } catch (error) {
    throw badRequest(field, `'${clip(expression.text)}': ${(error as Error).message}`);
  }
  return plain(value);
}

/** A result as JSON holds it: dates as ISO-8601, big integers as text. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function' || value === undefined) return null;
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
