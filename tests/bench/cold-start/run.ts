/**
 * Cold start benchmark (issue "Start in a blink, idle light"): from spawning the process to the first 200
 * on `GET /api/local/topic`, against a bare Node HTTP server (`http.createServer` answering 200) spawned
 * the same way in the same run. Rounds alternate the two; medians are compared. Also the server's RSS after
 * that first topic list, again once it has been idle IDLE_S (default 5) seconds (the server gives back what
 * its start no longer needs 2 s after it listens: src/idle-memory.ts), and after a full search of a topic
 * of SCAN_RECORDS (default 200,000) records of about 1 KB, every 5 s for a minute (IDLE_AFTER_SCAN_S).
 * The machine's load average is sampled every round: on a shared machine wall times stretch with it,
 * CPU times much less.
 *
 *   pnpm build && pnpm stack:up && node tests/bench/cold-start/run.ts
 *   ROUNDS=5 SCAN_RECORDS=0 node tests/bench/cold-start/run.ts      # start-up only
 *   BASELINE=/tmp/old/dist/main.js BASELINE_FLAGS='…' node tests/bench/cold-start/run.ts
 *
 * The console runs as production runs it (the bundle, NODE_FLAGS, NODE_ENV_VARS), with its code cache in a
 * fresh directory per run: a first start writes it, the rounds reuse it. Then as a container's first start:
 * that directory empty, the cache the image carries (`--write-code-cache`, src/start.ts) beside the bundle.
 * Writes tests/bench/results/cold-start.{json,md}.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Admin, Producer } from '@platformatic/kafka';
import { loadConfig } from '../../../packages/server/src/platform/config/load.ts';
import { NODE_ENV_VARS, NODE_FLAGS } from '../../../packages/server/src/platform/node-flags.ts';
import { freePort } from '../../support/console-process.ts';
import { markdownTable } from '../markdown.ts';

const repo = join(import.meta.dirname, '..', '..', '..');
const bundle = join(repo, 'packages', 'server', 'dist', 'main.js');
const ROUNDS = Number(process.env.ROUNDS ?? 9);
const SCAN_RECORDS = Number(process.env.SCAN_RECORDS ?? 200_000);
const IDLE_AFTER_SCAN_S = Number(process.env.IDLE_AFTER_SCAN_S ?? 60);
const IDLE_S = Number(process.env.IDLE_S ?? 5);
/** What the console is asked until it answers 200; ASK=/health measures the start without a broker. */
const ASK = process.env.ASK ?? '/api/local/topic';
/**
 * Another bundle to start the same way (an older build, to compare): BASELINE=/path/to/main.js, with the
 * Node flags production gave it then, BASELINE_FLAGS='--max-semi-space-size=4 …' (else NODE_FLAGS).
 */
const BASELINE = process.env.BASELINE;
const BASELINE_FLAGS = process.env.BASELINE_FLAGS?.split(' ').filter(Boolean) ?? [...NODE_FLAGS];
const configFile = process.env.STACK_CONFIG_FILE ?? join(repo, '.stack', 'console.yaml');
const bootstrap: string =
  loadConfig(['--config', configFile], {}).clusters.local?.properties['bootstrap.servers'] ?? '';
if (!bootstrap) throw new Error(`no cluster 'local' in ${configFile}: run pnpm stack:up first`);
if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run pnpm build first`);

const BARE =
  "require('node:http').createServer((q, s) => s.end('[]')).listen(+process.env.PORT, '127.0.0.1')";
const round1 = (n: number) => Math.round(n * 10) / 10;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const rssMiB = (pid: number) =>
  round1(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024);

type Started = { child: ChildProcess; ms: number; url: string };

/** Spawns `args` and asks `path` every 2 ms until it answers 200: the time from spawn to that answer. */
async function startAndAsk(args: string[], path: string, env: NodeJS.ProcessEnv): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...NODE_ENV_VARS, ...env, PORT: String(port), CONSOLE_SERVER__HOST: '127.0.0.1' },
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`${args.at(-1)} exited before answering`);
    const ok = await fetch(`${url}${path}`).then(
      async (r) => {
        await r.arrayBuffer();
        return r.status === 200;
      },
      () => false,
    );
    if (ok) return { child, ms: performance.now() - started, url };
    if (performance.now() - started > 30_000) throw new Error(`${url}${path} did not answer in 30 s`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/**
 * CPU time the process has used, ms: each thread's from its schedstat, in nanoseconds (the process's stat
 * counts whole 10 ms ticks, a third of the bare server's start).
 */
function cpuMs(pid: number): number {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`))
    ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
  return Math.round(ns / 1e5) / 10;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await gone;
}

