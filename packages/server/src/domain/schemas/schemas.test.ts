import { describe, expect, it } from 'vitest';
import { byRelevance, preferTopic, toSchema } from './schemas.ts';

describe('registry schemas', () => {
  it('reads a missing schemaType as AVRO and flags a text that does not parse', () => {
    const raw = { subject: 's', version: 2, id: 7, schema: '"string"' };
    expect(toSchema(raw, 'BACKWARD')).toEqual({ ...raw, schemaType: 'AVRO', compatibilityLevel: 'BACKWARD' });
    expect(toSchema({ ...raw, schema: '{oops' }).exception).toMatch(/^Invalid AVRO schema/);
    expect(
      toSchema({ ...raw, schema: 'syntax = "proto3";', schemaType: 'PROTOBUF' }).exception,
    ).toBeUndefined();
  });

  it('orders subjects for a topic: exact subject, then prefixed ones, then the rest', () => {
    const subjects = ['zeta', 'orders-value', 'Alpha', 'orders-key', 'orders.v2-value'];
    expect([...subjects].sort(byRelevance('orders', 'value'))).toEqual([
      'orders-value',
      'orders-key',
      'orders.v2-value',
      'Alpha',
      'zeta',
    ]);
    expect([...subjects].sort(byRelevance('orders', 'key'))[0]).toBe('orders-key');
  });

  it('answers an id with the subject that names the topic, else the first', () => {
    const versions = [
      { subject: 'a-value', version: 1 },
      { subject: 'orders-value', version: 3 },
    ];
    expect(preferTopic(versions, 'orders')).toEqual({ subject: 'orders-value', version: 3 });
    expect(preferTopic(versions, 'other')).toEqual({ subject: 'a-value', version: 1 });
    expect(preferTopic([], 'x')).toBeUndefined();
  });
});
