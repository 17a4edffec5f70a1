/**
 * The transaction and share group lists at a big cluster (a page costs what it shows): the first page of
 * `GET /transactions` and `GET /share-groups` with SMALL (100) and then BIG (default 3,000) transactional
 * ids and share groups of this run on the cluster, through the real HTTP server; beside it, in the same run,
 * the reference the paged list replaced: DescribeTransactions on every id (what the unpaged list did) and
 * the whole share group list. p50/p95 of REQUESTS requests each.
 *
 *   export STACK_DIR=/tmp/bench-stack       # a private stack: transactional ids cannot be deleted
 *   pnpm stack:up && node tests/bench/ops-lists/run.ts; pnpm stack:down
 *
 * Writes tests/bench/results/ops-lists.{json,md}; deletes the share groups it made (the transactional
 * ids stay until transactional.id.expiration.ms, 7 days).
 */
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Admin } from '@platformatic/kafka';
import { buildApp } from '../../../packages/server/src/app.ts';
import { listShareGroups } from '../../../packages/server/src/domain/share-groups/share-groups.ts';
import {
  describeTransactions,
  listTransactionalIds,
} from '../../../packages/server/src/domain/transactions/describe.ts';
import { type BuiltRequest, requestsChannel } from '../../../packages/server/src/kafka/protocol.ts';
import { loadConfig } from '../../../packages/server/src/platform/config/load.ts';
import { consoleConfigFile } from '../../stack/paths.ts';
import { initTransactionalIds } from '../../support/hanging-transaction.ts';
import { markdownTable } from '../markdown.ts';
import { type Latency, latency } from '../topic-list/stats.ts';

const repo = join(import.meta.dirname, '..', '..', '..');
const SMALL = 100;
const BIG = Number(process.env.BIG ?? 3_000);
const REQUESTS = 20;
const PARALLEL = 20;
const CLUSTER = 'local';

const config = loadConfig(['--config', process.env.STACK_CONFIG_FILE ?? consoleConfigFile], {});
const bootstrap = config.clusters[CLUSTER]?.properties['bootstrap.servers'];
if (!bootstrap) throw new Error(`no cluster '${CLUSTER}': run pnpm stack:up first`);
const admin = new Admin({
  clientId: 'bench-ops-lists',
  bootstrapBrokers: bootstrap.split(','),
  timeout: 120_000,
});
const app = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/${CLUSTER}`;
const prefix = `bench-ops-${Date.now().toString(36)}`;
const name = (i: number) => `${prefix}-${String(i).padStart(5, '0')}`;
const topic = `${prefix}-topic`;
await admin.createTopics({ topics: [topic], partitions: 1, replicas: 1 });
const groups: string[] = [];

async function makeShareGroups(from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += PARALLEL) {
    const ids = Array.from({ length: Math.min(PARALLEL, to - start) }, (_, i) => name(start + i));
    await Promise.all(
      ids.map(async (group) => {
        const res = await fetch(`${base}/share-groups/${group}/offsets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify([{ topic, partition: 0, offset: 0 }]),
        });
        if (res.status !== 204) throw new Error(`share group ${group}: ${res.status} ${await res.text()}`);
        groups.push(group);
      }),
    );
  }
}

type Measure = { latency: Latency; bytes: number; describeRequests: number; describedIds: number };

async function measure(path: string): Promise<Measure> {
  const built: BuiltRequest[] = [];
  const record = (m: unknown) => built.push(m as BuiltRequest);
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS + 2; i++) {
    if (i === 2) requestsChannel.subscribe(record);
    const start = performance.now();
    const res = await fetch(`${base}${path}`);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
    if (i >= 2) samples.push(performance.now() - start);
    bytes = Buffer.byteLength(text);
  }
  requestsChannel.unsubscribe(record);
  const describes = built.filter((r) => r.api === 'DescribeTransactions');
  return {
    latency: latency(samples),
    bytes,
    describeRequests: describes.length / REQUESTS,
    describedIds: describes.flatMap((r) => r.args[0] as string[]).length / REQUESTS,
  };
}

/** The unpaged list's cost: every transactional id described. */
async function describeAll(): Promise<{ latency: Latency; ids: number }> {
  const samples: number[] = [];
  let ids = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const listed = await listTransactionalIds(admin);
    ids = (
      await describeTransactions(
        admin,
        listed.map((t) => t.transactionalId),
      )
    ).length;
    samples.push(performance.now() - start);
  }
  return { latency: latency(samples), ids };
}

/** The unpaged share group list: every share group in one answer. */
async function listAllShareGroups(): Promise<{ latency: Latency; bytes: number }> {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    bytes = Buffer.byteLength(JSON.stringify(await listShareGroups(admin)));
    samples.push(performance.now() - start);
  }
  return { latency: latency(samples), bytes };
}

type Step = {
  transactionalIds: number;
  shareGroups: number;
  transactionsPage: Measure;
  describeAll: { latency: Latency; ids: number };
  shareGroupsPage: Measure;
  shareGroupsAll: { latency: Latency; bytes: number };
};