const cacheDir = mkdtempSync(join(tmpdir(), 'console-compile-cache-'));
const baselineCacheDir = mkdtempSync(join(tmpdir(), 'console-compile-cache-'));
const consoleArgs = [...NODE_FLAGS, bundle, '--config', configFile];
type Variant = { name: string; args: string[]; path: string; env: NodeJS.ProcessEnv };
const variants: Variant[] = [
  { name: 'bare Node HTTP server', args: ['-e', BARE], path: '/', env: {} },
  {
    name: 'console, compile cache filled',
    args: consoleArgs,
    path: ASK,
    env: { NODE_COMPILE_CACHE: cacheDir },
  },
  {
    name: 'console, no compile cache',
    args: consoleArgs,
    path: ASK,
    env: { NODE_DISABLE_COMPILE_CACHE: '1' },
  },
  ...(BASELINE
    ? [
        {
          name: `baseline bundle (${BASELINE}), compile cache filled`,
          args: [...BASELINE_FLAGS, BASELINE, '--config', configFile],
          path: ASK,
          env: { NODE_COMPILE_CACHE: baselineCacheDir },
        },
      ]
    : []),
];
type Start = { ms: number; cpuMs: number; rssMiB: number };
const starts = new Map<string, Start[]>(variants.map((v) => [v.name, []]));
const idleRss: number[] = [];
const loads: number[] = [loadavg()[0] ?? 0];
let firstStartMs = Number.NaN;
const imageCacheStarts: number[] = [];
try {
  // The compile cache is empty for the first start, as in a fresh container; the server writes its code
  // cache a second after it listens (src/start.ts), and is given that.
  const first = await startAndAsk(consoleArgs, ASK, { NODE_COMPILE_CACHE: cacheDir });
  firstStartMs = first.ms;
  await new Promise((r) => setTimeout(r, 2_000));
  await stop(first.child);
  if (BASELINE) {
    const baseline = await startAndAsk([...BASELINE_FLAGS, BASELINE, '--config', configFile], ASK, {
      NODE_COMPILE_CACHE: baselineCacheDir,
    });
    await new Promise((r) => setTimeout(r, 2_000));
    await stop(baseline.child);
  }
  for (let round = 1; round <= ROUNDS; round++) {
    const line: string[] = [];
    for (const v of variants) {
      const s = await startAndAsk(v.args, v.path, v.env);
      const pid = s.child.pid ?? 0;
      const start = { ms: s.ms, cpuMs: cpuMs(pid), rssMiB: rssMiB(pid) };
      if (v.name === 'console, compile cache filled') {
        await new Promise((r) => setTimeout(r, IDLE_S * 1000));
        idleRss.push(rssMiB(pid));
      }
      await stop(s.child);
      starts.get(v.name)?.push(start);
      line.push(`${v.name} ${Math.round(start.ms)} ms (CPU ${start.cpuMs} ms, ${start.rssMiB} MiB)`);
    }
    loads.push(loadavg()[0] ?? 0);
    console.log(`round ${round}: ${line.join('; ')}; idle ${idleRss.at(-1)} MiB; load ${loads.at(-1)}`);
  }
  // A container's first start: its own cache directory empty, the cache its image carries beside the
  // bundle (the Dockerfile runs --write-code-cache with the same flags).
  const made = spawnSync(
    process.execPath,
    [...NODE_FLAGS, bundle, '--write-code-cache', '--config', configFile],
    {
      env: { ...process.env, ...NODE_ENV_VARS, PORT: '0' },
      stdio: 'ignore',
    },
  );
  if (made.status !== 0) throw new Error(`--write-code-cache exited with ${made.status}`);
  for (let round = 1; round <= ROUNDS; round++) {
    const empty = mkdtempSync(join(tmpdir(), 'console-compile-cache-'));
    const s = await startAndAsk(consoleArgs, ASK, { NODE_COMPILE_CACHE: empty });
    imageCacheStarts.push(s.ms);
    await stop(s.child);
    rmSync(empty, { recursive: true, force: true });
  }
} finally {
  rmSync(cacheDir, { recursive: true, force: true });
  rmSync(baselineCacheDir, { recursive: true, force: true });
  rmSync(join(bundle, '..', 'code-cache'), { recursive: true, force: true });
}

