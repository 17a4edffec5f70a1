import { RE2JS } from '@bufbuild/re2';
import { LIMITS } from './limits.ts';

/** Why an evaluation was stopped: it counts as a failure on that record. */
export class LimitExceeded extends Error {}

/**
 * What one evaluation has spent: comprehension steps, characters given to regular expressions, time.
 * One meter per compiled filter, reset before each evaluation (evaluations are synchronous). Once a limit
 * is passed the meter stays stopped until the next evaluation: CEL's `exists` and `all` go on past an
 * error in their step (a later element may still decide), so every later step and match throws at once,
 * and the step wrapped around each loop condition ends the comprehension.
 */
export class Meter {
  steps = 0;
  matchChars = 0;
  #deadline = 0;
  #stopped: LimitExceeded | undefined;

  /**
   * Before each evaluation. The clock starts at the evaluation's first step or match: reading it costs
   * about as much as a simple expression's whole evaluation, and before its first step an evaluation has
   * no loop to run long in.
   */
  reset(): void {
    this.steps = 0;
    this.matchChars = 0;
    this.#stopped = undefined;
    this.#deadline = 0;
  }

  /** One comprehension step; the call wraps every loop condition. */
  step(): void {
    this.#check();
    if (++this.steps > LIMITS.maxSteps) this.#stop(`more than ${LIMITS.maxSteps} comprehension steps`);
  }

  /** A pattern about to be compiled (a pattern may be built per step). */
  compile(): void {
    this.#check();
  }

  /** `text.matches(pattern)` input, counted before the match runs. */
  match(chars: number): void {
    if (this.#stopped) throw this.#stopped;
    if (chars > LIMITS.maxMatchChars) this.#stop(`matches() on more than ${LIMITS.maxMatchChars} characters`);
    this.matchChars += chars;
    if (this.matchChars > LIMITS.maxMatchTotal)
      this.#stop(`matches() on more than ${LIMITS.maxMatchTotal} characters in all`);
    this.#check();
  }

  #check(): void {
    if (this.#stopped) throw this.#stopped;
    if (this.#deadline === 0) this.#deadline = performance.now() + LIMITS.maxEvalMs;
    else if (performance.now() > this.#deadline)
      this.#stop(`evaluation took more than ${LIMITS.maxEvalMs} ms`);
  }

  #stop(message: string): never {
    this.#stopped = new LimitExceeded(message);
    throw this.#stopped;
  }
}

type Matcher = { test(text: string): boolean };

/**
 * The RE2 engine `@bufbuild/cel` uses (linear time, no backtracking), its input metered, the last few
 * patterns of a filter kept compiled.
 */
export function meteredRe2(meter: Meter): { compile(pattern: string): Matcher } {
  const compiled = new Map<string, Matcher>();
  return {
    compile(pattern: string): Matcher {
      let re = compiled.get(pattern);
      if (!re) {
        meter.compile();
        re = RE2JS.compile(pattern);
        if (compiled.size < 16) compiled.set(pattern, re);
      }
      const engine = re;
      return {
        test(text: string): boolean {
          meter.match(text.length);
          return engine.test(text);
        },
      };
    },
  };
}
