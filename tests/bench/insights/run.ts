/**
 * Insights at scale: GET /api/{cluster}/insights on 10,000 one-partition topics, 100 three-partition topics
 * and 15,000 groups (offsets on one of the 100, no members), seeded as the scale benchmark does (its
 * Seed.java, Kafka's own Admin client). Measured in this process (buildApp, as the tests build it) so that
 * every Kafka request the console builds is counted by API (requestsChannel; ListGroups goes through the
 * client library's own call and is counted apart): the cold answer (group index, topic settings, log dirs,
 * the time index over the unread topics, all first-time), warm answers inside the 30 s the findings are
 * kept, and a recomputation once they expired (index and settings kept). Ratios are to the topic list's
 * page 1 in the same run.
 *
 *   STACK_DIR=/tmp/insights-bench STACK_VERSION_HEAP=2g node tests/stack/cli.ts up --kafka-only
 *   STACK_DIR=/tmp/insights-bench node tests/bench/insights/run.ts      # SEED=0: already seeded
 *
 * Writes tests/bench/results/insights.{json,md}.
 */
import { execFileSync } from 'node:child_process';
import { subscribe } from 'node:diagnostics_channel';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Admin } from '@platformatic/kafka';
import { type BuiltRequest, requestsChannel } from '../../../packages/server/src/kafka/protocol.ts';
import { loadConfig } from '../../../packages/server/src/platform/config/load.ts';
import { startConfiguredApp } from '../../support/app.ts';
import { markdownTable } from '../markdown.ts';
import { latency } from '../topic-list/stats.ts';

const repo = join(import.meta.dirname, '..', '..', '..');
const PREFIX = process.env.PREFIX ?? 'ins';
const TOPICS = Number(process.env.TOPICS ?? 10_000);
const READ_TOPICS = 100;
const GROUPS = Number(process.env.GROUPS ?? 15_000);
const VIEWS = 10;
const stackDir = process.env.STACK_DIR;
if (!stackDir || stackDir === join(repo, '.stack')) {
  console.error('Set STACK_DIR to a private stack (see the comment above): never the shared one.');
  process.exit(2);
}
const bootstrap = /KAFKA_BOOTSTRAP=(\S+)/.exec(readFileSync(join(stackDir, 'broker.env'), 'utf8'))?.[1];
if (!bootstrap) throw new Error(`no KAFKA_BOOTSTRAP in ${stackDir}/broker.env`);

