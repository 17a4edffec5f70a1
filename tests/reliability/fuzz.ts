// Bad input: schemathesis (from PyPI) against the OpenAPI document of the real server on the real stack.
// `node tests/reliability/fuzz.ts [max-examples] [seed]` prints the figures RESULTS.md quotes;
// fuzz.test.ts runs a short version in CI.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/platform/config/load.ts';
import { request } from '../support/app.ts';
import { testKafka } from '../support/kafka.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VENV = join(ROOT, '.cache', 'schemathesis');
const ST = join(VENV, 'bin', 'st');
const LIB = join(ROOT, '.cache', 'schemathesis-lib');
export const SCHEMATHESIS = 'schemathesis==4.32.5';
const OUT = join(ROOT, 'test-output', 'fuzz');

type Runner = { command: string; args: string[]; pythonPath: string[] };

function run(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0;
}

/**
 * Schemathesis from PyPI, installed the first time: into a venv under .cache, or, where Python has no
 * venv module, with `pip install --target` as the stack installs its Java runtime.
 */
export function ensureSchemathesis(): Runner {
  const bare = { command: 'python3', args: ['-m', 'schemathesis.cli'], pythonPath: [LIB] };
  if (existsSync(ST)) return { command: ST, args: [], pythonPath: [] };
  if (existsSync(join(LIB, 'schemathesis'))) return bare;
  if (
    run('python3', ['-m', 'venv', VENV]) &&
    run(join(VENV, 'bin', 'pip'), ['install', '--quiet', SCHEMATHESIS])
  )
    return { command: ST, args: [], pythonPath: [] };
  const pip = [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    '--target',
    LIB,
    SCHEMATHESIS,
  ];
  if (!run('python3', pip)) throw new Error(`could not install ${SCHEMATHESIS}: install Python 3 with pip`);
  return bare;
}

export type Finding = { method: string; url: string; status: number; body: string };
export type FuzzResult = {
  command: string;
  seconds: number;
  /** Requests the server answered for generated cases, by status. */
  requests: number;
  byStatus: Record<string, number>;
  operations: number;
  serverErrors: Finding[];
  unnamedBadRequests: Finding[];
  /** Schemathesis's own verdict (exit code 0: no check failed). */
  schemathesisExit: number | null;
  schemathesisTail: string;
};

/** True when a 400 answer names the field: a `fields` list whose entries each carry a `field`. */
export function namesField(body: string): boolean {
  try {
    const fields = (JSON.parse(body) as { fields?: { field?: unknown }[] }).fields;
    return (
      Array.isArray(fields) &&
      fields.length > 0 &&
      fields.every((f) => typeof f.field === 'string' && f.field)
    );
  } catch {
    return false;
  }
}

type Created = { topics: Set<string>; subjects: Set<string>; connectors: Set<string> };

/** Watches every answer: tallies statuses, keeps the bad ones, remembers what generated writes created. */
function watch(app: Awaited<ReturnType<typeof buildApp>>, result: FuzzResult, created: Created) {
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/openapi.json')) return payload;
    const status = reply.statusCode;
    result.requests++;
    result.byStatus[status] = (result.byStatus[status] ?? 0) + 1;
    const body = typeof payload === 'string' ? payload : '';
    const finding = { method: request.method, url: url.slice(0, 300), status, body: body.slice(0, 500) };
    if (status >= 500) result.serverErrors.push(finding);
    if (status === 400 && !namesField(body)) result.unnamedBadRequests.push(finding);
    if (request.method === 'POST' && status < 300) {
      const sent = (request.body ?? {}) as { name?: unknown; subject?: unknown };
      const route = request.routeOptions.url ?? '';
      if (route === '/api/:cluster/topic' && typeof sent.name === 'string') created.topics.add(sent.name);
      if (route === '/api/:cluster/schema' && typeof sent.subject === 'string')
        created.subjects.add(sent.subject);
      if (route === '/api/:cluster/connect/:connectId' && typeof sent.name === 'string')
        created.connectors.add(sent.name);
    }
    return payload;
  });
}

