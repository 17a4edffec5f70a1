// The Insights answer against the stack's broker: topics and groups made here, each checked for the
// finding an operator would expect, and a caller without rights to a topic not seeing its findings.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { sha256, withSecurity } from '../../support/security.ts';

type Finding = {
  id: string;
  severity: string;
  kind: string;
  object: { type: string; name: string; topic?: string };
  evidence: string[];
  advice: string;
};
type Answer = {
  results: Finding[];
  total: number;
  page: number;
  summary: Record<string, number>;
  checks: { kind: string; status: string; reason?: string }[];
  ageMs: number;
  unusedDays: number;
};

let app: RunningApp;
const kafka = testKafka();
const tag = randomUUID().slice(0, 8);
const name = (what: string, project = 'a') => `project-${project}.${tag}-${what}`;
const topics = {
  single: name('single'),
  acksImpossible: name('acks-impossible'),
  unclean: name('unclean'),
  old: name('old'),
  oldRead: name('old-read'),
  fresh: name('fresh'),
  theirs: name('theirs', 'b'),
};
let emptyGroup = '';
const basic = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:pw`).toString('base64')}` });
const admin = basic('admin');
const limited = basic('limited');
/** Written 30 days ago (a record timestamp: the time index reads those). */
const OLD = new Date(Date.now() - 30 * 86_400_000);

beforeAll(async () => {
  app = await startApp(
    withSecurity({
      defaultGroup: null,
      roles: {
        reader: [
          { resources: ['TOPIC', 'TOPIC_DATA', 'CONSUMER_GROUP'], actions: ['READ'] },
          { resources: ['NODE'], actions: ['READ'] },
        ],
        'topics-only': [{ resources: ['TOPIC'], actions: ['READ'] }],
      },
      groups: {
        everything: [{ role: 'reader' }],
        'project-a': [{ role: 'topics-only', patterns: ['project-a\\..*'], clusters: ['local'] }],
      },
      users: [
        { username: 'admin', password: sha256('pw'), groups: ['everything'] },
        { username: 'limited', password: sha256('pw'), groups: ['project-a'] },
      ],
    }),
  );
  await kafka.createTopic(2, { name: topics.single });
  await kafka.createTopic(1, { name: topics.acksImpossible, configs: { 'min.insync.replicas': '2' } });
  await kafka.createTopic(1, { name: topics.unclean, configs: { 'unclean.leader.election.enable': 'true' } });
  await kafka.createTopic(1, { name: topics.theirs, configs: { 'unclean.leader.election.enable': 'true' } });
  for (const t of [topics.old, topics.oldRead, topics.fresh]) await kafka.createTopic(1, { name: t });
  await kafka.produce(topics.old, [{ partition: 0, value: 'then', timestamp: OLD }]);
  await kafka.produce(topics.oldRead, [{ partition: 0, value: 'then', timestamp: OLD }]);
  await kafka.produce(topics.fresh, [{ partition: 0, value: 'now' }]);
  // A group that committed and has no member: EMPTY with offsets, the state Kafka expires.
  emptyGroup = await kafka.commitOffsets(topics.oldRead, [1]);
}, 60_000);
afterAll(async () => {
  await kafka.cleanup();
  await app?.close();
});

const get = async (query: string, headers = admin) => {
  const res = await fetch(`${app.url}/api/local/insights?${query}`, { headers });
  return { status: res.status, body: (await res.json()) as Answer, headers: res.headers };
};
/** Every finding (all pages) of the query, about the objects this suite made. */
async function findings(query: string, headers = admin): Promise<Finding[]> {
  const all: Finding[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await get(`${query}&page=${page}`, headers);
    expect(status, JSON.stringify(body)).toBe(200);
    all.push(...body.results);
    if (page >= body.page) break;
  }
  return all.filter((f) => f.object.name.includes(tag) || f.object.name === emptyGroup);
}
const about = (list: Finding[], object: string) => list.filter((f) => f.object.name === object);

