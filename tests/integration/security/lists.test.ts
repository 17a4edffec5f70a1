import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { sha256, withSecurity } from '../../support/security.ts';

let app: RunningApp;
let group: string;
const kafka = testKafka();
const tag = randomUUID().slice(0, 8);
const mine = `project-a.${tag}-orders`;
const theirs = `project-b.${tag}-orders`;
const auth = { authorization: `Basic ${Buffer.from('projecta:pw').toString('base64')}` };

beforeAll(async () => {
  app = await startApp(
    withSecurity({
      defaultGroup: null,
      roles: {
        'topic-read': [
          { resources: ['TOPIC', 'TOPIC_DATA'], actions: ['READ'] },
          { resources: ['CONSUMER_GROUP'], actions: ['READ'] },
          { resources: ['NODE'], actions: ['READ'] },
        ],
      },
      groups: {
        'project-a': [{ role: 'topic-read', patterns: ['project-a\\..*'], clusters: ['local'] }],
        everything: [{ role: 'topic-read' }],
      },
      users: [
        { username: 'projecta', password: sha256('pw'), groups: ['project-a'] },
        { username: 'wide', password: sha256('pw'), groups: ['everything'] },
      ],
    }),
  );
  await Promise.all([kafka.createTopic(1, { name: mine }), kafka.createTopic(1, { name: theirs })]);
  group = await kafka.commitOffsets(mine, [0]);
});
afterAll(async () => {
  await kafka.cleanup();
  await app?.close();
});

const get = async (path: string, headers: Record<string, string> = auth) => {
  const res = await fetch(`${app.url}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('lists show only what the user may read', () => {
  it('filters the topic list and the topic names by the binding patterns', async () => {
    const list = (await get(`/api/local/topic?search=${tag}`)).body as {
      results: { name: string }[];
      total: number;
    };
    expect(list.results.map((t) => t.name)).toEqual([mine]);
    expect(list.total).toBe(1);
    const names = (await get('/api/local/topic/name')).body as string[];
    expect(names).toContain(mine);
    expect(names).not.toContain(theirs);
    expect(names.every((n) => n.startsWith('project-a.'))).toBe(true);
  });

  it("counts the nodes' partitions over the topics the user may read", async () => {
    type Row = { totalPartitions: number };
    const wide = { authorization: `Basic ${Buffer.from('wide:pw').toString('base64')}` };
    const [row] = (await get('/api/local/node/partitions')).body as Row[];
    const [wideRow] = (await get('/api/local/node/partitions', wide)).body as Row[];
    // Every project-a topic this suite makes has one partition.
    const names = (await get('/api/local/topic/name')).body as string[];
    expect(row?.totalPartitions).toBe(names.length);
    expect(wideRow?.totalPartitions).toBeGreaterThan(row?.totalPartitions ?? 0);
  });

  it('refuses a topic outside the patterns, by name', async () => {
    expect((await get(`/api/local/topic/${mine}`)).status).toBe(200);
    const refused = await get(`/api/local/topic/${theirs}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: `Unauthorized: missing permission on resource TOPIC '${theirs}' and action READ`,
    });
    expect((await get(`/api/local/topic/last-record?topics=${mine},${theirs}`)).status).toBe(403);
  });

  it('filters consumer groups by the same patterns', async () => {
    const wide = { authorization: `Basic ${Buffer.from('wide:pw').toString('base64')}` };
    const all = (await get(`/api/local/topic/${mine}/groups`, wide)).body as { id: string }[];
    expect(all.map((g) => g.id)).toEqual([group]);
    expect((await get(`/api/local/topic/${mine}/groups`)).body).toEqual([]);
    expect((await get(`/api/local/group/topics?topics=${mine}`)).body).toEqual([]);
  });

  it('lists only the clusters the bindings name', async () => {
    expect(((await get('/api/cluster')).body as { id: string }[]).map((c) => c.id)).toEqual(['local']);
  });
});
