import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../packages/server/src/platform/config/schema.ts';
import { type Answer, type RunningApp, request, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { waitForTopic } from '../../support/records.ts';
import { sha256, withSecurity } from '../../support/security.ts';

// Every object a route names is checked, lists are filtered, as an attacker
// limited to `pub-.*` on cluster `local` found they were not.
const tag = randomUUID().slice(0, 8);
const pub = `pub-${tag}-orders`;
const secret = `secret-${tag}-orders`;
const pubTarget = `pub-${tag}-copy`;
const group = `test-group-${tag}`;
const kafka = testKafka();
const basic = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:pw`).toString('base64')}` });
const limited = basic('limited');
const admin = basic('admin');

const registryUrl = () => {
  const url = process.env.SCHEMA_REGISTRY_URL;
  if (!url) throw new Error('SCHEMA_REGISTRY_URL is not set: the stack global setup did not run');
  return url;
};
const subjects: string[] = [];
const avro = (name: string) =>
  JSON.stringify({ type: 'record', name, fields: [{ name: 'id', type: 'string' }] });
async function register(subject: string, schema: string): Promise<number> {
  subjects.push(subject);
  const res = await fetch(`${registryUrl()}/subjects/${encodeURIComponent(subject)}/versions`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' },
    body: JSON.stringify({ schema }),
  });
  if (!res.ok) throw new Error(`registering ${subject}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** The stack's cluster `local`, and a second cluster `other` with the same upstreams. */
function withOtherCluster(config: Config): Config {
  const local = config.clusters.local;
  if (!local) throw new Error('the stack config has no cluster local');
  return { ...config, clusters: { local, other: local } };
}

let app: RunningApp;
let secretId: number;
let pubId: number;
beforeAll(async () => {
  const secured = withSecurity({
    defaultGroup: null,
    roles: {
      reads: [
        { resources: ['TOPIC', 'TOPIC_DATA', 'SCHEMA', 'ACL'], actions: ['READ'] },
        { resources: ['SCHEMA'], actions: ['CREATE'] },
      ],
      'group-and-connect-read': [{ resources: ['CONSUMER_GROUP', 'CONNECTOR'], actions: ['READ'] }],
      'write-anywhere': [{ resources: ['TOPIC_DATA'], actions: ['CREATE'] }],
      all: [
        {
          resources: ['TOPIC', 'TOPIC_DATA', 'CONSUMER_GROUP', 'SCHEMA', 'ACL', 'CONNECTOR'],
          actions: ['READ', 'CREATE'],
        },
      ],
    },
    groups: {
      limited: [
        { role: 'reads', patterns: ['pub-.*', 'User:pub-.*'], clusters: ['local'] },
        { role: 'group-and-connect-read', clusters: ['local'] },
        { role: 'write-anywhere', clusters: ['local'] },
      ],
      admin: [{ role: 'all' }],
    },
    users: [
      { username: 'limited', password: sha256('pw'), groups: ['limited'] },
      { username: 'admin', password: sha256('pw'), groups: ['admin'] },
    ],
  });
  app = await startApp((config) => secured(withOtherCluster(config)));
  await Promise.all([
    kafka.createTopic(1, { name: pub }),
    kafka.createTopic(1, { name: secret }),
    kafka.createTopic(1, { name: pubTarget }),
  ]);
  await Promise.all([pub, secret, pubTarget].map((t) => waitForTopic(kafka.admin, t)));
  await kafka.produce(pub, [{ partition: 0, value: 'public record' }]);
  await kafka.produce(secret, [{ partition: 0, value: 'secret record' }]);
  // One group with offsets on both topics.
  await kafka.admin.alterConsumerGroupOffsets({
    groupId: group,
    topics: [pub, secret].map((name) => ({ name, partitionOffsets: [{ partition: 0, offset: 1n }] })),
  });
  secretId = await register(`secret-${tag}-value`, avro(`Secret${tag.replace(/\W/g, '')}`));
  pubId = await register(`pub-${tag}-value`, avro(`Pub${tag.replace(/\W/g, '')}`));
});
afterAll(async () => {
  await app?.close();
  await kafka.admin.deleteGroups({ groups: [group] }).catch(() => undefined);
  await kafka.cleanup();
  for (const subject of subjects) {
    const path = `${registryUrl()}/subjects/${encodeURIComponent(subject)}`;
    await fetch(path, { method: 'DELETE' }).catch(() => undefined);
    await fetch(`${path}?permanent=true`, { method: 'DELETE' }).catch(() => undefined);
  }
});

const call = (path: string, headers = limited, method = 'GET', body?: unknown): Promise<Answer<unknown>> =>
  request(`${app.url}${path}`, { method, headers, body });

type Group = { id: string; offsets?: { topic: string }[]; topics?: string[] };
const offsetTopics = (groups: unknown, id: string) =>
  ((groups as Group[]).find((g) => g.id === id)?.offsets ?? []).map((o) => o.topic);

describe('a limited caller: every object a route names is checked, lists are filtered', () => {
  it("refuses a topic's groups outside the caller's topic patterns, and hides other topics' offsets", async () => {
    const refused = await call(`/api/local/topic/${secret}/groups`);
    expect(refused).toMatchObject({
      status: 403,
      body: { message: `Unauthorized: missing permission on resource TOPIC '${secret}' and action READ` },
    });
    // Not a 404 for a topic that does not exist either: existence is not told.
    expect((await call(`/api/local/topic/secret-${tag}-missing/groups`)).status).toBe(403);
    const mine = await call(`/api/local/topic/${pub}/groups`);
    expect(mine.status).toBe(200);
    expect(offsetTopics(mine.body, group)).toEqual([pub]);
    expect((mine.body as Group[]).find((g) => g.id === group)?.topics).toEqual([pub]);
    // The group reads both: the admin sees both.
    const all = await call(`/api/local/group/${group}`, admin);
    expect((all.body as Group).topics?.sort()).toEqual([pub, secret].sort());
  });

  it('keeps only offsets on readable topics in /group/topics and the group screens', async () => {
    const forTopics = await call(`/api/local/group/topics?topics=${pub},${secret}`);
    expect(forTopics.status).toBe(200);
    expect(offsetTopics(forTopics.body, group)).toEqual([pub]);
    const onlySecret = await call(`/api/local/group/topics?topics=${secret}`);
    expect(onlySecret).toEqual({ status: 200, body: [] });
    const described = await call(`/api/local/group/${group}`);
    expect(offsetTopics([described.body], group)).toEqual([pub]);
    const offsets = (await call(`/api/local/group/${group}/offsets`)).body as { topic: string }[];
    expect(offsets.map((o) => o.topic)).toEqual([pub]);
    const adminView = await call(`/api/local/group/topics?topics=${pub},${secret}`, admin);
    expect(offsetTopics(adminView.body, group).sort()).toEqual([pub, secret].sort());
  });

  it("checks the cluster named in /api/connects' query against the caller's cluster patterns", async () => {
    const refused = await call('/api/connects?clusterId=other');
    expect(refused).toMatchObject({
      status: 403,
      body: { message: "Unauthorized: missing permission on cluster 'other' for CONNECTOR and action READ" },
    });
    const own = (await call('/api/connects?clusterId=local')).body as { cluster: string }[];
    expect(own.length).toBeGreaterThan(0);
    const listed = (await call('/api/connects')).body as { cluster: string }[];
    expect(new Set(listed.map((c) => c.cluster))).toEqual(new Set(['local']));
    const everything = (await call('/api/connects', admin)).body as { cluster: string }[];
    expect(new Set(everything.map((c) => c.cluster))).toEqual(new Set(['local', 'other']));
  });

  it('filters subjects, resolves schema ids only to readable subjects, checks created subjects', async () => {
    const names = (await call('/api/local/schemas')).body as string[];
    expect(names).toContain(`pub-${tag}-value`);
    expect(names).not.toContain(`secret-${tag}-value`);
    expect(names.every((n) => n.startsWith('pub-'))).toBe(true);
    expect(await call(`/api/local/schema/id/${pubId}`)).toMatchObject({
      status: 200,
      body: { subject: `pub-${tag}-value` },
    });
    expect((await call(`/api/local/schema/id/${secretId}`)).status).toBe(404);
    expect((await call(`/api/local/schema/id/${secretId}`, admin)).body).toMatchObject({
      subject: `secret-${tag}-value`,
    });
    const forTopic = (await call(`/api/local/schema/topic/${pub}`)).body as {
      key: { subject: string }[];
      value: { subject: string }[];
    };
    expect([...forTopic.key, ...forTopic.value].every((s) => s.subject.startsWith('pub-'))).toBe(true);

    const created = await call('/api/local/schema', limited, 'POST', {
      subject: `secret-${tag}-made`,
      schema: avro('Made'),
    });
    expect(created).toMatchObject({
      status: 403,
      body: {
        message: `Unauthorized: missing permission on resource SCHEMA 'secret-${tag}-made' and action CREATE`,
      },
    });
    const listed = await fetch(`${registryUrl()}/subjects`);
    expect((await listed.json()) as string[]).not.toContain(`secret-${tag}-made`);
  });

  it("checks the principal of /acls/{principal} against the caller's ACL patterns", async () => {
    const encode = (p: string) => Buffer.from(p).toString('base64');
    const refused = await call(`/api/local/acls/${encode(`User:secret-${tag}`)}`);
    expect(refused).toMatchObject({
      status: 403,
      body: {
        message: `Unauthorized: missing permission on resource ACL 'User:secret-${tag}' and action READ`,
      },
    });
    expect((await call(`/api/local/acls/${encode(`User:pub-${tag}`)}`)).status).toBe(200);
  });

  it('copies only from a topic the caller may read', async () => {
    const from = [{ partition: 0, offset: 0 }];
    const refused = await call(
      `/api/local/topic/${secret}/copy/local/topic/${pubTarget}`,
      limited,
      'POST',
      from,
    );
    expect(refused).toMatchObject({
      status: 403,
      body: {
        message: `Unauthorized: missing permission on resource TOPIC_DATA '${secret}' and action READ`,
      },
    });
    const page = (await call(`/api/local/topic/${pubTarget}/data`)).body as { results: unknown[] };
    expect(page.results).toEqual([]);
    const copied = await call(`/api/local/topic/${pub}/copy/local/topic/${pubTarget}`, limited, 'POST', from);
    expect(copied).toMatchObject({ status: 200, body: { records: 1 } });
  });
});
