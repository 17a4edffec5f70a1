/**
 * Record scan benchmark (issue "Records", Performance): a search that matches nothing, through the API
 * to `searchEnd`, over a 6-partition topic of RECORDS (default 1,000,000) JSON records of about
 * VALUE_BYTES (default 1,000) bytes, against references reading the same topic in the same run:
 * kcat (when installed), Kafka's ConsumerPerformance (when KAFKA_TOOLS_JAR points at a kafka-tools
 * jar) and a plain @platformatic/kafka consumer. Reports records per second and the server's peak RSS.
 *
 *   pnpm stack:up && node tests/bench/search/run.ts        # RECORDS=200000 node … for a smaller run
 *   SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' node tests/bench/search/run.ts   # profile the server
 *
 * The console runs as production runs it, the bundle of `pnpm build` (tests/support/console-process.ts).
 *
 * Each round also runs the `filter` expressions of filter-results.ts, which match nothing, next
 * to the plain search: two the prefilters rule out from the text, one every record's JSON is parsed and
 * evaluated for; their rates over the plain search's (wall time, and the server's CPU time from /proc)
 * go to tests/bench/results/search-filter.{json,md}. FILTER_ONLY=1 runs only those searches.
 *
 * WORKERS sets the console's `search.workers` (default: the server's, the cores less one); CPUS=n pins the console
 * and kcat to the first n cores (taskset), to compare at a core count below the machine's. Each search's
 * and each kcat run's CPU time is recorded: the server's from /proc (all its threads, workers included),
 * kcat's from its rusage (the CPU time its shell waited for).
 *
 * Writes tests/bench/results/search.{json,md}; deletes its topic and groups, also on Ctrl-C.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Admin, Consumer, Producer } from '@platformatic/kafka';
import { loadConfig } from '../../../packages/server/src/platform/config/load.ts';
import { type ConsoleProcess, startConsoleProcess } from '../../support/console-process.ts';
import { FILTERS, writeFilterResults } from './filter-results.ts';

const repo = join(import.meta.dirname, '..', '..', '..');
const RECORDS = Number(process.env.RECORDS ?? 1_000_000);
const VALUE_BYTES = Number(process.env.VALUE_BYTES ?? 1000);
const PARTITIONS = 6;
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const FILTER_ONLY = process.env.FILTER_ONLY === '1';
const WORKERS = process.env.WORKERS;
const CPUS = process.env.CPUS ? Number(process.env.CPUS) : undefined;
/** `taskset -c 0-(n-1)` before a command when CPUS is set. */
const pinned = (command: string[]) => (CPUS ? ['taskset', '-c', `0-${CPUS - 1}`, ...command] : command);
const CLUSTER = 'local';
const run = promisify(execFile);

const configFile = process.env.STACK_CONFIG_FILE ?? join(repo, '.stack', 'console.yaml');
const config = loadConfig(['--config', configFile], {});
const bootstrap: string = config.clusters[CLUSTER]?.properties['bootstrap.servers'] ?? '';
if (!bootstrap) throw new Error(`no cluster '${CLUSTER}' in ${configFile}: run pnpm stack:up first`);

const admin = new Admin({
  clientId: 'bench-records',
  bootstrapBrokers: bootstrap.split(','),
  timeout: 120_000,
});
const topic = `bench-records-${Date.now().toString(36)}`;
const groups: string[] = [];
let server: ConsoleProcess | undefined;

async function cleanup() {
  server?.stop();
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  if (groups.length) await admin.deleteGroups({ groups }).catch(() => undefined);
  await admin.close();
}
process.once('SIGINT', async () => {
  await cleanup();
  process.exit(130);
});

const seconds = (ms: number) => Math.round(ms / 10) / 100;
const rate = (records: number, ms: number) => Math.round((records / ms) * 1000);