const seconds = (ms: number) => Math.round(ms / 100) / 10;
let seedSeconds: number | undefined;
if (process.env.SEED !== '0') {
  const jars = join(repo, '.cache', 'stack', 'kafka-libs', '*');
  const seed = (...args: string[]) =>
    execFileSync('java', ['-cp', jars, join(import.meta.dirname, '..', 'scale', 'Seed.java'), ...args], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  const started = performance.now();
  seed('topics', bootstrap, PREFIX, String(TOPICS), '1');
  seed('groups', bootstrap, PREFIX, String(GROUPS), String(READ_TOPICS), '10');
  seedSeconds = seconds(performance.now() - started);
}

// What the cluster holds, read with the client library (not through the console).
const admin = new Admin({ clientId: 'insights-bench', bootstrapBrokers: [bootstrap] });
const held = {
  topics: (await admin.listTopics({ includeInternals: true })).length,
  groups: (await admin.listGroups({ types: ['classic', 'consumer'] })).size,
};
await admin.close();
console.log(`cluster: ${held.topics} topics, ${held.groups} groups`);

const file = join(stackDir, 'insights-bench.yaml');
writeFileSync(file, `clusters:\n  bench:\n    properties:\n      bootstrap.servers: ${bootstrap}\n`);
const app = await startConfiguredApp(loadConfig(['--config', file], {}));
const base = `${app.url}/api/bench`;

const counted = new Map<string, number>();
subscribe(requestsChannel.name, (message) => {
  const { api } = message as BuiltRequest;
  counted.set(api, (counted.get(api) ?? 0) + 1);
});
const requests = () => Object.fromEntries([...counted].sort(([a], [b]) => a.localeCompare(b)));

type View = { ms: number; kb: number; body: Record<string, unknown> };
async function view(path: string): Promise<View> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`);
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
  return { ms: Math.round(ms * 10) / 10, kb: Math.round(text.length / 102.4) / 10, body: JSON.parse(text) };
}

async function timed(path: string, views = VIEWS) {
  const samples: number[] = [];
  let kb = 0;
  for (let i = 0; i < views; i++) {
    const v = await view(path);
    samples.push(v.ms);
    kb = v.kb;
  }
  return { ...latency(samples), kb };
}

counted.clear();
const cold = await view('/insights');
const coldRequests = requests();
console.log(`cold: ${cold.ms} ms`, coldRequests);
const summary = cold.body.summary as Record<string, number>;
const checks = cold.body.checks as { kind: string; status: string }[];
const byKind: Record<string, number> = {};
// One page per kind is enough to read its total (from the kept findings: no Kafka request).
for (const kind of checks.map((c) => c.kind))
  byKind[kind] = ((await view(`/insights?kind=${kind}`)).body.total as number) ?? 0;

const warm = await timed('/insights');
const warmFiltered = await timed('/insights?severity=critical');
const topicList = await timed('/topic');
console.log(`warm p50 ${warm.p50} ms; topic list page 1 p50 ${topicList.p50} ms`);

// After the 30 s the findings are fresh: the next call gets them at once and starts computing new ones
// (over the kept index and topic settings), which the calls after it get once done.
await new Promise((resolve) => setTimeout(resolve, 31_000));
counted.clear();
const before = cold.body.generatedAt;
const staleStarted = performance.now();
const stale = await view('/insights');
let again = stale;
while (again.body.generatedAt === before) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  again = await view('/insights');
}
again = { ...again, ms: Math.round((performance.now() - staleStarted) * 10) / 10 };
const againRequests = requests();
console.log(`kept answer ${stale.ms} ms; new findings after ${again.ms} ms`, againRequests);
await app.close();

const ratio = (ms: number) => Math.round((ms / topicList.p50) * 100) / 100;
const result = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version },
  load1: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  cluster: held,
  seedSeconds,
  summary,
  findingsByKind: byKind,
  cold: { ms: cold.ms, ratio: ratio(cold.ms), answerKb: cold.kb, requests: coldRequests },
  warm: { ...warm, ratio: ratio(warm.p50) },
  warmCriticalOnly: { ...warmFiltered, ratio: ratio(warmFiltered.p50) },
  pastFreshness: { keptAnswerMs: stale.ms, ratio: ratio(stale.ms) },
  recomputed: { ms: again.ms, ratio: ratio(again.ms), requests: againRequests },
  topicListPage1: topicList,
};
const results = join(repo, 'tests', 'bench', 'results');
writeFileSync(join(results, 'insights.json'), `${JSON.stringify(result, null, 2)}\n`);
const list = (r: Record<string, number>) =>
  Object.entries(r)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
writeFileSync(
  join(results, 'insights.md'),
  [
    '# Insights benchmark',
    '',
    `\`node tests/bench/insights/run.ts\`, ${result.date}, ${result.machine.cpus} × ${result.machine.cpu}, Node ${result.machine.node}, load ${result.load1}.`,
    `A single 4.4.0 broker (-Xmx2g) holding ${held.topics} topics and ${held.groups} groups (${TOPICS} one-partition topics, ${READ_TOPICS}`,
    `three-partition topics with 10 records a partition, ${GROUPS} groups each with offsets on one of those, no members)${seedSeconds ? `, seeded in ${seedSeconds} s` : ''}.`,
    "The console runs in the benchmark's process (buildApp); ratio = time / the topic list's page 1 p50 in this run.",
    '',
    ...markdownTable([
      ['answer', 'ms (p50)', 'p95', 'ratio', 'answer KB', 'Kafka requests built'],
      ['insights, cold', String(cold.ms), '', String(ratio(cold.ms)), String(cold.kb), list(coldRequests)],
      [
        'insights, warm (kept 30 s)',
        String(warm.p50),
        String(warm.p95),
        String(ratio(warm.p50)),
        String(warm.kb),
        'none',
      ],
      [
        'insights, warm, severity=critical',
        String(warmFiltered.p50),
        String(warmFiltered.p95),
        String(ratio(warmFiltered.p50)),
        String(warmFiltered.kb),
        'none',
      ],
      [
        'insights, past 30 s (kept answer)',
        String(stale.ms),
        '',
        String(ratio(stale.ms)),
        String(stale.kb),
        'none',
      ],
      [
        'new findings, computed meanwhile',
        String(again.ms),
        '',
        String(ratio(again.ms)),
        '',
        list(againRequests),
      ],
      ['topic list, page 1', String(topicList.p50), String(topicList.p95), '1', String(topicList.kb), ''],
    ]),
    '',
    `- Findings: ${list(summary)}; by kind: ${list(byKind)}.`,
    '- Requests are those the console builds itself (`send`), by Kafka API; the group index also sends one ListGroups through',
    "  the client library per build, not counted here. The cold answer includes the group index's first build (OffsetFetch per",
    '  100 groups, with FindCoordinator) and DescribeConfigs of every topic in requests of 500. Past 30 s a call gets the kept',
    '  findings at once and starts a new computation, which reuses the index (refreshed in the background) and the topic',
    '  settings (kept 60 s); its time is measured from that call until an answer carries the new findings.',
    '- The unread topics here were never written: their end offsets (one ListOffsets round, 10 requests of 1,000',
    '  partitions) make them unused without the two rounds by time a topic with old records costs (a first run that asked',
    '  all three rounds for every unread topic built 30 ListOffsets requests and took 5.4 s to recompute, at load 10).',
    '',
    '```json',
    JSON.stringify(result, null, 2),
    '```',
    '',
  ].join('\n'),
);
console.log('wrote tests/bench/results/insights.{json,md}');
