/**
 * Consumer-group benchmark (issue "Consumer groups and ACLs", Scale; AKHQ times out at 15,000 groups on
 * one topic, akhq#2452): GROUPS (default 5,000) groups with committed offsets, READERS (default 2,000)
 * of them on one shared topic; p50/p95 of the group list's first page and of that topic's groups tab,
 * through the real HTTP server, with a reference step at 100 groups measured in the same run.
 *
 *   export STACK_DIR=/tmp/bench-stack       # a private stack, so the groups do not burden the shared one
 *   pnpm stack:up && node tests/bench/groups/run.ts; pnpm stack:down
 *
 * Writes tests/bench/results/groups.{json,md} and deletes the groups and topics it made, also on Ctrl-C.
 */
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Admin } from '@platformatic/kafka';
import { buildApp } from '../../../packages/server/src/app.ts';
import { loadConfig } from '../../../packages/server/src/platform/config/load.ts';
import { consoleConfigFile } from '../../stack/paths.ts';
import { markdownTable } from '../markdown.ts';
import { type Latency, latency } from '../topic-list/stats.ts';

const repo = join(import.meta.dirname, '..', '..', '..');
const GROUPS = Number(process.env.GROUPS ?? 5_000);
const READERS = Number(process.env.READERS ?? 2_000);
const SMALL = 100;
const REQUESTS = 20;
const WARMUP = 3;
const PARALLEL = 50;
const CLUSTER = 'local';
/** A list sorted by lag reads every group's lag once per 10 s (GroupSortFacts): cold samples wait it out. */
const COLD_REQUESTS = 3;
const FACTS_TTL_MS = 10_000;

