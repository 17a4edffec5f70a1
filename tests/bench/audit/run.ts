/**
 * Audit viewer benchmark (target: a filtered page within 1 s over 1,000,000 events). Fills an
 * AuditIndex with EVENTS (default 1,000,000) events — 1,000 users, 12 actions, 3 clusters, 100,000
 * distinct objects, one event a second — and times one page (50, newest first, with the total) by user,
 * by object text, by time range and unfiltered, against a reference measured in the same run: the same
 * events as plain objects in an array, filtered with Array.prototype.filter. Reports the index's heap.
 *
 *   node --expose-gc tests/bench/audit/run.ts            # EVENTS=200000 node --expose-gc … for a smaller run
 *
 * Writes tests/bench/results/audit.md.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { AuditEvent } from '../../../packages/contract/src/platform/audit.ts';
import { type AuditFilter, AuditIndex } from '../../../packages/server/src/domain/audit/audit-index.ts';

const EVENTS = Number(process.env.EVENTS ?? 1_000_000);
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const start = Date.UTC(2026, 0, 1);
const actions = [
  'TOPIC:CREATE',
  'TOPIC:DELETE',
  'TOPIC:ALTER_CONFIG',
  'TOPIC_DATA:CREATE',
  'TOPIC_DATA:DELETE',
  'CONSUMER_GROUP:UPDATE_OFFSET',
  'CONSUMER_GROUP:DELETE',
  'SCHEMA:CREATE',
  'SCHEMA:DELETE',
  'CONNECTOR:CREATE',
  'CONNECTOR:UPDATE_STATE',
  'LOGIN',
];
const event = (n: number): AuditEvent => ({
  timestamp: new Date(start + n * 1000).toISOString(),
  user: `user-${(n * 7919) % 1000}`,
  action: actions[n % actions.length] as string,
  cluster: ['prod', 'staging', 'dev'][n % 3] as string,
  object: `orders-${(n * 104_729) % 100_000}`,
  outcome: n % 50 === 0 ? 'refused' : 'success',
  status: n % 50 === 0 ? 403 : 200,
  address: `10.0.${(n >> 8) % 256}.${n % 256}`,
  route: 'POST /api/:cluster/topic',
});

const heapMiB = () => {
  gc();
  return process.memoryUsage().heapUsed / 1024 ** 2 + process.memoryUsage().arrayBuffers / 1024 ** 2;
};

const before = heapMiB();
const index = new AuditIndex(EVENTS);
for (let n = 0; n < EVENTS; n++) index.add(event(n));
const indexMiB = heapMiB() - before;

const plain: AuditEvent[] = [];
for (let n = 0; n < EVENTS; n++) plain.push(event(n));
const plainMiB = heapMiB() - before - indexMiB;

const all = { clusters: () => true };
const last = start + (EVENTS - 1) * 1000;
const cases: { name: string; filter: AuditFilter; match: (e: AuditEvent) => boolean }[] = [
  { name: 'no filter', filter: all, match: () => true },
  { name: 'user', filter: { ...all, user: 'user-42' }, match: (e) => e.user === 'user-42' },
  {
    name: 'object text',
    filter: { ...all, object: 'ders-4242' },
    match: (e) => (e.object ?? '').includes('ders-4242'),
  },
  {
    name: 'time range (last hour)',
    filter: { ...all, from: last - 3_600_000, to: last },
    match: (e) => Date.parse(e.timestamp) >= last - 3_600_000,
  },
  {
    name: 'user + action + outcome',
    filter: { ...all, user: 'user-42', action: 'TOPIC:ALTER_CONFIG', outcome: 'success' },
    match: (e) => e.user === 'user-42' && e.action === 'TOPIC:ALTER_CONFIG' && e.outcome === 'success',
  },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const time = (fn: () => number) => {
  const times: number[] = [];
  let total = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    total = fn();
    times.push(performance.now() - t);
  }
  return { ms: median(times), total };
};

const rows: string[] = [];
for (const c of cases) {
  const ours = time(() => index.query(c.filter, 0, 50).total);
  const ref = time(() => {
    const matching = plain.filter(c.match);
    matching.slice(-50).reverse();
    return matching.length;
  });
  if (ours.total !== ref.total)
    throw new Error(`${c.name}: index found ${ours.total}, reference ${ref.total}`);
  rows.push(
    `| ${c.name} | ${ours.total.toLocaleString('en')} | ${ours.ms.toFixed(1)} | ${ref.ms.toFixed(1)} | ${(ref.ms / ours.ms).toFixed(1)}x |`,
  );
}

const md = [
  '# Audit index benchmark',
  '',
  `\`node --expose-gc tests/bench/audit/run.ts\` — ${EVENTS.toLocaleString('en')} events (1,000 users, 12 actions, 3 clusters, 100,000 distinct objects), one page of 50 newest first with the total, median of ${ROUNDS}; ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${new Date().toISOString()}.`,
  '',
  'Reference, measured in the same run: the same events as plain objects in an array, `Array.filter` with the same predicate (what a naive in-memory viewer does). The target is 1,000 ms a page.',
  '',
  '| filter | matching | index ms | reference ms | reference / index |',
  '|---|---:|---:|---:|---:|',
  ...rows,
  '',
  `Memory (heap + array buffers after GC): the index ${indexMiB.toFixed(0)} MiB (${((indexMiB * 1024 ** 2) / EVENTS).toFixed(0)} bytes an event, string table included), the plain objects ${plainMiB.toFixed(0)} MiB (${(plainMiB / indexMiB).toFixed(1)}x the index).`,
  '',
];
writeFileSync(join(import.meta.dirname, '..', 'results', 'audit.md'), md.join('\n'));
console.log(md.join('\n'));
