/**
 * Load (issue "Hardening", part 3): for DURATION_S (default 300) seconds, RATE (default 100) requests per
 * second over a mix of list and detail endpoints, plus TAILS (default 200) live-tail clients on three
 * topics written to all along. Reports errors, latency, the server's RSS and open file descriptors every
 * 10 s, consumer groups created, and what is left once the tail clients leave.
 *
 *   export STACK_DIR=/tmp/load-stack && pnpm stack:up && node tests/reliability/load.ts; pnpm stack:down
 *
 * The console runs in its own process (tests/support/console-process.ts, the production bundle) so its memory and descriptors are
 * its own. Prints the figures as JSON and a Markdown section for tests/reliability/RESULTS.md.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { consoleConfigFile, envFile } from '../stack/paths.ts';
import { startConsoleProcess } from '../support/console-process.ts';
import { testKafka } from '../support/kafka.ts';
import { produceMany, sseMessages } from '../support/records.ts';

const DURATION_S = Number(process.env.DURATION_S ?? 300);
const RATE = Number(process.env.RATE ?? 100);
const TAILS = Number(process.env.TAILS ?? 200);
const SAMPLE_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// The stack's endpoints (KAFKA_BOOTSTRAP…) for the test clients, as the tests' global setup exports them.
for (const line of readFileSync(envFile, 'utf8').split('\n')) {
  const [key, value] = line.split('=');
  if (key && value) process.env[key] = value;
}

const server = await startConsoleProcess(process.env.STACK_CONFIG_FILE ?? consoleConfigFile);
const pid = server.pid;
const base = `${server.url}/api/local`;
const fds = () => readdirSync(`/proc/${pid}/fd`).length;
const sockets = () =>
  readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:');
    } catch {
      return false;
    }
  }).length;

const kafka = testKafka();
const topics = await Promise.all([kafka.createTopic(3), kafka.createTopic(3), kafka.createTopic(3)]);
await Promise.all(
  topics.map((t) => produceMany(t, 300, (i) => ({ partition: i % 3, key: `k${i}`, value: `{"n":${i}}` }))),
);
const groupsBefore = new Set((await kafka.admin.listGroups()).keys());

const paths = [
  '/topic',
  '/topic?search=test',
  `/topic/${topics[0]}`,
  `/topic/${topics[1]}/partitions`,
  `/topic/${topics[2]}/configs`,
  `/topic/${topics[0]}/data?sort=NEWEST`,
  '/node',
  '/node/partitions',
  '/group',
  '/topic/name',
];

await sleep(1_000);
const baseline = { rssMiB: server.rssMiB(), fds: fds(), sockets: sockets() };

// The tail clients: each reads its stream until told to leave.
const leave = new AbortController();
let tailEvents = 0;
let tailRecords = 0;
let tailErrors = 0;
// size=50: the console's default Max Records.
const tailQuery = `${topics.map((t) => `topics=${t}`).join('&')}&size=50`;
const tailRuns = Array.from({ length: TAILS }, async () => {
  try {
    const res = await fetch(`${base}/tail/sse?${tailQuery}`, { signal: leave.signal });
    if (!res.ok) throw new Error(String(res.status));
    for await (const m of sseMessages(res)) {
      tailEvents++;
      if (m.event !== 'tailBody') tailErrors++;
      tailRecords += (m.data as { records?: unknown[] }).records?.length ?? 0;
    }
  } catch {
    if (!leave.signal.aborted) tailErrors++;
  }
});
await sleep(3_000);
const withTails = { rssMiB: server.rssMiB(), fds: fds(), sockets: sockets() };

// Writes all along, so the tails have something to carry: 30 records per second per topic.
let producing = true;
const producer = (async () => {
  let n = 0;
  while (producing) {
    await Promise.all(
      topics.map((t) => produceMany(t, 30, (i) => ({ partition: i % 3, value: `live ${n + i}` }))),
    );
    n += 30;
    await sleep(1_000);
  }
})();

const statuses = new Map<number, number>();
const latencies: number[] = [];
let failures = 0;
const samples: { second: number; rssMiB: number; fds: number }[] = [];
const started = Date.now();
const sampler = setInterval(() => {
  samples.push({ second: Math.round((Date.now() - started) / 1000), rssMiB: server.rssMiB(), fds: fds() });
}, SAMPLE_MS);
let sent = 0;
const inFlight = new Set<Promise<void>>();
while (Date.now() - started < DURATION_S * 1000) {
  const due = Math.floor(((Date.now() - started) / 1000) * RATE);
  for (; sent < due; sent++) {
    const path = paths[sent % paths.length] ?? '/topic';
    const t0 = performance.now();
    const request: Promise<void> = fetch(`${base}${path}`)
      .then(async (res) => {
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        latencies.push(performance.now() - t0);
      })
      .catch(() => {
        failures++;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }
  await sleep(5);
}
await Promise.all(inFlight);
clearInterval(sampler);
producing = false;
await producer;

leave.abort();
await Promise.all(tailRuns);
await sleep(5_000);
const after = { rssMiB: server.rssMiB(), fds: fds(), sockets: sockets() };
const groupsAfter = [...(await kafka.admin.listGroups()).keys()].filter((g) => !groupsBefore.has(g));

latencies.sort((a, b) => a - b);
const pct = (q: number) => Math.round(latencies[Math.max(0, Math.ceil(q * latencies.length) - 1)] ?? 0);
const result = {
  durationS: DURATION_S,
  rate: RATE,
  tails: TAILS,
  requests: sent,
  statuses: Object.fromEntries(statuses),
  networkFailures: failures,
  latencyMs: { p50: pct(0.5), p95: pct(0.95), p99: pct(0.99), max: Math.round(latencies.at(-1) ?? 0) },
  tailEvents,
  tailRecords,
  tailErrors,
  baseline,
  withTails,
  samples,
  afterClientsLeft: after,
  consumerGroupsCreated: groupsAfter,
};
console.log(JSON.stringify(result, null, 2));

server.stop();
await kafka.cleanup().catch(() => undefined);
process.exit(0);
