import { CelScalar, celEnv, celFunc, isCelError, parse, plan } from '@bufbuild/cel';
import type { FilterFailures } from '@console/contract';
import { badRequest } from '../../../platform/errors.ts';
import type { MaskedRecord } from '../../masking/masked-record.ts';
import { RecordBindings } from './bindings.ts';
import { fastEvaluator, type UNDECIDED } from './fast-eval.ts';
import { LIMITS } from './limits.ts';
import { Meter, meteredRe2 } from './meter.ts';
import { type Prefilter, prefilterOf } from './prefilter.ts';
import { checkTree, ExpressionError, STEP_FUNCTION, type TreeFacts } from './tree.ts';

/** Calls the planner evaluates itself rather than through the environment's functions. */
const SPECIAL_FORMS = ['_&&_', '_||_', '_?_:_', '_[_]', '@not_strictly_false', '@in'];

type Evaluate = (bindings: RecordBindings) => unknown;
type Decide = (bindings: RecordBindings) => boolean | typeof UNDECIDED;

/**
 * A compiled `filter` expression (CEL) and what it met while a scan ran: a record it fails on
 * (no such key, wrong type, a limit) does not match, and is counted; the first failure's message is kept.
 * Evaluation reaches nothing but the record: `@bufbuild/cel`'s standard functions have no clock, file,
 * network or process access, and only those are declared.
 */
export class RecordFilter {
  readonly facts: TreeFacts;
  /** The expression as written (a scan's worker threads compile it again, scan/parallel/scan-worker.ts). */
  text = '';
  failures = 0;
  firstFailure: string | undefined;
  readonly #evaluate: Evaluate;
  /** The fast evaluation of common shapes (fast-eval.ts), when the expression is one. */
  readonly #decide: Decide | undefined;
  readonly #meter: Meter;
  readonly #prefilter: Prefilter | undefined;
  #busySince = performance.now();
  /** Work since the clock was last read: a record, and a unit per 4 KiB of its value. */
  #work = 0;

  constructor(evaluate: Evaluate, meter: Meter, facts: TreeFacts, prefilter?: Prefilter, decide?: Decide) {
    this.#evaluate = evaluate;
    this.#decide = decide;
    this.#meter = meter;
    this.facts = facts;
    this.#prefilter = prefilter;
  }

  /** True when the expression is `true` for the record; anything else (false, an error) is no match. */
  test(view: MaskedRecord, topic: string): boolean {
    this.#work += 1 + ((view.raw.value?.length ?? 0) >> 12);
    if (this.#prefilter && !this.#prefilter(view)) return false;
    const bindings = new RecordBindings(view, topic);
    const decided = this.#decide?.(bindings);
    if (decided === true || decided === false) return decided;
    this.#meter.reset();
    let result = this.#evaluate(bindings);
    if (isCelError(result) && result.message.startsWith('Unsupported input')) {
      // A JSON object with its own `constructor` key: the library cannot read it as a plain object.
      result = this.#evaluate(new RecordBindings(view, topic, true));
    }
    if (result === true) return true;
    if (isCelError(result)) {
      this.failures++;
      this.firstFailure ??= `partition ${view.raw.partition} offset ${view.raw.offset}: ${result.message}`;
    }
    return false;
  }

  /** What to report at the end of a scan; nothing when every evaluation succeeded. */
  report(): FilterFailures | undefined {
    return this.firstFailure === undefined ? undefined : { count: this.failures, message: this.firstFailure };
  }

  /**
   * Whether the scan should give the event loop a turn now: after LIMITS.yieldEveryMs of work since the
   * last turn. A scan loop awaits `yieldTurn()` when this says so. The clock is read after 16 units of
   * work (records, and large values' 4 KiB) or an evaluation that ran a loop: reading it for every small
   * record cost a tenth of a simple filter's time.
   */
  yieldDue(): boolean {
    if (this.#work < 16 && this.#meter.steps === 0 && this.#meter.matchChars === 0) return false;
    this.#work = 0;
    const now = performance.now();
    if (now - this.#busySince < LIMITS.yieldEveryMs) return false;
    this.#busySince = now;
    return true;
  }
}

/**
 * Parses, checks and plans `text`; an invalid expression is a 400 on `field` naming the line and column.
 * One environment per filter: its meter counts that filter's evaluations only.
 */
export function compileFilter(text: string, field: string): RecordFilter {
  const meter = new Meter();
  const env = celEnv({
    funcs: [
      celFunc(STEP_FUNCTION, [CelScalar.DYN], CelScalar.DYN, (condition) => {
        meter.step();
        return condition;
      }),
    ],
    re2: meteredRe2(meter),
  });
  const functions = new Set([...SPECIAL_FORMS, ...[...env.funcs].map((f) => f.name)]);
  try {
    const parsed = parse(text);
    const facts = checkTree(parsed.expr, parsed.sourceInfo?.positions ?? {}, functions);
    const evaluate = plan(env, parsed.expr) as unknown as Evaluate;
    const filter = new RecordFilter(
      evaluate,
      meter,
      facts,
      prefilterOf(parsed.expr),
      fastEvaluator(parsed.expr),
    );
    filter.text = text;
    return filter;
  } catch (error) {
    throw badRequest(field, describe(text, error));
  }
}

/** `line 1, column 6: found . but expecting end of input` from whatever the parser or the check threw. */
function describe(text: string, error: unknown): string {
  if (error instanceof ExpressionError) return `${position(text, error.offset)}: ${error.message}`;
  if (error instanceof RangeError) return 'nested too deeply';
  const e = error as { location?: { start?: { line: number; column: number } }; message?: string };
  const start = e.location?.start;
  // The parser's message starts with its own `<input>:line:column: `.
  const message = String(e.message ?? 'invalid expression').replace(/^<input>:\d+:\d+: /, '');
  return start ? `line ${start.line}, column ${start.column}: ${message}` : message;
}

function position(text: string, offset: number): string {
  const before = [...text].slice(0, offset);
  const line = before.filter((c) => c === '\n').length + 1;
  const column = before.length - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}
