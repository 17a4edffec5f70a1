import { type Expr, Expr_CallSchema, ExprSchema } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import { create } from '@bufbuild/protobuf';
import { LIMITS } from './limits.ts';

/** The record's variables. */
export const VARIABLES = [
  'key',
  'value',
  'headers',
  'partition',
  'offset',
  'timestamp',
  'topic',
  'keySchemaId',
  'valueSchemaId',
  'size',
] as const;
export type Variable = (typeof VARIABLES)[number];

/** Type names an expression may write as identifiers (`type(value) == map`). */
const TYPE_NAMES = new Set([
  'int',
  'uint',
  'double',
  'bool',
  'string',
  'bytes',
  'list',
  'map',
  'null_type',
  'type',
  'dyn',
]);

/** The function every comprehension's loop condition is wrapped in: it counts the step. */
export const STEP_FUNCTION = '@step';

/** A problem in the expression at `offset` (characters from its start). */
export class ExpressionError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

export type TreeFacts = { uses: Set<Variable>; comprehensions: number; matches: boolean };

/**
 * Checks a parsed tree against the bounds and the names the console provides (so that `now()` or a typo
 * is a 400 naming its position, not a failure on every record), and wraps each comprehension's loop
 * condition in `@step` so each step is counted. Returns which variables the expression reads.
 */
export function checkTree(
  root: Expr,
  positions: { [id: string]: number },
  functions: ReadonlySet<string>,
): TreeFacts {
  const facts: TreeFacts = { uses: new Set(), comprehensions: 0, matches: false };
  const variables = new Set<string>(VARIABLES);
  let nodes = 0;
  // Far above any id the parser gives an expression of FILTER_MAX_CHARS characters.
  let nextId = 1_000_000n;
  const at = (e: Expr) => positions[String(e.id)] ?? 0;
  const fail = (e: Expr, message: string): never => {
    throw new ExpressionError(message, at(e));
  };

  const visit = (e: Expr | undefined, depth: number, scope: ReadonlySet<string>, nesting: number): void => {
    if (!e) return;
    if (++nodes > LIMITS.maxNodes) fail(e, `longer than ${LIMITS.maxNodes} terms`);
    if (depth > LIMITS.maxDepth) fail(e, `nested deeper than ${LIMITS.maxDepth}`);
    const kind = e.exprKind;
    switch (kind.case) {
      case 'constExpr':
        return;
      case 'identExpr': {
        const name = kind.value.name;
        if (scope.has(name) || TYPE_NAMES.has(name)) return;
        if (variables.has(name)) {
          facts.uses.add(name as Variable);
          return;
        }
        fail(e, `unknown name '${name}' (the variables are ${VARIABLES.join(', ')})`);
        return;
      }
      case 'selectExpr':
        visit(kind.value.operand, depth + 1, scope, nesting);
        return;
      case 'callExpr': {
        const call = kind.value;
        if (!functions.has(call.function)) fail(e, `unknown function '${call.function}'`);
        if (call.function === 'matches') facts.matches = true;
        visit(call.target, depth + 1, scope, nesting);
        for (const arg of call.args) visit(arg, depth + 1, scope, nesting);
        return;
      }
      case 'listExpr':
        for (const element of kind.value.elements) visit(element, depth + 1, scope, nesting);
        return;
      case 'structExpr':
        fail(e, 'message and map construction is not supported');
        return;
      case 'comprehensionExpr': {
        const c = kind.value;
        if (nesting + 1 > LIMITS.maxComprehensionNesting)
          fail(e, `comprehensions nested deeper than ${LIMITS.maxComprehensionNesting}`);
        facts.comprehensions++;
        visit(c.iterRange, depth + 1, scope, nesting);
        visit(c.accuInit, depth + 1, scope, nesting);
        const inner = new Set([...scope, c.accuVar, c.iterVar, ...(c.iterVar2 ? [c.iterVar2] : [])]);
        for (const part of [c.loopCondition, c.loopStep, c.result])
          visit(part, depth + 1, inner, nesting + 1);
        if (c.loopCondition) c.loopCondition = stepCall(c.loopCondition, nextId++);
        return;
      }
      default:
        fail(e, 'unsupported expression');
    }
  };
  visit(root, 0, new Set(), 0);
  return facts;
}

function stepCall(condition: Expr, id: bigint): Expr {
  return create(ExprSchema, {
    id,
    exprKind: {
      case: 'callExpr',
      value: create(Expr_CallSchema, { function: STEP_FUNCTION, args: [condition] }),
    },
  });
}
