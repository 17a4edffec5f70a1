import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../lib/form-errors';
import {
  initialProduceValues,
  keySubjects,
  ProduceForm,
  type ProduceValues,
  serverFieldErrors,
  toProduceBody,
  valueSubjects,
} from './produce-form';

const base = (change: Partial<ProduceValues> = {}): ProduceValues => ({
  ...initialProduceValues('orders', []),
  timestamp: new Date(Date.UTC(2024, 4, 1, 10, 30)),
  ...change,
});
const errors = (values: ProduceValues) => {
  const result = ProduceForm.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
};

describe('the produce form', () => {
  it('preselects the topic subjects and splits the lists by key and value', () => {
    const subjects = ['orders-key', 'orders-value', 'other-value', 'shared'];
    const values = initialProduceValues('orders', subjects);
    expect(values.keySchema).toBe('orders-key');
    expect(values.valueSchema).toBe('orders-value');
    expect(keySubjects(subjects)).toEqual(['orders-key', 'shared']);
    expect(valueSubjects(subjects)).toEqual(['orders-value', 'other-value', 'shared']);
    expect(initialProduceValues('none', subjects).keySchema).toBe('');
  });

  it('builds the payload: auto partition, tombstone null value, multi message without key', () => {
    const body = toProduceBody(base({ key: 'k', value: 'v', partition: '2' }));
    expect(body).toMatchObject({ partition: 2, key: 'k', value: 'v', multiMessage: false, keySchema: null });
    expect(body.timestamp).toMatch(/^2024-05-01T\d\d:30:00\.000[+-]\d\d:\d\d$/);
    expect(toProduceBody(base({ value: 'x', tombstone: true })).value).toBeNull();
    expect(toProduceBody(base()).partition).toBeNull();
    const multi = toProduceBody(base({ key: 'ignored', value: 'a:1\nb:2', multiMessage: true }));
    expect(multi).toMatchObject({ key: null, multiMessage: true, keyValueSeparator: ':' });
  });

  it('names the field: headers need key and value, multi message a separator on every line', () => {
    expect(errors(base({ headers: [{ key: '', value: 'v' }] }))).toHaveProperty('headers');
    expect(errors(base({ multiMessage: true, value: 'a:1\nb2' })).value).toBe("Line 2 has no separator ':'");
    expect(errors(base({ multiMessage: true, keyValueSeparator: '' })).keyValueSeparator).toBe(
      'Separator is required',
    );
    expect(errors(base({ value: 'no separator needed' }))).toEqual({});
  });

  it('checks that a json value parses: the value, or the value part of each line with multi message', () => {
    expect(base().valueType).toBe('string');
    expect(errors(base({ value: '{oops' }))).toEqual({});
    expect(errors(base({ valueType: 'json', value: '{oops' })).value).toBe('Value is not valid JSON');
    expect(errors(base({ valueType: 'json', value: '{"id": 1}' }))).toEqual({});
    expect(errors(base({ valueType: 'json', value: '{oops', tombstone: true }))).toEqual({});
    const multi = { valueType: 'json' as const, multiMessage: true };
    expect(errors(base({ ...multi, value: 'a:{"n":1}\nb:[2, 3]' }))).toEqual({});
    expect(errors(base({ ...multi, value: 'a:{"n":1}\nb:{n:2}' })).value).toBe(
      'Line 2: the value is not valid JSON',
    );
    expect(toProduceBody(base({ valueType: 'json', value: '{"id": 1}' }))).not.toHaveProperty('valueType');
  });

  it('maps the server fields onto the form', () => {
    expect(
      serverFieldErrors([
        { field: 'body.keySchema', message: 'Subject not found' },
        { field: 'body.headers.0.key', message: 'bad' },
        { field: 'query.x', message: 'ignored' },
      ]),
    ).toEqual({ keySchema: 'Subject not found', headers: 'bad' });
  });
});
