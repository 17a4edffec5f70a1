import { AccessControlList } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { toAclRows } from './acl-rows';

describe('toAclRows', () => {
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
    expect(toAclRows(list)).toEqual([
      { id: 'User:alice#0', principal: 'User:alice', host: '*', operation: 'READ', permission: 'ALLOW' },
      { id: 'User:alice#1', principal: 'User:alice', host: '*', operation: 'WRITE', permission: 'DENY' },
    ]);
  });
});