/** Removes what generated writes created, so the shared stack keeps only other tests' objects. */
async function removeCreated(url: string, created: Created) {
  const call = (path: string) => request(`${url}${path}`, { method: 'DELETE' }).catch(() => undefined);
  for (const topic of created.topics) await call(`/api/local/topic/${encodeURIComponent(topic)}`);
  for (const subject of created.subjects) await call(`/api/local/schema/${encodeURIComponent(subject)}`);
  for (const name of created.connectors) await call(`/api/local/connect/local/${encodeURIComponent(name)}`);
}

/**
 * The document and the server agree both ways: a request it allows is not refused as bad input
 * (positive_data_acceptance), and every answer has a documented status, media type and shape.
 */
export const CHECKS = [
  'not_a_server_error',
  'bad_request_names_the_field',
  'positive_data_acceptance',
  'status_code_conformance',
  'response_schema_conformance',
  'content_type_conformance',
];

/**
 * Points generated path parameters at real objects most of the time, so cases reach the code behind the
 * cluster and topic lookups instead of stopping at 404; deleting a topic only ever aims at a missing one.
 */
function schemathesisConfig(topic: string): string {
  const real = (name: string, dictionary: string, probability: number) =>
    `"path.${name}" = { dictionary = "${dictionary}", probability = ${probability} }`;
  return [
    // No state kept between runs: each run stands on its own (and writes nothing into the tree).
    'cache.enabled = false',
    // Names only from generation and the dictionaries: never another test's topic seen in an answer.
    ...['examples', 'coverage', 'fuzzing'].map(
      (phase) => `phases.${phase}.extra-data-sources.responses = false`,
    ),
    // Only CHECKS (set here, not with --checks, which would override the operations' settings).
    '[checks]',
    'enabled = false',
    ...CHECKS.map((check) => `${check}.enabled = true`),
    '[dictionaries.clusters]',
    'values = ["local"]',
    '[dictionaries.topics]',
    `values = ["${topic}"]`,
    '[parameters]',
    real('cluster', 'clusters', 0.9),
    real('toCluster', 'clusters', 0.9),
    real('connectId', 'clusters', 0.9),
    real('ksqlDbId', 'clusters', 0.9),
    real('topic', 'topics', 0.6),
    real('toTopic', 'topics', 0.3),
    '[[operations]]',
    'include-name = "DELETE /api/{cluster}/topic/{topic}"',
    'parameters = { "path.topic" = "fuzz-no-such-topic" }',
    // Cluster-wide writes (a default quota would throttle every client of the shared broker, an ACL
    // outlives the run): generated ones aim at a cluster that does not exist.
    ...['POST /api/{cluster}/quotas', 'POST /api/{cluster}/acls', 'DELETE /api/{cluster}/acls'].flatMap(
      (name) => [
        '[[operations]]',
        `include-name = "${name}"`,
        'parameters = { "path.cluster" = "fuzz-no-such-cluster" }',
      ],
    ),
    // With multiMessage every non-blank line of `value` must hold a match of `keyValueSeparator`, a
    // JavaScript regex: a rule between two fields' contents that no JSON Schema can state.
    '[[operations]]',
    'include-name = "POST /api/{cluster}/topic/{topic}/data"',
    'checks.positive_data_acceptance.enabled = false',
    // Rules between fields too: exactly one of subject and template, a count or a rate with a duration
    // (generate); a window of at most 31 days from range, from, to and step (broker metrics); and an
    // import's body is a file of records, which the document can only call a string; what a connector's
    // offsets may hold is its plugin's to say; a selection or a range, a header or topic named by its rule
    // (redrive, replay); a timestamp only with to=TIMESTAMP (a Streams app's reset); one of topic, node and
    // q (the data-flow map).
    ...[
      'POST /api/{cluster}/topic/{topic}/data/generate',
      'GET /api/{cluster}/node/{id}/metrics',
      'POST /api/{cluster}/topic/{topic}/data/import',
      'PATCH /api/{cluster}/connect/{connectId}/{name}/offsets',
      'POST /api/{cluster}/topic/{topic}/data/redrive',
      'POST /api/{cluster}/topic/{topic}/data/replay',
      'POST /api/{cluster}/streams-group/{group}/offsets',
      'GET /api/{cluster}/topology',
    ].flatMap((name) => [
      '[[operations]]',
      `include-name = "${name}"`,
      'checks.positive_data_acceptance.enabled = false',
    ]),
    '',
  ].join('\n');
}

