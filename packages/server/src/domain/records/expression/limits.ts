/**
 * The bounds that make every evaluation small: `@bufbuild/cel` has no cost limit of its own, so
 * the expression's size and nesting are checked once, comprehension steps and regular-expression input are
 * counted during each evaluation, and a clock stops whatever still runs too long.
 */
export const LIMITS = {
  /** Nodes of the parsed tree, macros expanded. */
  maxNodes: 400,
  /** Depth of the parsed tree: the planner and the evaluator recurse over it. */
  maxDepth: 48,
  /** Comprehensions (`exists`, `all`, `map`, `filter`...) inside one another. */
  maxComprehensionNesting: 2,
  /** Comprehension steps in one evaluation, all comprehensions together. */
  maxSteps: 5_000,
  /** Characters one `matches` reads (RE2: linear, but about 4 µs a character at worst). */
  maxMatchChars: 16 * 1024,
  /** Characters all `matches` of one evaluation read together. */
  maxMatchTotal: 64 * 1024,
  /** Wall time of one evaluation, checked at each comprehension step and each `matches`. */
  maxEvalMs: 50,
  /** The scan loops give the event loop a turn after this long evaluating. */
  yieldEveryMs: 10,
} as const;