/** RSS after a full search of a topic of SCAN_RECORDS records of ~1 KB, every 5 s for IDLE_AFTER_SCAN_S. */
async function afterScan(): Promise<{ peak: number; samples: number[] } | undefined> {
  if (SCAN_RECORDS <= 0) return undefined;
  const admin = new Admin({ clientId: 'bench-cold-start', bootstrapBrokers: bootstrap.split(',') });
  const topic = `bench-cold-start-${Date.now().toString(36)}`;
  let server: Started | undefined;
  try {
    await admin.createTopics({ topics: [topic], partitions: 6, replicas: 1 });
    const producer = new Producer({ clientId: 'bench-cold-start', bootstrapBrokers: bootstrap.split(',') });
    const pad = 'x'.repeat(880);
    for (let start = 0; start < SCAN_RECORDS; start += 3000) {
      const messages = [];
      for (let i = start; i < Math.min(SCAN_RECORDS, start + 3000); i++)
        messages.push({ topic, partition: i % 6, value: Buffer.from(`{"id":${i},"note":"${pad}"}`) });
      await producer.send({ messages });
    }
    await producer.close();
    server = await startAndAsk(consoleArgs, '/api/local/topic', {
      CONSOLE_TOPIC_DATA__SCAN_MAX_RECORDS: '100000000',
      CONSOLE_TOPIC_DATA__SCAN_MAX_BYTES: String(64 * 1024 ** 3),
      CONSOLE_TOPIC_DATA__SCAN_MAX_MS: '3600000',
    });
    const res = await fetch(
      `${server.url}/api/local/topic/${topic}/data/search?searchByValue=no-such-needle_C`,
    );
    const text = await res.text();
    if (!text.includes('"reason":"end"')) throw new Error('the search did not read the topic to its end');
    const pid = server.child.pid ?? 0;
    const peak = round1(
      Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024,
    );
    const samples = [rssMiB(pid)];
    for (let s = 5; s <= IDLE_AFTER_SCAN_S; s += 5) {
      await new Promise((r) => setTimeout(r, 5_000));
      samples.push(rssMiB(pid));
    }
    return { peak, samples };
  } finally {
    if (server) await stop(server.child);
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.close();
  }
}
const scan = await afterScan();

