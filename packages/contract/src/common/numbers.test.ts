import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { intOrText } from './numbers.ts';

describe('intOrText', () => {
  const partition = intOrText(z.number().int().min(0).max(2_147_483_647));
  const count = intOrText(z.number().int().min(1).max(2_147_483_647));

  it('takes a number or its decimal text, and gives a number', () => {
    expect(partition.parse('0')).toBe(0);
    expect(partition.parse(7)).toBe(7);
    expect(count.parse('12')).toBe(12);
  });

  it('refuses other text and out-of-range values, naming what it wants', () => {
    for (const bad of ['', 'zero', '1.5', '-1', ' 1', 2_147_483_648]) {
      expect(partition.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(count.safeParse('0').success).toBe(false);
    expect(partition.safeParse('x').error?.issues[0]?.message).toBe(
      'must be an integer (a number or its decimal text)',
    );
  });

  it('documents only texts the number schema takes', () => {
    const text = (s: z.ZodType) =>
      (z.toJSONSchema(s, { io: 'input' }) as { anyOf: { pattern?: string }[] }).anyOf[1]?.pattern;
    const pattern = new RegExp(text(partition) ?? '');
    expect(pattern.test('999999999')).toBe(true);
    expect(pattern.test('9999999999')).toBe(false);
    expect(pattern.test('-1')).toBe(false);
    expect(new RegExp(text(count) ?? '').test('0')).toBe(false);
  });
});