async function fill(): Promise<number> {
  await admin.createTopics({ topics: [topic], partitions: PARTITIONS, replicas: 1 });
  const producer = new Producer({ clientId: 'bench-records-fill', bootstrapBrokers: bootstrap.split(',') });
  const started = performance.now();
  const pad = 'x'.repeat(Math.max(0, VALUE_BYTES - 120));
  try {
    for (let start = 0; start < RECORDS; start += 3000) {
      const messages = [];
      for (let i = start; i < Math.min(RECORDS, start + 3000); i++) {
        const value = JSON.stringify({ id: i, customer: `customer-${i % 977}`, amount: i % 1000, note: pad });
        messages.push({
          topic,
          partition: i % PARTITIONS,
          key: Buffer.from(`order-${i}`),
          value: Buffer.from(value),
        });
      }
      await producer.send({ messages });
    }
  } finally {
    await producer.close();
  }
  return performance.now() - started;
}

/** The run of median duration. */
function medianRun(runs: { records: number; ms: number }[]): { records: number; ms: number } {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return sorted[Math.floor(sorted.length / 2)] as { records: number; ms: number };
}

/** `cpuMs`: the server process's CPU time (user + system) over the search, from /proc. */
type SearchRun = { ms: number; cpuMs: number; scanned: number; reason: string; events: number };

/** The server's CPU time so far, ms (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
function serverCpuMs(): number {
  if (!server) return Number.NaN;
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One search to its `searchEnd`, reading the stream as a browser would. */
async function search(url: string, query: string): Promise<SearchRun> {
  const started = performance.now();
  const cpuBefore = serverCpuMs();
  const res = await fetch(`${url}/topic/${topic}/data/search?${query}`);
  if (!res.ok || !res.body) throw new Error(`search answered ${res.status}`);
  let text = '';
  let events = 0;
  let endData: string | undefined;
  const decoder = new TextDecoder();
  for await (const piece of res.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(piece, { stream: true });
    const frames = text.split('\n\n');
    text = frames.pop() ?? '';
    events += frames.length;
    for (const frame of frames)
      if (frame.startsWith('event: searchEnd\n')) endData = frame.split('\ndata: ')[1];
  }
  const ms = performance.now() - started;
  const end = endData ? (JSON.parse(endData) as { reason: string; scanned: { records: number } }) : undefined;
  const cpuMs = serverCpuMs() - cpuBefore;
  return { ms, cpuMs, scanned: end?.scanned.records ?? Number.NaN, reason: end?.reason ?? '?', events };
}

async function kcat(): Promise<{ ms: number; records: number; cpuMs: number } | undefined> {
  const bin = process.env.KCAT ?? 'kcat';
  try {
    await run(bin, ['-V']);
  } catch {
    return undefined;
  }
  const started = performance.now();
  // The shell waits for kcat, then prints its own /proc stat: cutime and cstime are kcat's CPU time.
  const command = pinned([bin, '-C', '-b', bootstrap, '-t', topic, '-o', 'beginning', '-e', '-q', '-f', '.'])
    .map((a) => `'${a}'`)
    .join(' ');
  const { stdout, stderr } = await run('sh', ['-c', `${command}; cat /proc/$$/stat >&2`], {
    maxBuffer: RECORDS * 2 + 1024,
  });
  const ms = performance.now() - started;
  const fields = stderr.split(') ').at(-1)?.split(' ') ?? [];
  const cpuMs = (Number(fields[13]) + Number(fields[14])) * 10;
  return { ms, records: stdout.length, cpuMs };
}

async function consumerPerformance(): Promise<{ ms: number; records: number; fetchMs: number } | undefined> {
  const jar = process.env.KAFKA_TOOLS_JAR;
  if (!jar) return undefined;
  const group = `bench-records-perf-${Date.now()}`;
  groups.push(group);
  const classpath = `${jar}:${join(repo, '.cache', 'stack', 'kafka-libs', '*')}`;
  const started = performance.now();
  const { stdout } = await run(
    process.env.JAVA ?? 'java',
    [
      '-Xmx512m',
      '-cp',
      classpath,
      'org.apache.kafka.tools.ConsumerPerformance',
      '--bootstrap-server',
      bootstrap,
      '--topic',
      topic,
      '--messages',
      String(RECORDS),
      '--group',
      group,
      '--timeout',
      '60000',
    ],
    { maxBuffer: 1024 * 1024 },
  );
  const ms = performance.now() - started;
  const row =
    stdout
      .trim()
      .split('\n')
      .at(-1)
      ?.split(',')
      .map((s) => s.trim()) ?? [];
  return { ms, records: Number(row[4]), fetchMs: Number(row[7]) };
}

