import { GenerateBody } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors';
import { initialGenerateValues, serverErrors, toGenerateBody, validateGenerate } from './generate-form';

describe('the Generate form', () => {
  it('preselects `{topic}-value` when the registry has it, else the sample template', () => {
    expect(initialGenerateValues('orders', ['orders-value', 'orders-key'])).toMatchObject({
      source: 'subject',
      subject: 'orders-value',
    });
    const fresh = initialGenerateValues('orders', ['payments-value']);
    expect(fresh).toMatchObject({ source: 'template', subject: '' });
    expect(validateGenerate(fresh)).toEqual({});
  });

  it('sends a body the API accepts: a count, or a rate with a duration, and the seed when given', () => {
    const values = { ...initialGenerateValues('orders', []), keyTemplate: 'user-{{index}}', seed: '42' };
    const body = toGenerateBody(values);
    expect(GenerateBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ keyTemplate: 'user-{{index}}', count: 100, seed: 42 });
    const rate = toGenerateBody({
      ...values,
      amount: 'rate',
      ratePerSecond: '5',
      durationSeconds: '3',
      seed: '',
    });
    expect(rate).toMatchObject({ ratePerSecond: 5, durationSeconds: 3 });
    expect(rate).not.toHaveProperty('count');
    expect(rate).not.toHaveProperty('seed');
    expect(toGenerateBody({ ...values, keyTemplate: '{"id":"{{index}}"}' }).keyTemplate).toEqual({
      id: '{{index}}',
    });
  });

  it('names what is wrong before sending', () => {
    const values = initialGenerateValues('orders', []);
    expect(validateGenerate({ ...values, template: '{ oops' }).template).toMatch(/^Not valid JSON/);
    expect(validateGenerate({ ...values, source: 'subject', subject: '' }).subject).toBe('Choose a subject');
    expect(validateGenerate({ ...values, count: '0' }).count).toBeDefined();
    expect(validateGenerate({ ...values, count: '2000000' }).count).toBeDefined();
    expect(
      validateGenerate({ ...values, amount: 'rate', durationSeconds: '7200' }).durationSeconds,
    ).toBeDefined();
    expect(validateGenerate({ ...values, seed: 'abc' }).seed).toBe('A whole number');
  });

  it('puts a refusal on the field it names, anything else as the failure', () => {
    const refused = new ApiError(400, 'bad', {
      fields: [{ field: 'body.template', message: "'{{faker.x.y}}' is not a known faker method" }],
    });
    expect(serverErrors(refused)).toEqual({
      fields: { template: "'{{faker.x.y}}' is not a known faker method" },
      other: undefined,
    });
    expect(serverErrors(new ApiError(409, 'Key missing'))).toEqual({ fields: {}, other: 'Key missing' });
  });
});
