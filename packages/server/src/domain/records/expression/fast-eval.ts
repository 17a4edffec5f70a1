import { celMap, isCelMap } from '@bufbuild/cel';
import type { Expr } from '@bufbuild/cel-spec/cel/expr/syntax_pb.js';
import type { RecordBindings } from './bindings.ts';

/**
 * What the fast evaluation gives when a record's values leave the cases it knows: the record is then
 * evaluated by `@bufbuild/cel` itself, which gives the answer or the failure and its message.
 */
export const UNDECIDED: unique symbol = Symbol('undecided');

type Node = (b: RecordBindings) => unknown;

/** Variables read as they are: scalars, null, or maps (`headers`). `timestamp` is a message: not here. */
const VARIABLES = new Set([
  'key',
  'value',
  'headers',
  'partition',
  'offset',
  'topic',
  'keySchemaId',
  'valueSchemaId',
  'size',
]);
const MAX_INT = 9223372036854775807n;
const MIN_INT = -9223372036854775808n;

/**
 * The common filter shapes (`value.amount > 100 && value.status == "FAILED"`, `key.startsWith("a")`)
 * evaluated directly, without the library's planner: for the expression tree's parts it knows (member
 * reads of maps, `x.name` and `x["name"]`; literals; comparisons; arithmetic; `&&`, `||`, `!`, `?:`;
 * `has`; `in` a list written out; the string methods `startsWith`, `endsWith`, `contains`, `size`),
 * each operation done as `@bufbuild/cel`'s own overload does it (its std/logic.js and std/math.js: the same JavaScript operators). It decides a record
 * only while every value met is of a type those overloads take and no operation fails (a missing
 * member, a type mismatch, an int overflow, a division by zero): anything else is UNDECIDED and the
 * library evaluates the record, so answers and failure messages are the library's (fast-eval.test.ts
 * compares the two over generated expressions and records). Why: the planner's evaluation (overloads
 * tried in turn, each qualified name looked up whole first, an activation and error objects per record)
 * cost 2 to 2.5 µs a record for `value.amount + 1.0 > 5001.0`, half of an unprefiltered filter's time
 * (tests/bench/results/search-filter.md).
 *
 * Returns undefined for an expression with anything else (comprehensions, `matches`, other lists, timestamps,
 * type names, unsigned or bytes literals): those are always the library's.
 */
export function fastEvaluator(expr: Expr): ((b: RecordBindings) => boolean | typeof UNDECIDED) | undefined {
  const root = node(expr);
  if (!root) return undefined;
  return (b) => {
    try {
      const result = root(b);
      return typeof result === 'boolean' ? result : UNDECIDED;
    } catch {
      return UNDECIDED;
    }
  };
}

function node(e: Expr): Node | undefined {
  const kind = e.exprKind;
  switch (kind.case) {
    case 'constExpr': {
      const c = kind.value.constantKind;
      if (c.case === 'stringValue' || c.case === 'doubleValue' || c.case === 'boolValue') {
        const v = c.value;
        return () => v;
      }
      if (c.case === 'int64Value') {
        const v = c.value;
        return () => v;
      }
      if (c.case === 'nullValue') return () => null;
      return undefined;
    }
    case 'identExpr': {
      const name = kind.value.name;
      if (!VARIABLES.has(name)) return undefined;
      return (b) => variable(b[name as keyof RecordBindings]);
    }
    case 'selectExpr': {
      const { operand, field, testOnly } = kind.value;
      const of = operand && node(operand);
      if (!of) return undefined;
      return testOnly ? (b) => present(of(b), field) : (b) => member(of(b), field);
    }
    case 'callExpr':
      return call(kind.value.function, kind.value.target, kind.value.args);
    default:
      return undefined;
  }
}

/** A variable's value as the library's activation gives it (`toCel`): a Map becomes a CEL map. */
function variable(raw: unknown): unknown {
  if (raw instanceof Map) return celMap(raw);
  return raw === null || typeof raw !== 'object' || isCelMap(raw) ? raw : UNDECIDED;
}

