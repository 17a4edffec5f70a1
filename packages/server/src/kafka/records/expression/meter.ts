import { RE2JS } from '@bufbuild/re2';
import { LIMITS } from './limits.ts';

/** Why an evaluation was stopped: it counts as a failure on that record. */
export class LimitExceeded extends Error {}

/**
 * What one evaluation has spent: comprehension steps, characters given to regular expressions, time.
 * One meter per compiled filter, reset before each evaluation (evaluations are synchronous).
 */
export class Meter {
  steps = 0;
  matchChars = 0;
  #deadline = 0;

  reset(): void {
    this.steps = 0;
    this.matchChars = 0;
    this.#deadline = performance.now() + LIMITS.maxEvalMs;
  }

  /** One comprehension step; the call wraps every loop condition. */
  step(): void {
    if (++this.steps > LIMITS.maxSteps)
      throw new LimitExceeded(`more than ${LIMITS.maxSteps} comprehension steps`);
    if ((this.steps & 63) === 0) this.#clock();
  }

  /** `text.matches(pattern)` input, counted before the match runs. */
  match(chars: number): void {
    if (chars > LIMITS.maxMatchChars)
      throw new LimitExceeded(`matches() on more than ${LIMITS.maxMatchChars} characters`);
    this.matchChars += chars;
    if (this.matchChars > LIMITS.maxMatchTotal)
      throw new LimitExceeded(`matches() on more than ${LIMITS.maxMatchTotal} characters in all`);
    this.#clock();
  }

  #clock(): void {
    if (performance.now() > this.#deadline)
      throw new LimitExceeded(`evaluation took more than ${LIMITS.maxEvalMs} ms`);
  }
}

type Matcher = { test(text: string): boolean };

/**
 * The RE2 engine `@bufbuild/cel` uses (linear time, no backtracking), its input metered, each pattern
 * compiled once per filter.
 */
export function meteredRe2(meter: Meter): { compile(pattern: string): Matcher } {
  const compiled = new Map<string, Matcher>();
  return {
    compile(pattern: string): Matcher {
      let re = compiled.get(pattern);
      if (!re) {
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
