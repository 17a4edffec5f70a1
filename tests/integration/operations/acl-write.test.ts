import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessControl, AclBinding, AclDeleteAnswer } from '../../../packages/contract/src/index.ts';
import { stackTool } from '../../support/kafka-tools.ts';
import { startSecuredApp } from '../../support/ops-app.ts';

// ACL bindings created and deleted through the API, Kafka's AclCommand the other side.
const tag = randomUUID().slice(0, 8);
const alice = `User:alice-${tag}`;
const bob = `User:bob-${tag}`;
const topic = `acl-w-${tag}`;
let ops: Awaited<ReturnType<typeof startSecuredApp>>;

const aclList = (principal: string) => stackTool('AclCommand', ['--list', '--principal', principal]);
const b64 = (text: string) => Buffer.from(text).toString('base64');

beforeAll(async () => {
  ops = await startSecuredApp();
});
afterAll(async () => {
  for (const principal of [alice, bob]) {
    await ops?.call('admin', 'DELETE', `/acls?principal=${encodeURIComponent(principal)}`);
  }
  await ops?.app.close();
});

describe('ACL management', () => {
  it('creates a binding that AclCommand lists, and audits it', async () => {
    const created = await ops.call('admin', 'POST', '/acls', {
      resourceType: 'TOPIC',
      resourceName: topic,
      principal: alice,
      operation: 'WRITE',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      principal: alice,
      host: '*',
      operation: 'WRITE',
      permissionType: 'ALLOW',
      resourceType: 'TOPIC',
      resourceName: topic,
      patternType: 'LITERAL',
    } satisfies AclBinding);
    const listed = await aclList(alice);
    expect(listed).toContain(`name=${topic}, patternType=LITERAL`);
    expect(listed).toContain(`(principal=${alice}, host=*, operation=WRITE, permissionType=ALLOW)`);
    expect(ops.audits()).toContainEqual(
      expect.objectContaining({ user: 'admin', action: 'ACL:CREATE', target: alice, status: 201 }),
    );
  });

  it('shows a binding AclCommand added, with a prefixed pattern', async () => {
    await stackTool('AclCommand', [
      '--add',
      '--allow-principal',
      alice,
      '--operation',
      'Read',
      '--topic',
      `${topic}-`,
      '--resource-pattern-type',
      'prefixed',
    ]);
    const { body } = await ops.call('admin', 'GET', `/acls/${b64(alice)}`);
    expect((body as AccessControl).acls).toContainEqual({
      host: '*',
      operation: { operation: 'READ', permissionType: 'ALLOW' },
      resource: { resourceType: 'TOPIC', name: `${topic}-`, patternType: 'PREFIXED' },
    });
  });

  it("answers a binding Kafka refuses with Kafka's reason", async () => {
    const refused = await ops.call('admin', 'POST', '/acls', {
      resourceType: 'CLUSTER',
      resourceName: 'not-the-cluster',
      principal: bob,
      operation: 'ALTER',
    });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toMatch(/kafka-cluster/);
    const { body } = await ops.call('admin', 'GET', `/acls/${b64(bob)}`);
    expect(body).toEqual({ principal: bob });
  });

  it('refuses a principal that is not Type:name, naming the field', async () => {
    const bad = await ops.call('admin', 'POST', '/acls', {
      resourceType: 'TOPIC',
      resourceName: topic,
      principal: 'alice',
      operation: 'READ',
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { fields: { field: string }[] }).fields[0]?.field).toMatch(/principal/);
  });

  it('deletes the bindings a filter matches and says how many', async () => {
    const deleted = await ops.call(
      'admin',
      'DELETE',
      `/acls?principal=${encodeURIComponent(alice)}&resourceType=TOPIC&operation=WRITE`,
    );
    expect(deleted.status).toBe(200);
    expect((deleted.body as AclDeleteAnswer).deleted).toBe(1);
    const listed = await aclList(alice);
    expect(listed).not.toContain('operation=WRITE');
    expect(listed).toContain('operation=READ');
    const rest = await ops.call('admin', 'DELETE', `/acls?principal=${encodeURIComponent(alice)}`);
    expect((rest.body as AclDeleteAnswer).deleted).toBe(1);
    expect(await aclList(alice)).not.toContain('operation=');
  });

  it('refuses the reader role both writes, and audits the refusal', async () => {
    const create = await ops.call('reader', 'POST', '/acls', {
      resourceType: 'TOPIC',
      resourceName: topic,
      principal: bob,
      operation: 'READ',
    });
    expect(create.status).toBe(403);
    const remove = await ops.call('reader', 'DELETE', `/acls?principal=${encodeURIComponent(bob)}`);
    expect(remove.status).toBe(403);
    const { body } = await ops.call('admin', 'GET', `/acls/${b64(bob)}`);
    expect(body).toEqual({ principal: bob });
    expect(ops.audits()).toContainEqual(
      expect.objectContaining({ user: 'reader', action: 'ACL:CREATE', outcome: 'refused' }),
    );
  });
});