export type FuzzOptions = {
  maxExamples: number;
  seed?: number;
  maxTimeSeconds?: number;
  workers?: number;
  /** Schemathesis phases; the coverage phase alone makes about 2,000 boundary cases. */
  phases?: string;
};

/** Starts the server on the stack, runs schemathesis over every operation, and stops the server. */
export async function fuzz(options: FuzzOptions): Promise<FuzzResult> {
  const configFile = process.env.STACK_CONFIG_FILE ?? join(ROOT, '.stack', 'console.yaml');
  const config = loadConfig(['--config', configFile], {});
  const local = config.clusters.local;
  if (!local) throw new Error(`${configFile} has no cluster local`);
  process.env.KAFKA_BOOTSTRAP ??= local.properties['bootstrap.servers'];
  const runner = ensureSchemathesis();
  mkdirSync(OUT, { recursive: true });

  const kafka = testKafka();
  const topic = await kafka.createTopic(2);
  await kafka.produce(topic, [
    { partition: 0, key: 'k', value: '{"a": 1}' },
    { partition: 1, value: 'plain text' },
  ]);
  const logLines: string[] = [];
  const app = await buildApp(config, { logStream: { write: (line) => logLines.push(line) } });
  const result: FuzzResult = {
    command: '',
    seconds: 0,
    requests: 0,
    byStatus: {},
    operations: 0,
    serverErrors: [],
    unnamedBadRequests: [],
    schemathesisExit: null,
    schemathesisTail: '',
  };
  const created: Created = { topics: new Set(), subjects: new Set(), connectors: new Set() };
  watch(app, result, created);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const openapi = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
    paths: Record<string, object>;
  };
  result.operations = Object.values(openapi.paths).reduce((n, item) => n + Object.keys(item).length, 0);

  const configPath = join(OUT, 'schemathesis.toml');
  writeFileSync(configPath, schemathesisConfig(topic));
  const args = [
    '--config-file',
    configPath,
    'run',
    `${url}/api/openapi.json`,
    '--max-examples',
    String(options.maxExamples),
    '--workers',
    String(options.workers ?? 2),
    '--request-timeout',
    '30',
    '--phases',
    options.phases ?? 'examples,coverage,fuzzing',
    '--suppress-health-check',
    'all',
    '--no-shrink',
    '--continue-on-failure',
    '--report',
    'junit',
    '--report-dir',
    OUT,
    ...(options.seed !== undefined ? ['--seed', String(options.seed)] : []),
    ...(options.maxTimeSeconds ? ['--max-time', String(options.maxTimeSeconds)] : []),
  ];
  result.command = `SCHEMATHESIS_HOOKS=fuzz_hooks st ${args.join(' ').replace(url, '<server>')} (checks: ${CHECKS.join(', ')})`;
  const started = performance.now();
  try {
    const child = spawn(runner.command, [...runner.args, ...args], {
      env: {
        ...process.env,
        SCHEMATHESIS_HOOKS: 'fuzz_hooks',
        PYTHONPATH: [fileURLToPath(new URL('.', import.meta.url)), ...runner.pythonPath].join(':'),
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    result.schemathesisExit = await new Promise<number | null>((resolve) => child.on('close', resolve));
    writeFileSync(join(OUT, 'schemathesis.txt'), output);
    result.schemathesisTail = output.split('\n').slice(-40).join('\n');
  } finally {
    result.seconds = Math.round((performance.now() - started) / 100) / 10;
    writeFileSync(join(OUT, 'server.log'), logLines.join(''));
    await removeCreated(url, created);
    await app.close();
    // A generated write may have removed the topic already.
    await kafka.cleanup().catch(() => undefined);
  }
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = readFileSync(join(ROOT, '.stack', 'env'), 'utf8');
  for (const line of env.split('\n')) {
    const [key, value] = line.split('=');
    if (key && value) process.env[key] ??= value;
  }
  const result = await fuzz({
    maxExamples: Number(process.argv[2] ?? 30),
    seed: process.argv[3] ? Number(process.argv[3]) : undefined,
  });
  console.log(JSON.stringify({ ...result, schemathesisTail: undefined }, null, 2));
  console.log(result.schemathesisTail);
  process.exit(result.serverErrors.length || result.unnamedBadRequests.length ? 1 : 0);
}