async function platformaticConsumer(): Promise<{ ms: number; records: number }> {
  const groupId = `bench-records-consumer-${Date.now()}`;
  groups.push(groupId);
  const consumer = new Consumer({
    clientId: 'bench-records',
    groupId,
    bootstrapBrokers: bootstrap.split(','),
    autocommit: false,
  });
  const started = performance.now();
  let records = 0;
  try {
    const stream = await consumer.consume({ topics: [topic], mode: 'earliest', maxWaitTime: 100 });
    for await (const message of stream) {
      void message;
      if (++records >= RECORDS) break;
    }
    await stream.close();
  } finally {
    await consumer.close(true);
  }
  return { ms: performance.now() - started, records };
}

try {
  console.log(`filling ${topic}: ${RECORDS} records of ~${VALUE_BYTES} bytes in ${PARTITIONS} partitions`);
  const fillMs = await fill();
  console.log(`filled in ${seconds(fillMs)} s`);
  server = await startConsoleProcess(configFile, WORKERS ? { CONSOLE_SEARCH__WORKERS: WORKERS } : {});
  // Every thread, those started later included (they inherit it from the thread that starts them).
  if (CPUS) await run('taskset', ['-a', '-p', '-c', `0-${CPUS - 1}`, String(server.pid)]);
  const url = `${server.url}/api/${CLUSTER}`;
  const idle = server.rssMiB();
  // Warm-up: metadata, connections, JIT; a short scan only.
  await search(url, 'searchByValue=no-such-needle_C&maxRecords=20000');
  // The machine's speed drifts between runs (kcat alone varied 1.5 to 2.4 s): rounds alternate our search
  // and kcat, and the medians are compared.
  const rounds: {
    oldest: SearchRun;
    newest: SearchRun;
    peakRssMiB: number;
    kcat?: { ms: number; records: number; cpuMs: number };
    filtered: SearchRun[];
  }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const oldest = await search(url, 'searchByValue=no-such-needle_C');
    const filtered = [];
    for (const filter of FILTERS) filtered.push(await search(url, `filter=${encodeURIComponent(filter)}`));
    console.log(
      `round ${round}: filters ${filtered.map((f) => `${seconds(f.ms)} s, server CPU ${seconds(f.cpuMs)} s (${f.scanned}, ${f.reason})`).join(', ')}`,
    );
    if (FILTER_ONLY) {
      console.log(
        `round ${round}: search OLDEST ${seconds(oldest.ms)} s, server CPU ${seconds(oldest.cpuMs)} s (${oldest.scanned}, ${oldest.reason})`,
      );
      rounds.push({ oldest, newest: oldest, peakRssMiB: server.peakRssMiB(), filtered });
      continue;
    }
    const kcatRun = await kcat();
    const newest = await search(url, 'sort=NEWEST&searchByValue=no-such-needle_C');
    console.log(
      `round ${round}: search OLDEST ${seconds(oldest.ms)} s (${oldest.scanned}, ${oldest.reason}), ` +
        `server CPU ${seconds(oldest.cpuMs)} s, ` +
        `kcat ${kcatRun ? `${seconds(kcatRun.ms)} s, CPU ${seconds(kcatRun.cpuMs)} s (${kcatRun.records})` : 'not installed'}, ` +
        `search NEWEST ${seconds(newest.ms)} s (${newest.scanned}, ${newest.reason}), ` +
        `server RSS ${server.rssMiB()} MiB, peak so far ${server.peakRssMiB()} MiB`,
    );
    rounds.push({
      oldest,
      newest,
      peakRssMiB: server.peakRssMiB(),
      filtered,
      ...(kcatRun ? { kcat: kcatRun } : {}),
    });
  }
  writeFilterResults(
    { records: RECORDS, valueBytes: VALUE_BYTES, partitions: PARTITIONS, rounds: ROUNDS },
    rounds.map((r) => ({ plain: r.oldest, filtered: r.filtered })),
  );
  // The finally below would not run after exit: the server and the topic go first.
  if (FILTER_ONLY) {
    await cleanup();
    process.exit(0);
  }
  const peak = server.peakRssMiB();
  // Idle again: the workers end after 5 s without a task, and V8 gives the scans' memory back.
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  const idleAfter = server.rssMiB();
  const load = loadavg()[0] ?? Number.NaN;
  const oldest = medianRun(rounds.map((r) => ({ records: r.oldest.scanned, ms: r.oldest.ms })));
  const newest = medianRun(rounds.map((r) => ({ records: r.newest.scanned, ms: r.newest.ms })));
  const kcatRuns = rounds.flatMap((r) => (r.kcat ? [r.kcat] : []));
  const kcatRun = kcatRuns.length ? medianRun(kcatRuns) : undefined;
  const perf = await consumerPerformance();
  if (perf) console.log(`ConsumerPerformance: ${seconds(perf.ms)} s, ${perf.records} records`);
  const plain = await platformaticConsumer();
  console.log(`@platformatic/kafka consumer: ${seconds(plain.ms)} s, ${plain.records} records`);

  const rows = [
    [`console search, OLDEST (API, to searchEnd), median of ${ROUNDS}`, oldest.records, oldest.ms],
    [`console search, NEWEST (API, to searchEnd), median of ${ROUNDS}`, newest.records, newest.ms],
    ...(kcatRun ? [[`kcat -C -e (librdkafka), median of ${ROUNDS}`, kcatRun.records, kcatRun.ms]] : []),
    ...(perf ? [['Kafka ConsumerPerformance (JVM, incl. start-up)', perf.records, perf.ms]] : []),
    ...(perf ? [['Kafka ConsumerPerformance, fetch time only', perf.records, perf.fetchMs]] : []),
    ['@platformatic/kafka Consumer.consume', plain.records, plain.ms],
  ] as [string, number, number][];
  const ratio = kcatRun ? rate(oldest.records, oldest.ms) / rate(kcatRun.records, kcatRun.ms) : undefined;
  /** Median CPU µs per record of the OLDEST searches and of kcat, and their ratio. */
  const micros = (runs: { cpuMs: number; records: number }[]) =>
    Math.round(
      ([...runs.map((r) => (r.cpuMs * 1000) / r.records)].sort((a, b) => a - b)[
        Math.floor(runs.length / 2)
      ] ?? Number.NaN) * 100,
    ) / 100;
  const consoleCpu = micros(rounds.map((r) => ({ cpuMs: r.oldest.cpuMs, records: r.oldest.scanned })));
  const kcatCpu = kcatRuns.length ? micros(kcatRuns) : undefined;
  const cpuRatio = kcatCpu ? Math.round((consoleCpu / kcatCpu) * 100) / 100 : undefined;
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
    cpusUsed: CPUS ?? cpus().length,
    workers: WORKERS === undefined ? 'default (the cores less one)' : Number(WORKERS),
    loadAverageAtEnd: Math.round(load * 10) / 10,
    records: RECORDS,
    valueBytes: VALUE_BYTES,
    partitions: PARTITIONS,
    fillSeconds: seconds(fillMs),
    runs: rows.map(([name, records, ms]) => ({
      name,
      records,
      seconds: seconds(ms),
      perSecond: rate(records, ms),
    })),
    rounds: rounds.map((r) => ({
      oldestSeconds: seconds(r.oldest.ms),
      kcatSeconds: r.kcat ? seconds(r.kcat.ms) : null,
      oldestCpuSeconds: seconds(r.oldest.cpuMs),
      kcatCpuSeconds: r.kcat ? seconds(r.kcat.cpuMs) : null,
      newestSeconds: seconds(r.newest.ms),
      peakRssMiB: r.peakRssMiB,
    })),
    serverRssMiB: { idle, peak, idle12sAfter: idleAfter },
    ratioToKcat: ratio === undefined ? null : Math.round(ratio * 100) / 100,
    cpuMicrosPerRecord: { console: consoleCpu, kcat: kcatCpu ?? null, ratio: cpuRatio ?? null },
  };
  const results = join(repo, 'tests', 'bench', 'results');
  writeFileSync(join(results, 'search.json'), `${JSON.stringify(result, null, 2)}\n`);
  const table = rows
    .map(
      ([name, records, ms]) =>
        `| ${name} | ${records} | ${seconds(ms)} | ${rate(records, ms).toLocaleString('en')} |`,
    )
    .join('\n');
  writeFileSync(
    join(results, 'search.md'),
    `# Record scan benchmark

\`${[WORKERS ? `WORKERS=${WORKERS}` : '', CPUS ? `CPUS=${CPUS}` : ''].filter(Boolean).join(' ')}${WORKERS || CPUS ? ' ' : ''}node tests/bench/search/run.ts\`, ${result.date}, ${result.machine.cpus} × ${result.machine.model}, Node ${process.version},
the console on ${result.cpusUsed} cores with \`search.workers\` ${result.workers}; load average ${result.loadAverageAtEnd} at the end
(the machine is shared: other processes' load moves these figures, wall time most, CPU time less).
${RECORDS.toLocaleString('en')} JSON records of about ${VALUE_BYTES} bytes in ${PARTITIONS} partitions on the local stack's
single broker (filled in ${result.fillSeconds} s). Every reader below reads the whole topic, in the same run; our
search and kcat ${ROUNDS} times each, alternating, medians shown (rounds in the JSON).

| reader | records | seconds | records/s |
| ------ | ------- | ------- | --------- |
${table}

Console search to kcat: ${ratio === undefined ? 'kcat not installed' : `${result.ratioToKcat} of kcat's records/s (target ≥ 1.2 on 2 cores, ≥ 2 on 4: ${ratio >= 1.2 ? 'met' : 'missed'})`}.
CPU a record (median, OLDEST search against kcat): ${consoleCpu} µs against ${kcatCpu ?? '–'} µs, ${cpuRatio ?? '–'} times kcat's (target ≤ 1.2: ${cpuRatio !== undefined && cpuRatio <= 1.2 ? 'met' : 'missed'}).
Server RSS: ${idle} MiB idle, peak ${peak} MiB over all the searches (target < 200 MiB: ${peak < 200 ? 'met' : 'missed'}); ${idleAfter} MiB 12 s after the last (target < 80 MiB: ${idleAfter < 80 ? 'met' : 'missed'}).

Since issue 39 (2026-11-29): the records are read and tested in worker threads (\`scan/parallel/\`,
\`search.workers\`, by default the cores less one since 2026-11-30, WORKERS here) while the main thread
fetches the next answer; it only counts each answer's records from their batches' headers (the budget
and the cursor need no more, \`kafka/fetch/batches/counted-records.ts\`) and moves the record sets to a worker
without a copy; a set with no record that may match is freed there, the others come back and the main
thread reads again and tests only what a worker kept (only the batches holding those), so the answers are
those of a scan without workers. The main thread frees each answer's memory once its records are tested
(\`kafka/fetch/answer-memory.ts\`, since the afternoon of 2026-11-30: a match keeps a copy of its own
bytes), not when the collector runs: the peak of this bench without workers fell from 161-169 MiB to
132, and a NEWEST search with matches peaked at 124-134 MiB instead of 185-194 with one worker
(search-parallel.md, "Sixth look"). On these 2 cores, shared with the broker, one worker made the plain
search slower than reading it on the main thread in earlier runs, as fast in the last ones, and the
filter expressions faster (search-parallel.md). A plain search over ASCII
values rules a record out from its key's or value's bytes where they lie in the fetch answer
(\`scan/bytes/\`, WebAssembly: the terms looked for 16 positions a step ignoring ASCII case, the bytes
checked to be ASCII 64 a step; a record set copied into its memory once) as the reader reads each batch:
no object is made for a record it rules out, only its offset and size counted (\`kafka/fetch/types.ts\`
RecordScreen, since 2026-11-30; a search of 1M records allocated 46 MB instead of 103; a worker reads so
too). The connection reads each answer straight into memory of its exact size (the library is
patched: docs/dependency-patches.md), so record sets are views of it, not copies out of the socket's
chunks, and that memory comes from malloc's heap (\`MALLOC_MMAP_THRESHOLD_\` 32 MiB, node-flags.ts; at
128 KiB each answer was a fresh mapping: 267,000 page faults a search), trimmed when the server is idle
(\`platform/malloc-trim.ts\`). gzip and zstd batches are decoded into one piece sized from the batch
(tests/bench/results/search-codecs.md).

The slowdown found on 2026-11-29 (0.38 of kcat, 7.2 µs of CPU a record): production set the old
generation's growing factor to 1.5 (\`--heap-growing-percent=50\`, node-flags.ts). Once the start's
lazy loading had brought the live heap to about 20 MB, that left the old generation about 10 MB of room,
and a search ran a full collection every ~80 ms (140 in one search of 1M records, \`--trace-gc\`). At 3
(\`=200\`): 14 full collections over 8 searches, RSS flat at 109 MiB; V8's own factor: 19, peak 145 MiB.

What bounds it (CPU profile of the server, \`SERVER_NODE_ARGS='--cpu-prof …'\`, 2026-11-30, 7 searches
of 1M records, this machine, one worker): the main thread is busy about 0.25 s a search (the socket,
the fetches, the hand-over: moving an answer's memory costs about 50 µs), the worker about 0.28 s, of
which the byte screen more than half and the batch reader a seventh. Without workers (5 searches, same
day): the main thread is busy about 0.6 s a search and idle the rest, waiting on
the broker, which shares the 2 cores. Of the busy time: the byte screen about a quarter (its WebAssembly
a seventh, the rest the calls into it and the copy of each record set into its memory), the batch reader
a tenth, garbage collection 7.5 % (14.5 % before the reader stopped making objects for ruled-out records
and a record shrank from 14 fields to 9), and the rest the plumbing between the socket, the reader and
the scan. On 2026-11-29 (another machine, 1.4 s busy a search): the byte screen a fifth, the batch
reader and garbage collection a tenth each; before that day's changes the socket's 64 KiB chunks and the
copy of each record set out of them were a fifth more.
Record batches are read by our own parser (\`record-batches.ts\`): the library's reader made one object
per record with BigInt fields and was the bound before (0.51 of kcat in the same alternating run).

Memory: the server runs as production runs it: one bundled module (\`packages/server/build.ts\`) and
production's Node flags (\`node-flags.ts\`): 4 MiB semi-spaces (V8's 16 kept RSS 40 MiB higher over the
plain searches, 2026-11-29, for the same rate) and the growing factor above. Allocation-site
pretenuring is off: in 5 of 9 trial runs it moved the objects holding fetch answers to the old
generation early in the first scan, and the process then sat near 290 MiB; off, 0 of 8. The peak rises
over a run's first rounds (146 to 186 MiB on 2026-11-30, 137 to 163 in the run before the reader stopped
making objects for ruled-out records, each round a plain search, a NEWEST one and three filter
expressions): 32 plain searches alone, one after the other, levelled off at 157 MiB. Fetches ask for
512 KB per partition and 2 MB per answer (\`reader.ts\`).

Idle RSS after searches, measured with \`/proc/PID/smaps\`, the node binary's resident pages (pagemap) and
heap snapshots of the idle server (their dominators), 2026-11-30, in scratch runs of the bench's searches:
77.2 to 77.4 MiB once started, before any request; 81.4 to 82.1 after plain searches without workers, 83.3
to 84.2 with one once it has ended, 85.4 to 85.6 after filter searches too (this bench: all three; 89.3 to
90.3 in the same runs before that day's changes). Where it is:

- the node binary's own pages, 47 MiB at start and 49.5 to 50.3 after searches (a bare \`node\` touches 33,
  and 37.6 with the built-in modules the server loads): the optimizing compiler's code (5 MiB),
  WebAssembly's compilers for the byte screen (1 MiB), ICU and the built-ins' sources;
- V8's heap: 19.4 MiB live at start (the bundle's source is 4.2 of it, the bundle's module scope 3.7,
  the router 1.2), 21.4 to 22.4 after searches (optimized code and its feedback);
- malloc's heap 3.3 MiB once trimmed, libc, libm, libstdc++ and koffi 4.2 MiB, an ended worker's arena 1.2 MiB
  and the compiler's code it touched (0.8).

Given back on 2026-11-30: the CEL chunk is let go when idle (2.6 MiB of heap it kept for the process's
life after one filter; \`domain/records/filter-library.ts\`), an error @msgpack/msgpack made as it loaded
no longer holds the bundle's top-level code (1 MiB; \`build/dependencies.ts\`). Tried and left: minifying
the bundle's whitespace (0.8 MiB less, stack traces on one line), minifying it with its names mangled
(\`rolldown/utils\` minifySync, names of functions kept: the source 4.35 to 2.65 MB, 80.6 MiB idle against
82.1 to 82.6 in alternating runs; positions in stack traces no longer readable), more collections when
idle (1.2 MiB), no optimising compiler (\`--max-opt=2\`: 79 MiB idle, but searches twice as slow), no
Maglev (no difference), one malloc arena (the same memory in the main heap) and glibc's cache of thread
stacks turned off (no difference).

Given back later on 2026-11-30, found with heaptrack (what malloc still held in an idle server killed
there, an idle start against one after two searches, \`heaptrack_print --diff\`) and the worker's
\`process.moduleLoadList\`:
- the scan worker started with the scan flags set, so V8 refused Node's cached code for the built-in
  modules a thread loads; the worker compiled them from their source and Node kept each new cache for the
  process's life (0.9 MB of malloc). The flags are V8's defaults while a worker starts
  (\`platform/node-flags.ts\` workerStarting): 0.9 MiB less 12 s after two plain searches;
- the worker loaded node:tls with the chunk it shares with server.js, and loading node:tls starts reading
  the root certificates, kept for the process's life (0.65 MB, more with NODE_EXTRA_CA_CERTS). Those
  chunks' node:tls and node:zlib load on first use too (\`build.ts\`): 1.5 to 2 MiB less after searches;
- the login libraries (ldapts, openid-client, jose, bcryptjs, and @fastify/jwt with its ASN.1 and
  big-number modules, for session tokens, only with security on) and csv-parse load on first use
  (\`http/auth/login/libraries.ts\`): 77.6 to 73.8 MiB once started, server.js 4.36 to 3.91 MB;
- prom-client's process metrics are kept from the first scrape on (\`platform/metrics.ts\`): their event
  loop delay histogram was 0.4 MB of malloc and a timer every 10 ms;
- fastify's default compilers (Ajv's, fast-json-stringify) and @fastify/static's glob, for options the
  console never sets, are left out of the bundle (\`build/dependencies.ts\` NEVER_CALLED): server.js 3.91
  to 3.47 MB;
- V8's baseline compiler is off once the server listens (\`node-flags.ts\` RUNTIME_FLAGS): the code space
  2 MiB after the searches against 1.3, the rates the same.

This bench 12 s after its searches (one worker): 85.2 to 86.2 MiB before these, 80.7 to 81.2 with the
first four, 79.8 to 80.6 with the bundle's leftovers gone, 79.1 to 79.4 (three runs) with the baseline compiler off.
What stays (smaps, start against 12 s after, scratch run of this bench's searches): the node binary's
code the optimizing compiler and the worker's start touched (+2.6 MiB), the main thread's optimized code
and V8 heap (+2 MiB), malloc (+2.7 MiB: Node keeps the code cache a worker's start makes for the built-in
modules its embedded cache lacks, 0.7 MB, and its arena's pages).

\`\`\`json
${JSON.stringify(result, null, 2)}
\`\`\`
`,
  );
  console.log(JSON.stringify(result, null, 2));
} finally {
  await cleanup();
}