/** `x.field` and `x["field"]`: the library's StringAccess on a map (`map.get`); missing is a failure. */
function member(of: unknown, field: string): unknown {
  if (!isCelMap(of)) return UNDECIDED;
  const v = of.get(field);
  return v === undefined ? UNDECIDED : v;
}

/** `has(x.field)` on a map: `map.has`. */
function present(of: unknown, field: string): unknown {
  return isCelMap(of) ? of.has(field) : UNDECIDED;
}

function call(name: string, target: Expr | undefined, args: readonly Expr[]): Node | undefined {
  if (name === '@in') return inList(args);
  const parts = args.map(node);
  if (parts.some((p) => !p)) return undefined;
  const nodes = parts as Node[];
  if (target) {
    const receiver = node(target);
    const [arg] = nodes;
    if (!receiver) return undefined;
    if (name === 'size' && nodes.length === 0) return (b) => size(receiver(b));
    if (nodes.length !== 1 || !arg) return undefined;
    const method = STRING_METHODS[name];
    if (!method) return undefined;
    return (b) => {
      const s = receiver(b);
      const a = arg(b);
      return typeof s === 'string' && typeof a === 'string' ? method.call(s, a) : UNDECIDED;
    };
  }
  if (name === '_[_]') {
    const [of] = nodes;
    const index = args[1]?.exprKind;
    if (!of || index?.case !== 'constExpr' || index.value.constantKind.case !== 'stringValue')
      return undefined;
    const field = index.value.constantKind.value;
    return (b) => member(of(b), field);
  }
  if (name === '_&&_') return logical(nodes, false);
  if (name === '_||_') return logical(nodes, true);
  const [l, r, third] = nodes;
  if (nodes.length === 3 && name === '_?_:_' && l && r && third)
    return (b) => {
      const c = l(b);
      return c === true ? r(b) : c === false ? third(b) : UNDECIDED;
    };
  if (nodes.length === 1 && l) {
    if (name === '!_') return (b) => not(l(b));
    if (name === '-_') return (b) => negate(l(b));
    if (name === 'size') return (b) => size(l(b));
    return undefined;
  }
  const op = BINARY[name];
  if (nodes.length !== 2 || !l || !r || !op) return undefined;
  return (b) => {
    const x = l(b);
    if (x === UNDECIDED) return UNDECIDED;
    const y = r(b);
    return y === UNDECIDED ? UNDECIDED : op(x, y);
  };
}

const STRING_METHODS: Record<string, (this: string, a: string) => boolean> = {
  startsWith: String.prototype.startsWith,
  endsWith: String.prototype.endsWith,
  contains: String.prototype.includes,
};

/**
 * `&&` (`stopAt` false) and `||` (true) as the library's EvalAnd/EvalOr: the first operand equal to
 * `stopAt` decides even when another failed; otherwise any failed or non-bool operand fails the whole.
 */
function logical(nodes: Node[], stopAt: boolean): Node {
  return (b) => {
    let undecided = false;
    for (const n of nodes) {
      const v = n(b);
      if (v === stopAt) return stopAt;
      if (v !== !stopAt) undecided = true;
    }
    return undecided ? UNDECIDED : !stopAt;
  };
}

/** `x in [a, b]` with the list written out; `x in` anything else is the library's. */
function inList(args: readonly Expr[]): Node | undefined {
  const [x, list] = args;
  const of = x && node(x);
  if (!of || list?.exprKind.case !== 'listExpr' || list.exprKind.value.optionalIndices.length)
    return undefined;
  const elements = list.exprKind.value.elements.map(node);
  if (elements.some((n) => !n)) return undefined;
  return (b) => within(of(b), elements as Node[], b);
}

/**
 * `x in [a, b]`: the library makes the whole list first (a failing element fails the whole), then its
 * inList compares with `equals` against each element in turn.
 */
