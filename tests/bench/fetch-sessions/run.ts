/**
 * Fetch sessions (KIP-227) on and off in one run: two consoles, the production bundle,
 * one started with `topicData.fetchSessions: true`, the other with false, on the same broker.
 *
 * 1. search: the search bench's scan, a search that matches nothing read to its `searchEnd`, over a
 *    6-partition topic of RECORDS (default 200,000) records of about 1,000 bytes; ROUNDS (default 6) per
 *    console, taking turns; the median round.
 * 2. tail: the tail bench's load, RATE (default 1,000) records/s across 3 topics of 3 partitions (as
 *    tests/bench/tail writes them: record n to topic n % 3, partition n % 3, so 3 of the 9 get records), read by
 *    CLIENTS (default 10) live tails of one console at a time, in PHASES (default 4) phases of PHASE_S
 *    (default 20) s taking turns: produce-to-event latency, and the CPU the console and the broker used.
 * 3. idle: the same over IDLE_TOPICS × IDLE_PARTITIONS (default 4 × 64 = 256) partitions with IDLE_RATE
 *    (default 50) records/s into 4 of them, one tail: where sessions should matter (each full fetch names
 *    every partition, each answer carries every partition).
 *
 *   pnpm build && pnpm stack:up && node tests/bench/fetch-sessions/run.ts
 *
 * Writes tests/bench/results/fetch-sessions-run.{json,md}; deletes its topics.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Producer } from '@platformatic/kafka';
import { consoleConfigFile, envFile, stateFile } from '../../stack/paths.ts';
import { type ConsoleProcess, processCpuMs, startConsoleProcess } from '../../support/console-process.ts';
import { markdownTable } from '../markdown.ts';

const RECORDS = Number(process.env.RECORDS ?? 200_000);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const RATE = Number(process.env.RATE ?? 1_000);
const CLIENTS = Number(process.env.CLIENTS ?? 10);
const PHASES = Number(process.env.PHASES ?? 4);
const PHASE_S = Number(process.env.PHASE_S ?? 20);
const IDLE_TOPICS = Number(process.env.IDLE_TOPICS ?? 4);
const IDLE_PARTITIONS = Number(process.env.IDLE_PARTITIONS ?? 64);
const IDLE_RATE = Number(process.env.IDLE_RATE ?? 50);
for (const line of readFileSync(envFile, 'utf8').split('\n')) {
  const [key, value] = line.split('=');
  if (key && value) process.env[key] = value;
}
const { testKafka } = await import('../../support/kafka.ts');
const { produceMany, sseMessages, waitForTopic } = await import('../../support/records.ts');

const repo = join(import.meta.dirname, '..', '..', '..');
const brokerPid: number = JSON.parse(readFileSync(stateFile, 'utf8')).processes.kafka.pid;
const configFile = process.env.STACK_CONFIG_FILE ?? consoleConfigFile;
const consoles = {
  on: await startConsoleProcess(configFile, { CONSOLE_TOPIC_DATA__FETCH_SESSIONS: 'true' }),
  off: await startConsoleProcess(configFile, { CONSOLE_TOPIC_DATA__FETCH_SESSIONS: 'false' }),
};
type Mode = keyof typeof consoles;
const MODES: Mode[] = ['on', 'off'];
const kafka = testKafka();
const loadBefore = loadavg()[0] ?? 0;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;
const ratio = (on: number, off: number) => Math.round((on / off) * 100) / 100;

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

// 1. search
log('filling the search topic');
const searchTopic = await kafka.createTopic(6);
const pad = 'x'.repeat(880);
await produceMany(
  searchTopic,
  RECORDS,
  (i) => ({
    partition: i % 6,
    key: `order-${i}`,
    value: JSON.stringify({ id: i, customer: `customer-${i % 977}`, amount: i % 1000, note: pad }),
  }),
  { batch: 500 },
);
const searchMs: Record<Mode, number[]> = { on: [], off: [] };
async function search(server: ConsoleProcess): Promise<number> {
  const started = performance.now();
  const res = await fetch(
    `${server.url}/api/local/topic/${searchTopic}/data/search?searchByValue=no-such-text`,
  );
  let scanned = 0;
  for await (const m of sseMessages(res))
    if (m.event === 'searchEnd') scanned = (m.data as { scanned: { records: number } }).scanned.records;
  if (scanned !== RECORDS) throw new Error(`the search read ${scanned} of ${RECORDS} records`);
  return Math.round(performance.now() - started);
}
log('searching');
for (const mode of MODES) await search(consoles[mode]); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  for (const mode of round % 2 ? [...MODES].reverse() : MODES)
    searchMs[mode].push(await search(consoles[mode]));
}

// 2. and 3. live tails, one console at a time
type Phase = {
  mode: Mode;
  deliveries: number;
  p50: number;
  p99: number;
  consoleCpuPerS: number;
  brokerCpuPerS: number;
  consoleReadKiBPerS: number;
};
const readBytes = (pid: number) => Number(/rchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]);

async function tailPhase(
  mode: Mode,
  topics: string[],
  clients: number,
  produce: (n: number) => { topic: string; partition: number },
  rate: number,
): Promise<Phase> {
  const server = consoles[mode];
  const leave = new AbortController();
  const latencies: number[] = [];
  let ready = 0;
  const query = `${topics.map((t) => `topics=${t}`).join('&')}&size=50`;
  const readers = Array.from({ length: clients }, async () => {
    try {
      const res = await fetch(`${server.url}/api/local/tail/sse?${query}`, { signal: leave.signal });
      if (!res.ok) throw new Error(`the tail answered ${res.status}: ${await res.text()}`);
      let first = true;
      for await (const m of sseMessages(res)) {
        const now = Date.now();
        if (first) ready++;
        first = false;
        for (const r of (m.data as { records?: { timestamp: string }[] }).records ?? [])
          latencies.push(now - Date.parse(r.timestamp));
      }
    } catch (error) {
      if (!leave.signal.aborted) console.error(error);
    }
  });
  for (let waited = 0; ready < clients; waited += 50) {
    if (waited > 30_000) throw new Error(`only ${ready} of ${clients} tails started`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const producer = new Producer({
    clientId: 'bench-fetch-sessions',
    bootstrapBrokers: [process.env.KAFKA_BOOTSTRAP ?? ''],
  });
  const cpu = { console: server.cpuMs(), broker: processCpuMs(brokerPid), read: readBytes(server.pid) };
  const started = Date.now();
  let produced = 0;
  while (Date.now() - started < PHASE_S * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    const messages = [];
    for (; produced < due; produced++)
      messages.push({
        ...produce(produced),
        value: Buffer.from(`{"n":${produced},"pad":"${'x'.repeat(100)}"}`),
      });
    if (messages.length) await producer.send({ messages });
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 1_000));
  const seconds = (Date.now() - started) / 1000;
  const used = {
    console: (server.cpuMs() - cpu.console) / seconds,
    broker: (processCpuMs(brokerPid) - cpu.broker) / seconds,
    read: (readBytes(server.pid) - cpu.read) / seconds / 1024,
  };
  leave.abort();
  await Promise.all(readers);
  await producer.close();
  await new Promise((r) => setTimeout(r, 1_000)); // the hub's last fetch returns and its sessions close
  log(`tail phase, sessions ${mode}: ${latencies.length} deliveries`);
  latencies.sort((a, b) => a - b);
  const pct = (q: number) => latencies[Math.max(0, Math.ceil(q * latencies.length) - 1)] ?? NaN;
  return {
    mode,
    deliveries: latencies.length,
    p50: pct(0.5),
    p99: pct(0.99),
    consoleCpuPerS: Math.round(used.console),
    brokerCpuPerS: Math.round(used.broker),
    consoleReadKiBPerS: Math.round(used.read),
  };
}

const busyTopics = await Promise.all(Array.from({ length: 3 }, () => kafka.createTopic(3)));
const busy: Phase[] = [];
for (let i = 0; i < PHASES; i++) {
  busy.push(
    await tailPhase(
      MODES[i % 2] as Mode,
      busyTopics,
      CLIENTS,
      (n) => ({ topic: busyTopics[n % 3] ?? '', partition: n % 3 }),
      RATE,
    ),
  );
}
const idleTopics = await Promise.all(
  Array.from({ length: IDLE_TOPICS }, () => kafka.createTopic(IDLE_PARTITIONS)),
);
for (const t of idleTopics) await waitForTopic(kafka.admin, t, IDLE_PARTITIONS);
const idle: Phase[] = [];
for (let i = 0; i < PHASES; i++) {
  idle.push(
    await tailPhase(
      MODES[i % 2] as Mode,
      idleTopics,
      1,
      (n) => ({ topic: idleTopics[n % IDLE_TOPICS] ?? '', partition: 0 }),
      IDLE_RATE,
    ),
  );
}
for (const c of Object.values(consoles)) c.stop();
await kafka.cleanup().catch(() => undefined);

const sum = (phases: Phase[], mode: Mode) => {
  const mine = phases.filter((p) => p.mode === mode);
  const avg = (pick: (p: Phase) => number) => round1(mine.reduce((s, p) => s + pick(p), 0) / mine.length);
  return {
    deliveries: mine.reduce((s, p) => s + p.deliveries, 0),
    p50: avg((p) => p.p50),
    p99: avg((p) => p.p99),
    consoleCpuMsPerS: avg((p) => p.consoleCpuPerS),
    brokerCpuMsPerS: avg((p) => p.brokerCpuPerS),
    consoleReadKiBPerS: avg((p) => p.consoleReadKiBPerS),
  };
};
const searchMedian = { on: median(searchMs.on), off: median(searchMs.off) };
const result = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version },
  load: { before: round1(loadBefore), after: round1(loadavg()[0] ?? 0) },
  search: {
    records: RECORDS,
    rounds: ROUNDS,
    ms: searchMs,
    medianMs: { on: Math.round(searchMedian.on), off: Math.round(searchMedian.off) },
    recordsPerS: {
      on: Math.round(RECORDS / (searchMedian.on / 1000)),
      off: Math.round(RECORDS / (searchMedian.off / 1000)),
    },
    ratioOnToOff: ratio(searchMedian.on, searchMedian.off),
  },
  tail: {
    rate: RATE,
    clients: CLIENTS,
    partitions: 9,
    phaseS: PHASE_S,
    on: sum(busy, 'on'),
    off: sum(busy, 'off'),
    phases: busy,
  },
  idle: {
    rate: IDLE_RATE,
    partitions: IDLE_TOPICS * IDLE_PARTITIONS,
    busyPartitions: IDLE_TOPICS,
    phaseS: PHASE_S,
    on: sum(idle, 'on'),
    off: sum(idle, 'off'),
    phases: idle,
  },
};

const rows = (name: string, t: typeof result.tail | typeof result.idle): string[][] => [
  [`${name}: latency p50 (ms)`, String(t.on.p50), String(t.off.p50), String(ratio(t.on.p50, t.off.p50))],
  [`${name}: latency p99 (ms)`, String(t.on.p99), String(t.off.p99), String(ratio(t.on.p99, t.off.p99))],
  [
    `${name}: console CPU (ms per s)`,
    String(t.on.consoleCpuMsPerS),
    String(t.off.consoleCpuMsPerS),
    String(ratio(t.on.consoleCpuMsPerS, t.off.consoleCpuMsPerS)),
  ],
  [
    `${name}: broker CPU (ms per s)`,
    String(t.on.brokerCpuMsPerS),
    String(t.off.brokerCpuMsPerS),
    String(ratio(t.on.brokerCpuMsPerS, t.off.brokerCpuMsPerS)),
  ],
  [
    `${name}: console reads (KiB per s)`,
    String(t.on.consoleReadKiBPerS),
    String(t.off.consoleReadKiBPerS),
    String(ratio(t.on.consoleReadKiBPerS, t.off.consoleReadKiBPerS)),
  ],
  [`${name}: deliveries`, String(t.on.deliveries), String(t.off.deliveries), ''],
];
const results = join(repo, 'tests', 'bench', 'results');
writeFileSync(join(results, 'fetch-sessions-run.json'), `${JSON.stringify(result, null, 2)}\n`);
writeFileSync(
  join(results, 'fetch-sessions-run.md'),
  [
    '# Fetch sessions on and off: one run',
    '',
    `\`node tests/bench/fetch-sessions/run.ts\`, ${result.date}, ${result.machine.cpus} × ${result.machine.cpu}, Node ${result.machine.node},`,
    `load average ${result.load.before} before and ${result.load.after} after (the machine is shared). Two consoles (the production`,
    'bundle), one with `topicData.fetchSessions: true` and one with false, on the local single broker.',
    `Search: ${RECORDS} records of about 1 KB in 6 partitions, a search matching nothing, ${ROUNDS} rounds each, taking turns.`,
    `Tail: ${RATE} records/s over 3 topics of 3 partitions, ${CLIENTS} tails; idle: ${IDLE_RATE} records/s into ${IDLE_TOPICS} of`,
    `${IDLE_TOPICS * IDLE_PARTITIONS} partitions, one tail; ${PHASES} phases of ${PHASE_S} s each, one console at a time, taking turns.`,
    'CPU is user + system time of the process over the phase; console reads are its `rchar` (sockets and files).',
    '',
    ...markdownTable([
      ['figure', 'sessions on', 'sessions off', 'on / off'],
      [
        'search: median ms',
        String(result.search.medianMs.on),
        String(result.search.medianMs.off),
        String(result.search.ratioOnToOff),
      ],
      ['search: records/s', String(result.search.recordsPerS.on), String(result.search.recordsPerS.off), ''],
      ...rows('tail', result.tail),
      ...rows(`idle ${result.idle.partitions}`, result.idle),
    ]),
    '',
    '```json',
    JSON.stringify(result, null, 2),
    '```',
    '',
  ].join('\n'),
);
console.log(
  `written tests/bench/results/fetch-sessions-run.{json,md}: search on/off ${result.search.ratioOnToOff}`,
);
process.exit(0);
