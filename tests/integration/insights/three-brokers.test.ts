// Insights that need several brokers, on a 3-node KRaft cluster of this file's own (one of its brokers
// is killed): leader skew from a replica assignment, then under-replicated, under-min-ISR and offline
// partitions once a broker is gone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Admin } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClusterState, startCluster, stopCluster } from '../../stack/kafka-cluster.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { uniqueName } from '../../support/kafka.ts';
import { onCluster } from '../../support/kafka-cluster.ts';

type Finding = {
  id: string;
  severity: string;
  kind: string;
  object: { type: string; name: string };
  evidence: string[];
};
type Answer = { results: Finding[]; page: number };

const dir = mkdtempSync(join(tmpdir(), 'insights-cluster-'));
let cluster: ClusterState;
let admin: Admin;
const apps: RunningApp[] = [];
const topics = {
  skewed: uniqueName('topic'),
  twoOfThree: uniqueName('topic'),
  allThree: uniqueName('topic'),
  onlyOnThree: uniqueName('topic'),
};

async function insights(app: RunningApp, kinds: string): Promise<Finding[]> {
  const all: Finding[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${app.url}/api/three/insights?kind=${kinds}&page=${page}`);
    const body = (await res.json()) as Answer;
    expect(res.status, JSON.stringify(body)).toBe(200);
    all.push(...body.results);
    if (page >= body.page) return all;
  }
}

beforeAll(async () => {
  cluster = await startCluster(dir, 3, { log: (line) => process.stderr.write(`[cluster] ${line}\n`) });
  admin = new Admin({ clientId: 'insights-tests', bootstrapBrokers: cluster.bootstrap.split(',') });
  // 30 partitions all led by broker 1 (first replica), followers on 2: broker 1 leads far more than its share.
  await admin.createTopics({
    topics: [topics.skewed],
    assignments: Array.from({ length: 30 }, (_, partition) => ({ partition, brokers: [1, 2] })),
  });
  await admin.createTopics({
    topics: [topics.twoOfThree],
    assignments: [{ partition: 0, brokers: [1, 2, 3] }],
    configs: [{ name: 'min.insync.replicas', value: '2' }],
  });
  await admin.createTopics({
    topics: [topics.allThree],
    assignments: [{ partition: 0, brokers: [1, 2, 3] }],
    configs: [{ name: 'min.insync.replicas', value: '3' }],
  });
  await admin.createTopics({ topics: [topics.onlyOnThree], assignments: [{ partition: 0, brokers: [3] }] });
  apps.push(await startApp(onCluster(cluster.bootstrap)));
}, 180_000);

afterAll(async () => {
  await admin?.close();
  for (const app of apps) await app.close();
  await stopCluster(dir, undefined, 0);
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('insights on three brokers', () => {
  it('reports the broker leading far more partitions than its share', async () => {
    const [app] = apps;
    if (!app) throw new Error('no app');
    const skew = await insights(app, 'broker.leader-skew');
    const one = skew.find((f) => f.object.name === '1');
    expect(one).toMatchObject({ severity: 'warning', object: { type: 'broker', name: '1' } });
    expect(one?.evidence[0]).toMatch(/^leads 3\d partitions; the mean over 3 brokers is \d+$/);
    expect(skew.some((f) => f.object.name === '3' && f.evidence[0]?.startsWith('leads 3'))).toBe(false);
  });

  it('reports offline, under-min-ISR and under-replicated partitions once a broker is killed', async () => {
    const three = cluster.nodes.find((n) => n.id === 3)?.process;
    if (!three) throw new Error('node 3 has no process');
    process.kill(three.pid, 'SIGKILL');
    // The controller fences the broker after its session times out and shrinks the ISRs.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const meta = await admin.metadata({ topics: [topics.twoOfThree], forceUpdate: true });
      const isr = meta.topics.get(topics.twoOfThree)?.partitions[0]?.isr ?? [];
      if (isr.length === 2) break;
      if (Date.now() > deadline) throw new Error(`ISR still ${isr}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // A console started now: the first one keeps its findings 30 s.
    const app = await startApp(onCluster(cluster.bootstrap));
    apps.push(app);
    const found = await insights(app, 'partition.offline,partition.under-min-isr,partition.under-replicated');
    const of = (topic: string) =>
      found.filter((f) => f.object.name === topic).map((f) => [f.kind, f.severity]);
    expect(of(topics.twoOfThree)).toEqual([['partition.under-replicated', 'warning']]);
    expect(of(topics.allThree)).toEqual([['partition.under-min-isr', 'critical']]);
    expect(of(topics.onlyOnThree)).toEqual([['partition.offline', 'critical']]);
    const offline = found.find((f) => f.object.name === topics.onlyOnThree);
    expect(offline?.evidence).toEqual(['1 of 1 partitions without a leader: 0']);
  }, 120_000);
});
