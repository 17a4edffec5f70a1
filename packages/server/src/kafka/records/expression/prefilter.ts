import type { Expr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import type { RecordView } from '../record-view.ts';

/** A test on the record's text that every record the expression makes true passes. */
export type Prefilter = (view: RecordView) => boolean;

/**
 * A necessary condition read off the expression, checked on the text before any JSON is parsed: when
 * `value.customer == "x"` is true, the value's text holds `x`, or else a backslash (a JSON escape could
 * spell it otherwise). Most records of a selective filter are ruled out by one `includes`, as a literal
 * prefilter does in grep-like tools. Only `&&`, `||`, `==` and the string methods with a literal are
 * read, never a comprehension (whose variables could shadow `key` or `value`). Undefined: nothing to check.
 *
 * A record ruled out here is not evaluated, so a failure the expression would have had on it is not
 * counted: failures are counted over the records that could match.
 */
export function prefilterOf(e: Expr | undefined): Prefilter | undefined {
  if (e?.exprKind.case !== 'callExpr') return undefined;
  const call = e.exprKind.value;
  const [a, b] = call.args;
  switch (call.function) {
    case '_&&_': {
      const left = prefilterOf(a);
      const right = prefilterOf(b);
      return left && right ? (v) => left(v) && right(v) : (left ?? right);
    }
    case '_||_': {
      const left = prefilterOf(a);
      const right = prefilterOf(b);
      return left && right ? (v) => left(v) || right(v) : undefined;
    }
    case '_==_':
      return literalIn(a, stringConst(b)) ?? literalIn(b, stringConst(a));
    case 'contains':
    case 'startsWith':
    case 'endsWith':
      return call.args.length === 1 ? literalIn(call.target, stringConst(a)) : undefined;
    default:
      return undefined;
  }
}

function stringConst(e: Expr | undefined): string | undefined {
  if (e?.exprKind.case !== 'constExpr') return undefined;
  const constant = e.exprKind.value.constantKind;
  return constant.case === 'stringValue' ? constant.value : undefined;
}

/** `literal` must be in the text of the part `e` reads: `key`, or `value` and any field path below it. */
function literalIn(e: Expr | undefined, literal: string | undefined): Prefilter | undefined {
  if (literal === undefined || !e) return undefined;
  const root = rootOf(e);
  if (root === 'key' && e.exprKind.case === 'identExpr') return (v) => v.key.text?.includes(literal) ?? false;
  if (root === 'value')
    return (v) => {
      const text = v.value.text;
      return text !== null && (text.includes(literal) || text.includes('\\'));
    };
  return undefined;
}

/** The variable a chain of field selections starts from (`value.a.b` → `value`); `has()` is not a chain. */
function rootOf(e: Expr): string | undefined {
  let node: Expr | undefined = e;
  while (node?.exprKind.case === 'selectExpr' && !node.exprKind.value.testOnly)
    node = node.exprKind.value.operand;
  return node?.exprKind.case === 'identExpr' ? node.exprKind.value.name : undefined;
}