async function step(): Promise<Step> {
  const all = await fetch(`${base}/share-groups?search=${prefix}`).then(
    (r) => r.json() as Promise<{ total: number }>,
  );
  return {
    transactionalIds: (await listTransactionalIds(admin)).length,
    shareGroups: all.total,
    transactionsPage: await measure('/transactions'),
    describeAll: await describeAll(),
    shareGroupsPage: await measure('/share-groups'),
    shareGroupsAll: await listAllShareGroups(),
  };
}

const steps: Step[] = [];
try {
  await initTransactionalIds(
    bootstrap,
    Array.from({ length: SMALL }, (_, i) => name(i)),
  );
  await makeShareGroups(0, SMALL);
  steps.push(await step());
  await initTransactionalIds(
    bootstrap,
    Array.from({ length: BIG - SMALL }, (_, i) => name(SMALL + i)),
  );
  await makeShareGroups(SMALL, BIG);
  steps.push(await step());
} finally {
  for (let i = 0; i < groups.length; i += PARALLEL) {
    await Promise.all(
      groups
        .slice(i, i + PARALLEL)
        .map((g) => fetch(`${base}/share-groups/${g}`, { method: 'DELETE' }).catch(() => undefined)),
    );
  }
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.close();
  await app.close();
}

const load1 = Math.round((loadavg()[0] ?? 0) * 100) / 100;
const when = new Date().toISOString();
const result = { when, cpus: cpus().length, load1, requests: REQUESTS, steps };
const results = join(repo, 'tests', 'bench', 'results');
writeFileSync(join(results, 'ops-lists.json'), `${JSON.stringify(result, null, 2)}\n`);
const ms = (l: Latency) => `${l.p50} / ${l.p95}`;
const [small, big] = steps;
const ratio = (a: number, b: number) => String(Math.round((a / b) * 100) / 100);
const rows = [
  ['what', `${SMALL} of each`, `${BIG} of each`, 'ratio'],
  ...(small && big
    ? [
        [
          'transactions page 1, p50 / p95 ms',
          ms(small.transactionsPage.latency),
          ms(big.transactionsPage.latency),
          ratio(big.transactionsPage.latency.p50, small.transactionsPage.latency.p50),
        ],
        [
          'ids described per page (DescribeTransactions requests)',
          `${small.transactionsPage.describedIds} (${small.transactionsPage.describeRequests})`,
          `${big.transactionsPage.describedIds} (${big.transactionsPage.describeRequests})`,
          '',
        ],
        [
          'reference: every id described (unpaged), p50 / p95 ms',
          ms(small.describeAll.latency),
          ms(big.describeAll.latency),
          ratio(big.describeAll.latency.p50, small.describeAll.latency.p50),
        ],
        [
          'transactions page bytes',
          String(small.transactionsPage.bytes),
          String(big.transactionsPage.bytes),
          ratio(big.transactionsPage.bytes, small.transactionsPage.bytes),
        ],
        [
          'share groups page 1, p50 / p95 ms',
          ms(small.shareGroupsPage.latency),
          ms(big.shareGroupsPage.latency),
          ratio(big.shareGroupsPage.latency.p50, small.shareGroupsPage.latency.p50),
        ],
        [
          'reference: every share group (unpaged), p50 / p95 ms',
          ms(small.shareGroupsAll.latency),
          ms(big.shareGroupsAll.latency),
          ratio(big.shareGroupsAll.latency.p50, small.shareGroupsAll.latency.p50),
        ],
        [
          'share groups page bytes (reference: all of them)',
          `${small.shareGroupsPage.bytes} (${small.shareGroupsAll.bytes})`,
          `${big.shareGroupsPage.bytes} (${big.shareGroupsAll.bytes})`,
          ratio(big.shareGroupsPage.bytes, small.shareGroupsPage.bytes),
        ],
      ]
    : []),
];
writeFileSync(
  join(results, 'ops-lists.md'),
  [
    '# Transaction and share group lists at scale',
    '',
    `\`node tests/bench/ops-lists/run.ts\`, ${when}, ${cpus().length} cores, load average ${load1} (1 min) at`,
    `the end; ${REQUESTS} requests each after 2 warm-up ones, through the HTTP server on the stack's one broker.`,
    `Cluster-wide counts at each step: ${steps.map((s) => `${s.transactionalIds} transactional ids, ${s.shareGroups} share groups of this run`).join('; ')}.`,
    'The page is the first of 25, no search; the references are what the unpaged lists cost (every id described,',
    'every share group serialized), in process.',
    '',
    ...markdownTable(rows),
    '',
    "Kafka's ListTransactions and ListGroups have no paging: each page still lists every id (one request per",
    'broker), which is why page 1 grows with the cluster; what paging saves is describing every transactional',
    'id (DescribeTransactions, 100 ids a request) and sending every row to the browser.',
    '',
  ].join('\n'),
);
console.log(readable());

function readable(): string {
  return rows.map((r) => r.join(' | ')).join('\n');
}
