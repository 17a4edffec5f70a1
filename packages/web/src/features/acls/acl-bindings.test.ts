import { AccessControlList } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { toAclBindings } from './acl-bindings';

describe('toAclBindings', () => {
  it('gives one row per binding and none for a principal without bindings', () => {
    const binding = (operation: string, permissionType: string) => ({
      host: '*',
      operation: { operation, permissionType },
      resource: { resourceType: 'TOPIC', name: 'orders', patternType: 'LITERAL' },
    });
    const list = AccessControlList.parse([
      { principal: 'User:alice', acls: [binding('READ', 'ALLOW'), binding('WRITE', 'DENY')] },
      { principal: 'User:bob' },
    ]);
    const row = {
      principal: 'User:alice',
      resourceType: 'TOPIC',
      resource: 'orders',
      patternType: 'LITERAL',
      host: '*',
    };
    expect(toAclBindings(list)).toEqual([
      { id: 'User:alice#0', ...row, operation: 'READ', permission: 'ALLOW' },
      { id: 'User:alice#1', ...row, operation: 'WRITE', permission: 'DENY' },
    ]);
  });
});
