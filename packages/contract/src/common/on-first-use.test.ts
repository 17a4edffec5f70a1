import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildDeferredSchemas, onFirstUse } from './on-first-use.ts';

describe('onFirstUse', () => {
  it('builds the schema on its first parse, once, and parses as the built schema', () => {
    let builds = 0;
    const Pair = onFirstUse(() => {
      builds++;
      return z.object({ key: z.string(), value: z.number().int() }).meta({ id: 'OnFirstUsePair' });
    });
    const Pairs = onFirstUse(() => z.array(Pair));
    expect(builds).toBe(0);

    expect(Pairs.parse([{ key: 'a', value: 1 }])).toEqual([{ key: 'a', value: 1 }]);
    const refused = Pair.safeParse({ key: 'a', value: 1.5 });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['value', 'Invalid input: expected int, received number'],
    ]);
    expect(z.toJSONSchema(Pairs)).toMatchObject({ items: { $ref: '#/$defs/OnFirstUsePair' } });
    expect(builds).toBe(1);
  });

  it('builds every schema not built yet when asked (the OpenAPI document names them all)', () => {
    const built: string[] = [];
    onFirstUse(() => {
      built.push('a');
      return z.string();
    });
    const B = onFirstUse(() => {
      built.push('b');
      return z.string();
    });
    B.parse('x');
    buildDeferredSchemas();
    expect(built).toEqual(['b', 'a']);
    buildDeferredSchemas();
    expect(built).toEqual(['b', 'a']);
  });
});
