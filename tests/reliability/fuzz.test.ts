import { describe, expect, it } from 'vitest';
import { fuzz } from './fuzz.ts';

// The short CI version of tests/reliability/RESULTS.md's fuzz run: a few generated cases per operation,
// plus the coverage phase's boundary values (empty strings and lists, limits), where a document that
// allows what the server refuses shows first.
describe('bad input', () => {
  it('answers generated requests to every operation without a 5xx, naming the field of every 400, accepting what the document allows and answering as it says', async () => {
    const result = await fuzz({ maxExamples: 3, seed: 7, phases: 'examples,coverage,fuzzing' });
    expect(result.operations).toBeGreaterThan(60);
    expect(result.requests).toBeGreaterThan(150);
    expect(result.serverErrors).toEqual([]);
    expect(result.unnamedBadRequests).toEqual([]);
    expect(result.schemathesisExit, result.schemathesisTail).toBe(0);
  }, 180_000);
});