describe('insights on the stack', () => {
  it('reports replication factor 1, acks=all made impossible by min.insync.replicas, and unclean election', async () => {
    const found = await findings(
      'kind=topic.replication-factor-one,topic.min-isr-above-rf,topic.unclean-leader-election',
    );
    const single = about(found, topics.single);
    expect(single.map((f) => [f.kind, f.severity])).toEqual([['topic.replication-factor-one', 'warning']]);
    expect(single[0]?.evidence[0]).toBe('replication factor 1 over 2 partitions');
    expect(single[0]?.id).toBe(`topic.replication-factor-one:topic:${topics.single}`);

    const impossible = about(found, topics.acksImpossible).find((f) => f.kind === 'topic.min-isr-above-rf');
    expect(impossible).toMatchObject({
      severity: 'critical',
      evidence: ['min.insync.replicas=2', 'replication factor 1'],
    });
    expect(impossible?.advice).toMatch(/acks=all/);

    const unclean = about(found, topics.unclean).find((f) => f.kind === 'topic.unclean-leader-election');
    expect(unclean?.evidence).toEqual(['unclean.leader.election.enable=true (set on the topic)']);
    // A topic left at the broker default has no unclean-election finding.
    expect(about(found, topics.single).some((f) => f.kind === 'topic.unclean-leader-election')).toBe(false);
  });

  it('calls a topic unused when nothing was written for unusedDays and no group reads it', async () => {
    const found = await findings('kind=topic.unused');
    const unused = found.map((f) => f.object.name);
    expect(unused).toContain(topics.old);
    expect(unused).not.toContain(topics.oldRead);
    expect(unused).not.toContain(topics.fresh);
    const old = about(found, topics.old)[0];
    expect(old?.severity).toBe('info');
    expect(old?.evidence).toContain(`newest record timestamp ${OLD.toISOString()}`);
    expect(old?.evidence).toContain('no record written in the last 7 days');
    // Created and never written: unused too, known from the end offsets alone.
    expect(about(found, topics.single)[0]?.evidence).toContain(
      'never written (every partition ends at offset 0)',
    );

    // Over a window reaching back before the old record, it was written: not unused.
    const longer = await findings('kind=topic.unused&unusedDays=60');
    expect(longer.map((f) => f.object.name)).not.toContain(topics.old);
  });

  it('reports an empty group with committed offsets, with the retention rule it is under', async () => {
    const found = await findings('kind=group.offsets-expiring');
    const group = found.find((f) => f.object.name === emptyGroup);
    expect(group).toMatchObject({ severity: 'warning', object: { type: 'group', name: emptyGroup } });
    expect(group?.evidence).toContain('offsets.retention.minutes=10080 (7.0 days)');
  });

  it('says the lag check did not run while lag history is off, and counts per severity', async () => {
    const { body, headers } = await get('');
    expect(body.checks).toContainEqual({
      kind: 'group.lag-growing',
      status: 'SKIPPED',
      reason: 'lag history is off (lagHistory.enabled)',
    });
    expect(body.checks.find((c) => c.kind === 'topic.unused')?.status).toBe('RAN');
    expect(body.summary.critical).toBeGreaterThanOrEqual(1);
    expect(body.summary.warning).toBeGreaterThanOrEqual(3);
    expect(body.summary.info).toBeGreaterThanOrEqual(1);
    expect(body.unusedDays).toBe(7);
    expect(Number(headers.get('x-groups-index-age'))).toBeGreaterThanOrEqual(0);
    // Critical first.
    expect(body.results[0]?.severity).toBe('critical');
  });

  it('filters by severity', async () => {
    const { body } = await get('severity=CRITICAL');
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.every((f) => f.severity === 'critical')).toBe(true);
    expect(body.total).toBe(body.summary.critical);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const kind = await fetch(`${app.url}/api/local/insights?kind=topic.nope`, { headers: admin });
    expect(kind.status).toBe(400);
    expect(((await kind.json()) as { fields: { field: string }[] }).fields[0]?.field).toBe(
      'querystring.kind.0',
    );
    const days = await fetch(`${app.url}/api/local/insights?unusedDays=0`, { headers: admin });
    expect(days.status).toBe(400);
    expect(((await days.json()) as { fields: { field: string }[] }).fields[0]?.field).toBe(
      'querystring.unusedDays',
    );
  });

  it('shows a caller only findings about what they may read', async () => {
    const mine = await findings('kind=topic.unclean-leader-election', limited);
    expect(mine.map((f) => f.object.name)).toEqual([topics.unclean]);
    const everyone = await findings('kind=topic.unclean-leader-election');
    expect(everyone.map((f) => f.object.name).sort()).toEqual([topics.unclean, topics.theirs].sort());

    const { body } = await get('', limited);
    expect(
      body.results.every((f) => f.object.type === 'topic' && f.object.name.startsWith('project-a.')),
    ).toBe(true);
    expect(body.checks.find((c) => c.kind === 'group.offsets-expiring')).toMatchObject({
      status: 'SKIPPED',
      reason: 'needs CONSUMER_GROUP READ on the cluster',
    });
    expect(body.checks.find((c) => c.kind === 'broker.leader-skew')?.status).toBe('SKIPPED');
  });
});
