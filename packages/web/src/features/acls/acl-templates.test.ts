import { describe, expect, it } from 'vitest';
import { initialTemplateValues, templateBindings } from './acl-templates';

const values = { ...initialTemplateValues, principal: 'User:app' };

describe('ACL templates', () => {
  it('gives a producer WRITE and DESCRIBE on each topic, and its transactional id', () => {
    const bindings = templateBindings('producer', { ...values, topics: 'a, b a', transactionalId: 'tx' });
    expect(bindings.map((b) => `${b.resourceType}:${b.resourceName}:${b.operation}`)).toEqual([
      'TOPIC:a:WRITE',
      'TOPIC:a:DESCRIBE',
      'TOPIC:b:WRITE',
      'TOPIC:b:DESCRIBE',
      'TRANSACTIONAL_ID:tx:WRITE',
      'TRANSACTIONAL_ID:tx:DESCRIBE',
    ]);
    expect(bindings.every((b) => b.principal === 'User:app' && b.permissionType === 'ALLOW')).toBe(true);
  });

  it('gives a consumer READ and DESCRIBE on its topics and READ on its group', () => {
    const bindings = templateBindings('consumer', { ...values, topics: 'orders', group: 'billing' });
    expect(bindings.map((b) => `${b.resourceType}:${b.resourceName}:${b.operation}`)).toEqual([
      'TOPIC:orders:READ',
      'TOPIC:orders:DESCRIBE',
      'GROUP:billing:READ',
    ]);
  });

  it('gives a Streams application its topics and everything prefixed by its application.id', () => {
    const bindings = templateBindings('streams', {
      ...values,
      topics: 'in',
      outputTopics: 'out',
      group: 'wc',
    });
    expect(
      bindings.map((b) => `${b.resourceType}:${b.resourceName}:${b.patternType}:${b.operation}`),
    ).toEqual([
      'TOPIC:in:LITERAL:READ',
      'TOPIC:out:LITERAL:WRITE',
      'TOPIC:wc:PREFIXED:ALL',
      'GROUP:wc:LITERAL:READ',
      'TRANSACTIONAL_ID:wc:PREFIXED:WRITE',
      'TRANSACTIONAL_ID:wc:PREFIXED:DESCRIBE',
    ]);
    expect(templateBindings('streams', { ...values, topics: 'in' })).toEqual([]);
  });
});