const medians = variants.map((v) => {
  const list = starts.get(v.name) ?? [];
  return {
    name: v.name,
    ms: Math.round(median(list.map((x) => x.ms))),
    cpuMs: median(list.map((x) => x.cpuMs)),
    rssMiB: median(list.map((x) => x.rssMiB)),
  };
});
const [bare, warm] = medians as [(typeof medians)[0], (typeof medians)[0]];
const ratio = Math.round((warm.ms / bare.ms) * 100) / 100;
const cpuRatio = Math.round((warm.cpuMs / bare.cpuMs) * 100) / 100;
// Each round's two starts are seconds apart: their ratio leaves out how the machine's speed drifts
// between rounds (the same build's start varied from 150 to 250 ms within minutes).
const bareStarts = starts.get(bare.name) ?? [];
const roundRatios = (starts.get(warm.name) ?? []).map((s, i) => s.ms / (bareStarts[i]?.ms ?? Number.NaN));
const roundRatio = Math.round(median(roundRatios) * 100) / 100;
const rss = median(idleRss);
const settled = scan?.samples.at(-1);
const result = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    load: loadavg()[0] ?? 0,
    loadMin: Math.min(...loads),
    loadMax: Math.max(...loads),
  },
  asked: ASK,
  rounds: ROUNDS,
  firstStartEmptyCacheMs: Math.round(firstStartMs),
  firstStartImageCacheMs: Math.round(median(imageCacheStarts)),
  medians,
  ratio,
  roundRatio,
  cpuRatio,
  rssAtFirstAnswerMiB: warm.rssMiB,
  idleS: IDLE_S,
  rssMiB: rss,
  afterScan: scan
    ? {
        records: SCAN_RECORDS,
        peakMiB: scan.peak,
        rss: scan.samples.map((rssMiB, i) => ({ second: i * 5, rssMiB })),
      }
    : null,
  target: {
    ratioAtMost4: ratio <= 4,
    rssAtMost75: rss <= 75,
    under100WithinAMinuteOfAScan: settled === undefined ? null : settled < 100,
  },
};
const met = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? 'met' : 'missed');
const results = join(repo, 'tests', 'bench', 'results');
writeFileSync(join(results, 'cold-start.json'), `${JSON.stringify(result, null, 2)}\n`);
writeFileSync(
  join(results, 'cold-start.md'),
  [
    '# Cold start benchmark',
    '',
    `\`node tests/bench/cold-start/run.ts\`, ${result.date}, ${result.machine.cpus} × ${result.machine.cpu}, Node ${result.machine.node}.`,
    `From spawning the process to the first 200: the console (the production bundle and Node flags) on`,
    `\`GET ${ASK}\` against the local stack, a bare \`http.createServer\` on \`GET /\`, in turn, ${ROUNDS} rounds,`,
    `medians; load average ${result.machine.loadMin.toFixed(1)} to ${result.machine.loadMax.toFixed(1)} through the rounds (2 cores shared with other`,
    `work: wall times stretch with the load, CPU times much less, so the CPU ratio is the steadier figure). The console runs with its code cache`,
    '(src/start.ts: V8 code of every function the start ran, written a second after the first start, which the',
    'bench waits for) and again with caches off (`NODE_DISABLE_COMPILE_CACHE=1`: every function compiled anew).',
    '',
    ...markdownTable([
      ['started', 'to first 200, median', 'CPU used by then, median', 'RSS then, median'],
      ...medians.map((m) => [m.name, `${m.ms} ms`, `${m.cpuMs} ms`, `${m.rssMiB} MiB`]),
    ]),
    '',
    ...markdownTable([
      ['figure', 'value'],
      [
        'console (cache filled) to bare, wall time',
        `${ratio} (target ≤ 4: ${met(result.target.ratioAtMost4)})`,
      ],
      [
        "console (cache filled) to bare, median of the rounds' ratios (each round's starts seconds apart)",
        `${roundRatio}`,
      ],
      ['console (cache filled) to bare, CPU time', `${cpuRatio}`],
      ['console, first start (cache empty)', `${result.firstStartEmptyCacheMs} ms`],
      [
        "console, first start with the image's cache (its own directory empty), median",
        `${result.firstStartImageCacheMs} ms`,
      ],
      [`RSS at the first answer to ${ASK}`, `${warm.rssMiB} MiB`],
      [
        `RSS after it and ${IDLE_S} s idle, median`,
        `${rss} MiB (target ≤ 75: ${met(result.target.rssAtMost75)})`,
      ],
      ...(scan
        ? [
            [
              `RSS peak during a full search of ${SCAN_RECORDS.toLocaleString('en')} records`,
              `${scan.peak} MiB`,
            ],
            [
              'RSS after it, every 5 s for a minute',
              `${scan.samples.join(', ')} MiB (target < 100 within a minute: ${met(result.target.under100WithinAMinuteOfAScan)})`,
            ],
          ]
        : []),
    ]),
    '',
    `What the start costs and what was done (\`node --cpu-prof\`, 100 µs samples, and \`/proc/PID/smaps\`):`,
    '',
    `- 2026-11-25, before the start-up work, about 1,450 ms of CPU to the first topic list: Ajv compiling`,
    `  @platformatic/kafka's 40 option validators at load (345 ms, now compiled on first use, build.ts), compiling`,
    `  the 5.5 MB bundle (200 ms), the login decoy's bcrypt hash at load (130 ms, now lazy), UTF-8 decoding (35`,
    `  ms: chunks are written ASCII-only). undici, the schema registry's parsers, the CEL \`filter\` library with`,
    `  its Protobuf descriptors and the Avro/Protobuf parsers of \`deserialization\` files load on first use.`,
    `- 2026-11-26, session 12 (332 ms, CPU 360 ms): Node's compile cache is taken when a module is compiled,`,
    `  before it runs, so it held the module tops only; each start still compiled every function it ran on its`,
    '  first call. The bundle is now CommonJS, run by `dist/main.js` through `vm.Script` with a V8 code cache',
    '  taken a second after the first start: every function the start and the first requests ran (2.5 MB, about',
    '  25 ms to read back). Per bundle hash, Node version and flags; refused (other V8, other flags, damage), it',
    '  is written again; only in a directory this user owns and nobody else may write (integration test).',
    `- Not loaded at start any more (build.ts): @platformatic/kafka's schema registry client (avsc and two Ajv`,
    `  instances), its own Ajv (built on first use), fastify's Ajv and fast-json-stringify compilers (fastify`,
    "  gets zod's from its options, app.ts), node:http2 (about 10 ms), the Kafka WebAssembly (compiled with the",
    '  first produce or compressed batch). JSDoc comments are out of the bundle (3.95 to 3.63 MB of source).',
    '- Sessions 12 to 14 turned TurboFan off until the code cache was written (its first use maps about 6 MiB',
    '  of the node binary); session 15 no longer does, see below.',
    "- Session 14 (the baseline row above is session 13, built and started the same way): fastify's router",
    '  (find-my-way) built three functions with `new Function` for each route it added, about 1,000 at every',
    '  start (11 ms to construct them; code made so is in no code cache). Prefix matches are now `startsWith`,',
    '  the other two are compiled on their first call (build/dependencies.ts; an integration test routes the',
    '  bundle through parameters, shared prefixes, HEAD and near misses). No longer loaded at start:',
    "  node:https (fastify), node:tls (the Kafka and LDAP clients), prom-client's cluster aggregator and",
    "  Pushgateway, semver (fastify's plugin version checks: a `5.x` range against a 5.x.y release is decided",
    '  without it; its first range compiled regular expressions of bounded repeats, 5 ms). The Kafka',
    "  library's ~260 promisified protocol calls are made on first use (3 ms); the config is parsed without",
    "  zod's compiled fast path (5 ms).",
    '- Session 15 (the baseline row is session 14, started with the flags production gave it then):',
    "  - V8 keeps a hash of its flags with cached code and refuses code cached under another hash. Node's",
    "    built-in modules carry code compiled under the default flags: with production's three V8 flags on the",
    '    command line, and `--no-turbofan` set for the start, every built-in the server loaded was compiled',
    '    from its source (node:http 9 ms instead of 2.5; about 18 ms of a start). Only the semi-space size',
    '    stays on the command line (read once, when the heap is set up), and main.js puts it back to its',
    '    default before it loads anything else; the scan flags are set while server.js is compiled with its',
    '    cache (written with them set) and once the server listens. TurboFan stays on: idle RSS 73 MiB',
    '    instead of 67 (its code pages in the node binary), under the 75 asked.',
    '  - The first line number read from a stack frame in the bundle has V8 index the lines of its 3.6 MB',
    "    (5.5 ms). pino read one at every start (`util.getCallSites`, for transports), http-errors' depd",
    '    another: pino reads file names only now, and @fastify/send (with http-errors, depd and mime: 12 ms)',
    "    loads with the first file the UI asks for. @fastify/static's node:fs/promises (3 ms, readline with",
    "    it) and @fastify/swagger's resolver (1.3 ms) load on first use, node:assert when a dependency's",
    "    argument check fails (2 ms), node:zlib with Kafka's first gzip or zstd batch (1 ms; all in",
    '    build/dependencies.ts).',
    "  - The chunks server.js required at its top (rolldown's runtime, and Ajv, the wire format and the",
    "    errors it shares with the chunks loaded later; Node's compile cache held their top level only) are",
    "    written into it, so its code cache holds them, and registered in Node's module cache for the",
    '    chunks loaded later (build/start-chunks.ts): 3 to 7 ms.',
    '  - HEAD is routed as the GET of its path (src/head-as-get.ts) instead of fastify adding a HEAD route',
    "    for each GET (about 170 routes, 11 ms); AKHQ's state-changing GETs still answer HEAD 404.",
    '- Session 16 (the baseline row is session 15): evaluating the bundle built every zod schema of the',
    '  contract, 1,878 of the 2,528 a start made (20 to 27 ms). Its object, array and union schemas are now',
    '  built the first time something parses with them or documents them (contract/src/common/',
    "  on-first-use.ts: zod's lazy schema, built once): 596 at load; the first topic list builds its own (1 to",
    '  2 ms more for that request); the OpenAPI document builds the rest first, the same document as before',
    '  with its components listed by name (in the order built they would follow the requests served before',
    '  it). Evaluating the bundle 57 ms to 38 (marks, medians of 8 starts); to the first answer 135 ms',
    '  against 146 for session 15 in one run of 25 rounds, 132 against 140 in the committed one.',
    '- What remains (`performance.now()` marks in copies of the bundle, 5 to 10 starts, typical values;',
    '  session 16): Node until dist/main.js runs 18-24 ms, as for the bare server; main.js 8-10 ms (node:v8,',
    "  loaded under the command line's flag to put it back, 5.5 of them: 1.7 without the flag, the streams",
    '  it loads are compiled from source under it); reading the code cache 1.5-2 ms and the source 4-6, V8',
    '  deserializing 2.1 MB of code 12; evaluating the bundle 38-40 ms (zod: 596 schemas of the contract and',
    "  590 of the config, with zod's first use of each of its classes, about 15; fastify 6-8; the Kafka",
    '  library 4-5); the config 5 ms; building the app 22-30 ms (fastify with its pino logger 3.7, auth 4,',
    "  routes 12); listening 8-10 ms (fastify's ready 3-4; from Node's listen to its `listening` 6-7, as in",
    '  the bare server); the first topic list 11-14 ms (routing, hooks, validation with the schemas it builds',
    '  3.4, the TCP connection 2, ApiVersions 1, Metadata 1, the page and its answer 2.3: the',
    "  library's diagnostics channels). Seven young-generation collections, 10-12 ms, in which nearly",
    '  everything survives. Wall times of the same',
    '  build vary by a quarter between rounds and by more between hours on this machine: compare rows of',
    '  one run only.',
    '- Tried, not kept: a V8 startup snapshot (`node --build-snapshot`), which would skip module evaluation.',
    '  Node 22.23 and 24.21 abort building one once the script loads `node:http` or `node:tls` (their',
    '  bindings keep handles a snapshot cannot hold: `global handle not serialized`), which fastify and',
    "  light-my-request need at load (light-my-request extends http's classes). zod and the contract alone",
    '  from a snapshot start in 20 ms against 50 to evaluate them (no code cache), but such a snapshot holds',
    '  what module tops read when it was built (environment, TTY, clock, random pools) and runs only under',
    '  `--snapshot-blob` with the very Node that built it. Opening the Kafka connection while the app is',
    '  built: no change (250 against 254 ms). Allocation-site pretenuring during the start: no faster. The',
    '  bundle wrapped as a function at build time rather than at start (no 3.6 MB concatenation): 5.6 MiB',
    '  less at the first answer but 15-20 ms slower, twice measured.',
    "  `--initial-old-space-size=64`: within the noise, 4 MiB more at the first answer. zod's `jitless`",
    '  mode for all parsing, a larger or fixed young generation, `MALLOC_ARENA_MAX=1` or `2` (0.5 MiB less),',
    '  a depd that reads no line numbers (pino read one anyway: session 15): no change beyond the noise.',
    "  Session 15 (main thread's CPU from /proc/PID/schedstat, 21 to 31 alternating starts): zod's",
    '  `jitless` mode again, semi-spaces starting at 2 or 4 MiB or capped at 8, the Kafka connection opened',
    "  while the app is built or once fastify is ready (166 ms against 166), avvio's plugin timeout off, the",
    "  route plugins registered without awaiting each, the config's LDAP, OIDC, OAuth2 and header-auth",
    '  schemas made on first use (`z.lazy`): within the noise. The built-ins the start needs loaded first and TurboFan then turned off: 10% slower (the',
    '  built-ins Node loads inside them later are still refused). The bundle wrapped at build time again:',
    '  19% slower. A snapshot of zod and the contract alone: Node starts in 39 ms with it against 18',
    '  without, about what evaluating them with the code cache costs. Earlier: `--max-semi-space-size=1` (7',
    '  MiB less at the first answer, 50 ms more CPU), `--v8-pool-size=1`, `--lite-mode` (the server does not',
    '  start). Session 16 (16 alternating starts each): every cluster connected once the server is ready',
    '  (a Metadata request for no topic; 0.7% faster) or while the app is built (2.2%), within the noise, so',
    '  the console still connects on first use; the bundle wrapped at build time a third time: 4.6% slower;',
    "  without `MALLOC_MMAP_THRESHOLD_`: the same. node:v8 stays: `process.binding('v8')` would spare",
    '  its 3.8 ms under the flag, but Node prints a deprecation warning for it.',
    '',
    `Where the memory goes (\`/proc/PID/smaps\`, idle after the first topic list, about 73 MiB): 45 MiB are`,
    `pages of the node binary (file-backed: the bare server touches 38 MiB of them, TurboFan's code about 5),`,
    `22 MiB anonymous: the JS heap after the memory-reducing collection the server runs 2 s after it listens`,
    `(src/idle-memory.ts: 16 MiB old generation, the 3.6 MB bundle source, 2 MiB of bytecode), malloc, thread`,
    `stacks. After a full scan the same collection runs once no scan is left, and`,
    `\`MALLOC_MMAP_THRESHOLD_=131072\` (production's environment, node-flags.ts) has glibc map and unmap the`,
    `fetch answers instead of keeping their pages in its heap.`,
    '',
    '```json',
    JSON.stringify(result, null, 2),
    '```',
    '',
  ].join('\n'),
);
console.log(JSON.stringify(result, null, 2));
