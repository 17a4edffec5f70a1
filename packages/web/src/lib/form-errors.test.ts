import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldError, fieldErrors } from './form-errors';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  size: z.coerce.number().min(1, 'Size must be at least 1'),
});

describe('fieldErrors', () => {
  it('keeps the first message of each field', () => {
    const result = schema.safeParse({ name: '', size: '0' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual({
        name: 'Name is required',
        size: 'Size must be at least 1',
      });
    }
  });
});

describe('fieldError', () => {
  it('reports only the asked field', () => {
    expect(fieldError(schema, { name: '', size: '2' }, 'size')).toBeUndefined();
    expect(fieldError(schema, { name: '', size: '2' }, 'name')).toBe('Name is required');
  });
});
