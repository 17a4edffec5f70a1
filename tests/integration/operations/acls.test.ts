import { randomUUID } from 'node:crypto';
import { AclOperations, AclPermissionTypes, ResourcePatternTypes, ResourceTypes } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessControl } from '../../../packages/contract/src/index.ts';
import { type RunningApp, request, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';

let app: RunningApp;
const kafka = testKafka();
const tag = randomUUID().slice(0, 8);
const alice = `User:alice-${tag}`;
const bob = `User:bob-${tag}`;
const topic = `acl-topic-${tag}`;
const group = `acl-group-${tag}`;

const binding = (
  principal: string,
  resourceType: number,
  resourceName: string,
  operation: number,
  resourcePatternType: number = ResourcePatternTypes.LITERAL,
) => ({
  principal,
  host: '*',
  resourceType,
  resourceName,
  resourcePatternType,
  operation,
  permissionType: AclPermissionTypes.ALLOW,
});
const bindings = [
  binding(alice, ResourceTypes.TOPIC, topic, AclOperations.READ),
  binding(alice, ResourceTypes.TOPIC, 'acl-prefix-', AclOperations.WRITE, ResourcePatternTypes.PREFIXED),
  binding(alice, ResourceTypes.GROUP, group, AclOperations.READ),
  binding(bob, ResourceTypes.CLUSTER, 'kafka-cluster', AclOperations.DESCRIBE),
  binding(bob, ResourceTypes.TRANSACTIONAL_ID, `tx-${tag}`, AclOperations.WRITE),
];

beforeAll(async () => {
  app = await startApp();
  await kafka.admin.createAcls({ creations: bindings as never });
});
afterAll(async () => {
  await kafka.admin.deleteAcls({ filters: bindings.map((b) => ({ ...b })) as never }).catch(() => undefined);
  await app?.close();
  await kafka.cleanup();
});

const get = (path: string) => request(`${app.url}/api/local${path}`);
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('ACLs', () => {
  it('lists one entry per principal, searchable by principal', async () => {
    const { status, body } = await get(`/acls?search=${tag}`);
    expect(status).toBe(200);
    const list = body as AccessControl[];
    expect(list.map((a) => a.principal)).toEqual([alice, bob]);
    expect(list[0]?.acls).toHaveLength(3);
    expect((await get(`/acls?search=alice ${tag}`)).body.map((a: AccessControl) => a.principal)).toEqual([
      alice,
    ]);
  });

  it("shows a principal's bindings by resource type, the principal in base64", async () => {
    const all = (await get(`/acls/${b64(alice)}`)).body as AccessControl;
    expect(all.principal).toBe(alice);
    expect(
      all.acls?.map((a) => `${a.resource.resourceType}:${a.resource.name}:${a.resource.patternType}`).sort(),
    ).toEqual([`GROUP:${group}:LITERAL`, `TOPIC:${topic}:LITERAL`, 'TOPIC:acl-prefix-:PREFIXED'].sort());
    const topics = (await get(`/acls/${b64(alice)}?resourceType=topic`)).body as AccessControl;
    expect(topics.acls?.map((a) => a.operation)).toEqual(
      expect.arrayContaining([
        { operation: 'READ', permissionType: 'ALLOW' },
        { operation: 'WRITE', permissionType: 'ALLOW' },
      ]),
    );
    expect(topics.acls).toHaveLength(2);
    const tx = (await get(`/acls/${b64(bob)}?resourceType=TRANSACTIONAL_ID`)).body as AccessControl;
    expect(tx.acls?.map((a) => a.resource.name)).toEqual([`tx-${tag}`]);
    const cluster = (await get(`/acls/${b64(bob)}?resourceType=CLUSTER`)).body as AccessControl;
    expect(cluster.acls?.[0]?.operation.operation).toBe('DESCRIBE');
    expect((await get(`/acls/${b64('User:nobody')}`)).body).toEqual({ principal: 'User:nobody' });
  });

  it("shows a topic's and a group's bindings, and names bad input", async () => {
    const topicAcls = (await get(`/topic/${topic}/acls`)).body as AccessControl[];
    expect(topicAcls.map((a) => a.principal)).toEqual([alice]);
    const groupAcls = (await get(`/group/${group}/acls`)).body as AccessControl[];
    expect(groupAcls).toEqual([
      {
        principal: alice,
        acls: [
          {
            host: '*',
            operation: { operation: 'READ', permissionType: 'ALLOW' },
            resource: { resourceType: 'GROUP', name: group, patternType: 'LITERAL' },
          },
        ],
      },
    ]);
    const bad = await get('/acls/not-base64!');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field)).toEqual(['params.principal']);
    // Base64 as the document says, of a name no ACL can hold (no `Type:`): none, not a refusal.
    expect(await get(`/acls/${b64('alice')}`)).toMatchObject({ status: 200, body: { principal: 'alice' } });
    const badType = await get(`/acls/${b64(alice)}?resourceType=PLANET`);
    expect(badType.status).toBe(400);
  });
});