const config = loadConfig(['--config', process.env.STACK_CONFIG_FILE ?? consoleConfigFile], {});
const bootstrap = config.clusters[CLUSTER]?.properties['bootstrap.servers'];
if (!bootstrap) throw new Error(`no cluster '${CLUSTER}': run pnpm stack:up first`);
const admin = new Admin({
  clientId: 'bench-groups',
  bootstrapBrokers: bootstrap.split(','),
  timeout: 120_000,
});
const app = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/${CLUSTER}`;

const prefix = `bench-gr-${Date.now().toString(36)}`;
const shared = `${prefix}-shared`;
const own = `${prefix}-own`;
const made: string[] = [];
let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true;
});

/** Groups `from`…`to`: each commits on its own topic; the first READERS also on the shared one. */
async function makeGroups(from: number, to: number): Promise<void> {
  for (let start = from; start < to && !interrupted; start += PARALLEL) {
    const ids = Array.from({ length: Math.min(PARALLEL, to - start) }, (_, i) => start + i);
    await Promise.all(
      ids.map((i) => {
        const groupId = `${prefix}-g${String(i).padStart(5, '0')}`;
        made.push(groupId);
        const topics = [{ name: own, partitionOffsets: [{ partition: 0, offset: 1n }] }];
        if (i < READERS) topics.push({ name: shared, partitionOffsets: [{ partition: 0, offset: 1n }] });
        return admin.alterConsumerGroupOffsets({ groupId, topics });
      }),
    );
    process.stdout.write(`\r  ${made.length}/${to} groups`);
  }
  process.stdout.write('\n');
}

async function timed(path: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return performance.now() - started;
}

async function measure(path: string): Promise<Latency> {
  for (let i = 0; i < WARMUP; i++) await timed(path);
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) samples.push(await timed(path));
  return latency(samples);
}

async function measureCold(path: string): Promise<Latency> {
  const samples: number[] = [];
  for (let i = 0; i < COLD_REQUESTS; i++) {
    await new Promise((resolve) => setTimeout(resolve, FACTS_TTL_MS + 100));
    samples.push(await timed(path));
  }
  return latency(samples);
}

type Measured = 'listPage' | 'topicGroups' | 'byLag' | 'byLagCold' | 'overview';
type Step = { groups: number; readers: number; load1: number } & Record<Measured, Latency>;

async function step(): Promise<Step> {
  const load1 = Math.round((loadavg()[0] ?? 0) * 100) / 100;
  const listPage = await measure(`/group?search=${prefix}`);
  const topicGroups = await measure(`/topic/${shared}/groups`);
  // Page 1 of every group sorted by total lag: the lag of all of them, then the page described.
  const byLagCold = await measureCold('/group?sort=lag&order=desc');
  const byLag = await measure('/group?sort=lag&order=desc');
  const overview = await measure('/overview');
  const readers = Math.min(made.length, READERS);
  console.log(
    `  ${made.length} groups: list p50 ${listPage.p50} ms, topic tab p50 ${topicGroups.p50} ms, by lag p50 ${byLag.p50} ms (cold ${byLagCold.p50} ms), overview p50 ${overview.p50} ms`,
  );
  return { groups: made.length, readers, load1, listPage, topicGroups, byLag, byLagCold, overview };
}

const steps: Step[] = [];
const started = performance.now();
try {
  await admin.createTopics({ topics: [shared, own], partitions: 1, replicas: 1 });
  console.log(`groups bench: ${SMALL} then ${GROUPS} groups, ${READERS} on ${shared}`);
  await makeGroups(0, SMALL);
  steps.push(await step());
  await makeGroups(SMALL, GROUPS);
  if (!interrupted) steps.push(await step());
} finally {
  console.log(`deleting ${made.length} groups`);
  for (let i = 0; i < made.length; i += 500) {
    await admin.deleteGroups({ groups: made.slice(i, i + 500) }).catch(() => undefined);
  }
  await admin.deleteTopics({ topics: [shared, own] }).catch(() => undefined);
  await app.close();
  await admin.close();
}

const [small, large] = steps;
if (!small || !large) process.exit(1);
const ratio = (a: Latency, b: Latency) => Math.round((b.p50 / a.p50) * 100) / 100;
const result = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version },
  pageSize: config.pagination.pageSize,
  requestsPerStep: REQUESTS,
  steps,
  seconds: Math.round((performance.now() - started) / 100) / 10,
  ratios: {
    listPage: ratio(small.listPage, large.listPage),
    topicGroups: ratio(small.topicGroups, large.topicGroups),
    byLag: ratio(small.byLag, large.byLag),
    byLagCold: ratio(small.byLagCold, large.byLagCold),
    overview: ratio(small.overview, large.overview),
  },
  target: {
    listUnder1s: large.listPage.p50 < 1000,
    topicGroupsUnder1s: large.topicGroups.p50 < 1000,
    byLagColdUnder1s: large.byLagCold.p50 < 1000,
    overviewUnder1s: large.overview.p50 < 1000,
  },
};
const LABELS: Record<Measured, string> = {
  listPage: 'group list, page 1',
  topicGroups: "shared topic's groups tab",
  byLag: 'all groups by lag, page 1 (lag cached)',
  byLagCold: 'all groups by lag, page 1 (cold: lag of every group read)',
  overview: 'cluster overview',
};
const cells = (s: Step, what: Measured) => [
  LABELS[what],
  `${s.groups} (${s.readers} on the topic)`,
  String(s.load1),
  String(s[what].p50),
  String(s[what].p95),
];
const results = join(repo, 'tests', 'bench', 'results');
writeFileSync(join(results, 'groups.json'), `${JSON.stringify(result, null, 2)}\n`);
writeFileSync(
  join(results, 'groups.md'),
  [
    '# Consumer groups benchmark',
    '',
    `\`node tests/bench/groups/run.ts\` with GROUPS=${GROUPS} READERS=${READERS}, ${result.date}, ${result.machine.cpus} × ${result.machine.cpu}, Node ${result.machine.node}.`,
    `Groups with committed offsets (no live members) on the local stack's single broker; ${REQUESTS} sequential`,
    `requests per step after ${WARMUP} warm-up ones, through the real HTTP server; page size ${result.pageSize}. Times in ms.`,
    '',
    ...markdownTable([
      ['request', 'groups in the cluster', 'load (1 min)', 'p50', 'p95'],
      cells(small, 'listPage'),
      cells(large, 'listPage'),
      cells(small, 'topicGroups'),
      cells(large, 'topicGroups'),
      cells(small, 'byLagCold'),
      cells(large, 'byLagCold'),
      cells(small, 'byLag'),
      cells(large, 'byLag'),
      cells(small, 'overview'),
      cells(large, 'overview'),
    ]),
    '',
    `At ${large.groups} groups the list page p50 is ${result.ratios.listPage} × the figure at ${small.groups} ` +
      `(under 1 s: ${result.target.listUnder1s ? 'met' : 'missed'}); the topic's groups tab ${result.ratios.topicGroups} × ` +
      `(under 1 s: ${result.target.topicGroupsUnder1s ? 'met' : 'missed'}); page 1 of every group sorted by lag, cold, ` +
      `${result.ratios.byLagCold} × (under 1 s: ${result.target.byLagColdUnder1s ? 'met' : 'missed'}); the overview ` +
      `${result.ratios.overview} × (under 1 s: ${result.target.overviewUnder1s ? 'met' : 'missed'}).`,
    '',
    'Where the time goes: the list page lists every group id (one ListGroups), filters and sorts them, then',
    "describes only the page's groups: one DescribeGroups and one OffsetFetch per coordinator for all of",
    "them, one Metadata request and one ListOffsets exchange per leader for their topics. The topic's groups",
    'tab must find which of all groups read the topic: it describes every group with members (one',
    'DescribeGroups per coordinator, batched; an EMPTY one is known from the listing) and fetches every',
    "group's offsets on that topic only (one OffsetFetch per coordinator), then answers the readers with",
    'their offsets and lag. Sorted by lag, the list needs every group lag: OffsetFetch naming no topics',
    'for all groups (100 a request, 4 requests at once), one Metadata request and ListOffsets for the topics they',
    'read, kept 10 s per cluster ("cold" waits that out; "cached" is paging within it). The overview is one',
    'ListGroups, the all-topic Metadata answer (kept 5 s), DescribeLogDirs and ApiVersions per broker.',
    "Every group's coordinator is the leader of its __consumer_offsets partition, read from one Metadata",
    'request a minute (FindCoordinator only as the fallback): before that, a cold lag read paid one',
    'FindCoordinator per 100 groups, 50 requests at 5,000 groups and 200-480 ms of the cold page at load 15-17',
    '(9-75 ms now). What is left of a cold page at 5,000 groups is ListGroups, the 50 OffsetFetch requests',
    '(100 groups each, growing with groups, never with groups × partitions) and describing the page.',
    '',
    '```json',
    JSON.stringify(result, null, 2),
    '```',
    '',
  ].join('\n'),
);
console.log('written tests/bench/results/groups.{json,md}');
