import { type Admin, MultipleErrors, ProtocolError } from '@platformatic/kafka';
import { describe, expect, it } from 'vitest';
import { topicAcls } from './acls.ts';

const admin = (describeAcls: () => Promise<unknown>) => ({ describeAcls }) as unknown as Admin;

describe('topic ACLs', () => {
  it('are an empty list, not an error, on a cluster without an authorizer', async () => {
    const noAuthorizer = admin(async () => {
      throw new MultipleErrors('Describing ACLs failed.', [new ProtocolError('SECURITY_DISABLED')]);
    });
    expect(await topicAcls(noAuthorizer, 'orders')).toEqual([]);
  });

  it('group bindings by principal with readable names', async () => {
    const found = admin(async () => [
      {
        resourceType: 2,
        resourceName: 'orders',
        resourcePatternType: 3,
        acls: [
          { principal: 'User:bob', host: '*', operation: 4, permissionType: 3 },
          { principal: 'User:alice', host: '10.0.0.1', operation: 3, permissionType: 2 },
        ],
      },
    ]);
    expect(await topicAcls(found, 'orders')).toEqual([
      {
        principal: 'User:alice',
        acls: [
          {
            host: '10.0.0.1',
            operation: { operation: 'READ', permissionType: 'DENY' },
            resource: { resourceType: 'TOPIC', name: 'orders', patternType: 'LITERAL' },
          },
        ],
      },
      {
        principal: 'User:bob',
        acls: [
          {
            host: '*',
            operation: { operation: 'WRITE', permissionType: 'ALLOW' },
            resource: { resourceType: 'TOPIC', name: 'orders', patternType: 'LITERAL' },
          },
        ],
      },
    ]);
  });

  it('let other refusals through', async () => {
    const refused = admin(async () => {
      throw new MultipleErrors('Describing ACLs failed.', [
        new ProtocolError('CLUSTER_AUTHORIZATION_FAILED'),
      ]);
    });
    await expect(topicAcls(refused, 'orders')).rejects.toThrow();
  });
});
