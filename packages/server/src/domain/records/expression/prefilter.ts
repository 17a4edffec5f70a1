import { isUtf8 } from 'node:buffer';
import type { Expr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import type { MaskedRecord } from '../../masking/masked-record.ts';
import { isDigit, skipSpace } from './json-bytes.ts';

/** A test on the record's text that every record the expression makes true passes. */
export type Prefilter = (view: MaskedRecord) => boolean;

/**
 * A necessary condition read off the expression, checked on the text (or on the bytes when they are the
 * text's UTF-8) before any JSON is parsed: when
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
      return literalIn(a, stringConst(b)) ?? literalIn(b, stringConst(a)) ?? numberAt(a, b, '==');
    case '_<_':
    case '_<=_':
    case '_>_':
    case '_>=_':
      return numberAt(a, b, call.function.slice(1, -1) as Comparison);
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
  if (root !== 'value') return undefined;
  const inText = (v: MaskedRecord) => {
    const text = v.value.text;
    return text !== null && (text.includes(literal) || text.includes('\\'));
  };
  // A literal with a lone surrogate has no UTF-8 of its own: looked for in the text only.
  const needle = Buffer.from(literal, 'utf8');
  if (needle.toString('utf8') !== literal) return inText;
  return (v) => {
    const bytes = utf8Value(v);
    return bytes ? bytes.includes(needle) || bytes.includes(BACKSLASH) : inText(v);
  };
}

const BACKSLASH = 0x5c;

/**
 * The value's bytes when its text is exactly their UTF-8 (no mask, no configured format, not
 * registry-framed, valid UTF-8: decode.ts), so that the text holds a string exactly when the bytes hold
 * its UTF-8: the check reads them without making the text (decoding a 1 KB value cost about what the
 * rest of a filter's check did, tests/bench/results/search-filter.md).
 */
function utf8Value(v: MaskedRecord): Buffer | undefined {
  const bytes = v.plainBytes('value');
  return bytes && isUtf8(bytes) ? bytes : undefined;
}

type Comparison = '==' | '<' | '<=' | '>' | '>=';
const FLIPPED: Record<Comparison, Comparison> = { '==': '==', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
/** JSON's number grammar, exactly: every number token of a text is one match. */
const NUMBER_TOKEN = '-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?';

/**
 * `value.….name OP number` (either side): true only when the field is a JSON number (CEL compares
 * numbers with numbers; a string, a boolean, null, a list or a map compared with a number is an error,
 * and `==` between other types is false), so only when the text has a member `"name": <number>` that
 * passes. Without backslashes, `"name"` followed by a colon can only be a member's name (a string holds
 * no unescaped quote), and a number token is never escaped; a text with a backslash is not ruled out.
 */
function numberAt(a: Expr | undefined, b: Expr | undefined, op: Comparison): Prefilter | undefined {
  const right = numberConst(b);
  if (right !== undefined) return memberNumber(a, right, op);
  const left = numberConst(a);
  return left === undefined ? undefined : memberNumber(b, left, FLIPPED[op]);
}

function memberNumber(e: Expr | undefined, bound: number, op: Comparison): Prefilter | undefined {
  if (e?.exprKind.case !== 'selectExpr' || e.exprKind.value.testOnly || rootOf(e) !== 'value')
    return undefined;
  const name = e.exprKind.value.field;
  // The name as JSON writes it without escapes; a name JSON must escape is not looked for.
  if (JSON.stringify(name) !== `"${name}"`) return undefined;
  const quoted = `"${name}"`;
  // After the name: spaces, the colon, spaces, then a number token, read where the name ends.
  const after = new RegExp(`[ \\t\\n\\r]*:[ \\t\\n\\r]*(${NUMBER_TOKEN})`, 'y');
  const passes = (n: number) =>
    op === '=='
      ? n === bound
      : op === '<'
        ? n < bound
        : op === '<='
          ? n <= bound
          : op === '>'
            ? n > bound
            : n >= bound;
  const quotedBytes = Buffer.from(quoted, 'utf8');
  return (v) => {
    const bytes = utf8Value(v);
    if (bytes) {
      if (bytes.includes(BACKSLASH)) return true;
      for (let at = bytes.indexOf(quotedBytes); at >= 0; at = bytes.indexOf(quotedBytes, at + 1)) {
        const n = numberAfter(bytes, at + quotedBytes.length);
        if (n !== undefined && passes(n)) return true;
      }
      return false;
    }
    const text = v.value.text;
    if (text === null) return false;
    if (text.includes('\\')) return true;
    for (let at = text.indexOf(quoted); at >= 0; at = text.indexOf(quoted, at + 1)) {
      after.lastIndex = at + quoted.length;
      const match = after.exec(text);
      if (match && passes(Number(match[1]))) return true;
    }
    return false;
  };
}

/**
 * What the sticky pattern after a member's name (spaces, a colon, spaces, NUMBER_TOKEN) reads from the
 * bytes at `i`: the number, or undefined where the pattern fails. The token is the longest prefix the
 * pattern's greedy parts take: its optional fraction and exponent count only when complete.
 */
function numberAfter(b: Buffer, i: number): number | undefined {
  i = skipSpace(b, i, b.length);
  if (b[i] !== 0x3a) return undefined;
  i = skipSpace(b, i + 1, b.length);
  const start = i;
  if (b[i] === 0x2d) i++;
  if (b[i] === 0x30) i++;
  else if (isDigit(b[i])) {
    while (isDigit(b[i])) i++;
  } else return undefined;
  if (b[i] === 0x2e && isDigit(b[i + 1])) {
    i += 2;
    while (isDigit(b[i])) i++;
  }
  if (b[i] === 0x65 || b[i] === 0x45) {
    let j = i + 1;
    if (b[j] === 0x2b || b[j] === 0x2d) j++;
    if (isDigit(b[j])) {
      while (isDigit(b[j])) j++;
      i = j;
    }
  }
  return Number(b.toString('latin1', start, i));
}

/** An int, uint or double literal, when a double holds it exactly. */
function numberConst(e: Expr | undefined): number | undefined {
  if (e?.exprKind.case !== 'constExpr') return undefined;
  const constant = e.exprKind.value.constantKind;
  switch (constant.case) {
    case 'int64Value':
    case 'uint64Value': {
      const n = Number(constant.value);
      return Number.isSafeInteger(n) ? n : undefined;
    }
    case 'doubleValue':
      return Number.isFinite(constant.value) ? constant.value : undefined;
    default:
      return undefined;
  }
}

/** The variable a chain of field selections starts from (`value.a.b` → `value`); `has()` is not a chain. */
function rootOf(e: Expr): string | undefined {
  let node: Expr | undefined = e;
  while (node?.exprKind.case === 'selectExpr' && !node.exprKind.value.testOnly)
    node = node.exprKind.value.operand;
  return node?.exprKind.case === 'identExpr' ? node.exprKind.value.name : undefined;
}