function within(x: unknown, elements: Node[], b: RecordBindings): unknown {
  const values = elements.map((element) => element(b));
  if (values.includes(UNDECIDED)) return UNDECIDED;
  for (const v of values) {
    const found = equal(x, v);
    if (found !== false) return found;
  }
  return false;
}

const not = (v: unknown) => (typeof v === 'boolean' ? !v : UNDECIDED);

function negate(v: unknown): unknown {
  if (typeof v === 'number') return -v;
  return typeof v === 'bigint' ? int(-v) : UNDECIDED;
}

/** `size` of a string: its code points, as the library counts them. */
const size = (v: unknown) => (typeof v === 'string' ? BigInt([...v].length) : UNDECIDED);

/** An int result inside int64, as the library's safeInt; outside it the library's overflow failure. */
const int = (v: bigint) => (v >= MIN_INT && v <= MAX_INT ? v : UNDECIDED);

const isScalar = (v: unknown) =>
  v === null ||
  typeof v === 'string' ||
  typeof v === 'number' ||
  typeof v === 'bigint' ||
  typeof v === 'boolean';
const isNumber = (v: unknown) => typeof v === 'number' || typeof v === 'bigint';

/** The library's `equals` for scalars: numbers across int and double, others by type and value. */
function equal(x: unknown, y: unknown): unknown {
  if (!isScalar(x) || !isScalar(y)) return UNDECIDED;
  // biome-ignore lint/suspicious/noDoubleEquals: an int (bigint) and a double (number) by value, as the library's equals.
  return isNumber(x) && isNumber(y) ? x == y : x === y;
}

type Order = (x: never, y: never) => boolean;

/**
 * An ordering over the pairs the library's overloads take: the same type (double, int, string, bool),
 * or int against double through `Number`.
 */
function ordering(compare: Order): (x: unknown, y: unknown) => unknown {
  const ordered = compare as (x: unknown, y: unknown) => boolean;
  return (x, y) => {
    const tx = typeof x;
    const ty = typeof y;
    if (tx === ty && (tx === 'number' || tx === 'bigint' || tx === 'string' || tx === 'boolean'))
      return ordered(x, y);
    if (tx === 'bigint' && ty === 'number') return ordered(Number(x), y);
    if (tx === 'number' && ty === 'bigint') return ordered(x, Number(y));
    return UNDECIDED;
  };
}

/** `+ - * / %` over two doubles or two ints (strings too for `+`), as std/math.js. */
function arithmetic(
  double: ((x: number, y: number) => number) | undefined,
  integer: (x: bigint, y: bigint) => bigint | typeof UNDECIDED,
  strings = false,
): (x: unknown, y: unknown) => unknown {
  return (x, y) => {
    if (typeof x === 'number' && typeof y === 'number') return double ? double(x, y) : UNDECIDED;
    if (typeof x === 'bigint' && typeof y === 'bigint') {
      const v = integer(x, y);
      return v === UNDECIDED ? v : int(v);
    }
    if (strings && typeof x === 'string' && typeof y === 'string') return x + y;
    return UNDECIDED;
  };
}

const BINARY: Record<string, (x: unknown, y: unknown) => unknown> = {
  '_==_': equal,
  '_!=_': (x, y) => {
    const v = equal(x, y);
    return v === UNDECIDED ? v : !v;
  },
  '_<_': ordering((x: number, y: number) => x < y),
  '_<=_': ordering((x: number, y: number) => x <= y),
  '_>_': ordering((x: number, y: number) => x > y),
  '_>=_': ordering((x: number, y: number) => x >= y),
  '_+_': arithmetic(
    (x, y) => x + y,
    (x, y) => x + y,
    true,
  ),
  '_-_': arithmetic(
    (x, y) => x - y,
    (x, y) => x - y,
  ),
  '_*_': arithmetic(
    (x, y) => x * y,
    (x, y) => x * y,
  ),
  '_/_': arithmetic(
    (x, y) => x / y,
    (x, y) => (y === 0n ? UNDECIDED : x / y),
  ),
  '_%_': arithmetic(undefined, (x, y) => (y === 0n ? UNDECIDED : x % y)),
};
