// The metrics stack: one Kafka 4.4.0 broker (KRaft, as versions/ runs it) with the Prometheus JMX exporter
// as a Java agent serving the exporter's Kafka example names, and Debian's `prometheus` scraping it every
// SCRAPE_SECONDS, all on free loopback ports, everything in <stackDir>/metrics/. The state is written as
// each process starts so a failed or interrupted start can still be stopped by pid. Callers hold the lock.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jvmOptions, writeProperties } from '../components/jvm.ts';
import { newClusterId } from '../components/kafka.ts';
import { logsDir } from '../paths.ts';
import { freePorts } from '../ports.ts';
import { kafkaAnswers, waitUntil } from '../probes.ts';
import { isRunning, type ProcessRef, spawnDetached, stopProcess } from '../processes.ts';
import { ensureRelease } from '../versions/fetch.ts';
import { formatStorage, kraftProperties } from '../versions/kraft.ts';
import { serverLogging } from '../versions/logging.ts';
import { javaBinary, libsDir, MAIN_VERSION, release } from '../versions/release.ts';
import { ensureAgent, prometheusVersion } from './fetch.ts';
import {
  kafkaLog,
  kafkaOut,
  metricsDir,
  metricsStateFile,
  prometheusBinary,
  prometheusLog,
  rulesFile,
  SCRAPE_JOB,
  SCRAPE_SECONDS,
} from './settings.ts';

type Log = (line: string) => void;
const START_TIMEOUT_MS = 120_000;

export interface MetricsState {
  startedAt: string;
  /** `cli` runs until `stack:down`; `tests` stops when the last test lets go (tests/support/metrics-stack.ts). */
  startedBy: 'cli' | 'tests';
  clusterId: string;
  bootstrap: string;
  prometheusUrl: string;
  /** The agent's own endpoint, `/metrics` in Prometheus' text format. */
  exporterUrl: string;
  ports: { broker: number; controller: number; exporter: number; prometheus: number };
  processes: { kafka?: ProcessRef; prometheus?: ProcessRef };
}

export function readMetrics(): MetricsState | undefined {
  if (!existsSync(metricsStateFile)) return undefined;
  try {
    return JSON.parse(readFileSync(metricsStateFile, 'utf8')) as MetricsState;
  } catch {
    return undefined;
  }
}

export const saveMetrics = (state: MetricsState) =>
  writeFileSync(metricsStateFile, `${JSON.stringify(state, null, 2)}\n`);

async function answers(url: string, check: (body: string) => boolean): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    return response.ok && check(await response.text());
  } catch {
    return false;
  }
}

/** Prometheus has scraped the broker's exporter at least once, successfully (`up` is 1). */
const scraped = (state: MetricsState) =>
  answers(
    `${state.prometheusUrl}/api/v1/query?query=${encodeURIComponent(`up{job="${SCRAPE_JOB}"}`)}`,
    (body) => /"value":\[[\d.]+,"1"\]/.test(body),
  );

/** Both processes are ours and alive, the broker serves Metadata with our id, Prometheus is ready. */
export async function metricsAnswer(state: MetricsState): Promise<boolean> {
  const { kafka, prometheus } = state.processes;
  if (!kafka || !isRunning(kafka) || !prometheus || !isRunning(prometheus)) return false;
  const [broker, ready] = await Promise.all([
    kafkaAnswers(state.bootstrap, state.clusterId),
    answers(`${state.prometheusUrl}/-/ready`, () => true),
  ]);
  return broker && ready;
}

/** Stops Prometheus, then the broker, and removes <stackDir>/metrics; the logs stay. */
export async function stopMetrics(log: Log, graceMs = 20_000): Promise<void> {
  const state = readMetrics();
  for (const name of ['prometheus', 'kafka'] as const) {
    const ref = state?.processes[name];
    if (ref) log(`metrics ${name}: ${await stopProcess(ref, graceMs)} (pid ${ref.pid})`);
  }
  rmSync(metricsDir, { recursive: true, force: true });
}

async function startBroker(state: MetricsState, agent: string, log: Log): Promise<void> {
  const rel = release(MAIN_VERSION);
  const dir = join(metricsDir, 'kafka');
  mkdirSync(dir, { recursive: true });
  const properties = join(dir, 'server.properties');
  writeProperties(properties, {
    ...kraftProperties(dir, state.ports),
    'num.partitions': 1,
    'auto.create.topics.enable': 'false',
    'offsets.topic.replication.factor': 1,
    'offsets.topic.num.partitions': 1,
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    'share.coordinator.state.topic.replication.factor': 1,
    'share.coordinator.state.topic.min.isr': 1,
    'group.initial.rebalance.delay.ms': 0,
    'super.users': 'User:ANONYMOUS',
  });
  const jvm = [
    ...jvmOptions(process.env.STACK_VERSION_HEAP ?? '256m', dir),
    serverLogging(rel, join(dir, 'kafka'), kafkaLog),
    '-cp',
    join(libsDir(MAIN_VERSION), '*'),
  ];
  await formatStorage(rel, jvm, state.clusterId, properties);
  // The agent serves its own HTTP endpoint, bound to loopback: `[host:]port:rules`.
  const javaagent = `-javaagent:${agent}=127.0.0.1:${state.ports.exporter}:${rulesFile}`;
  state.processes.kafka = await spawnDetached({
    command: javaBinary(),
    args: [javaagent, ...jvm, 'kafka.Kafka', properties],
    cwd: dir,
    logFile: kafkaOut,
  });
  saveMetrics(state);
  log(
    `metrics kafka: started (pid ${state.processes.kafka.pid}) with the JMX exporter on ${state.exporterUrl}`,
  );
}

async function startPrometheus(state: MetricsState, log: Log): Promise<void> {
  const dir = join(metricsDir, 'prometheus');
  mkdirSync(join(dir, 'data'), { recursive: true });
  const config = join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    [
      'global:',
      `  scrape_interval: ${SCRAPE_SECONDS}s`,
      `  evaluation_interval: ${SCRAPE_SECONDS}s`,
      'scrape_configs:',
      `  - job_name: ${SCRAPE_JOB}`,
      '    static_configs:',
      `      - targets: ['127.0.0.1:${state.ports.exporter}']`,
      '',
    ].join('\n'),
  );
  state.processes.prometheus = await spawnDetached({
    command: prometheusBinary(),
    args: [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      '--storage.tsdb.retention.time=2d',
      `--web.listen-address=127.0.0.1:${state.ports.prometheus}`,
    ],
    cwd: dir,
    logFile: prometheusLog,
  });
  saveMetrics(state);
  log(`metrics prometheus: started (pid ${state.processes.prometheus.pid}) at ${state.prometheusUrl}`);
}

/** Starts both afresh (stopping what the directory recorded); on failure stops them and says why. */
export async function startMetrics(startedBy: MetricsState['startedBy'], log: Log): Promise<MetricsState> {
  await stopMetrics(log, 0);
  const version = await prometheusVersion();
  if (!version) {
    throw new Error(
      `${prometheusBinary()} is not installed: apt-get install prometheus (Debian), or set PROMETHEUS_BIN`,
    );
  }
  const [, agent] = await Promise.all([ensureRelease(release(MAIN_VERSION), log), ensureAgent(log)]);
  mkdirSync(metricsDir, { recursive: true });
  mkdirSync(logsDir, { recursive: true });
  for (const file of [kafkaLog, kafkaOut, prometheusLog]) rmSync(file, { force: true });
  const [broker = 0, controller = 0, exporter = 0, prometheus = 0] = await freePorts(4);
  const state: MetricsState = {
    startedAt: new Date().toISOString(),
    startedBy,
    clusterId: newClusterId(),
    bootstrap: `127.0.0.1:${broker}`,
    prometheusUrl: `http://127.0.0.1:${prometheus}`,
    exporterUrl: `http://127.0.0.1:${exporter}/metrics`,
    ports: { broker, controller, exporter, prometheus },
    processes: {},
  };
  saveMetrics(state);
  try {
    await Promise.all([startBroker(state, agent, log), startPrometheus(state, log)]);
    const alive = () =>
      Boolean(state.processes.kafka && isRunning(state.processes.kafka)) &&
      Boolean(state.processes.prometheus && isRunning(state.processes.prometheus));
    const wait = (component: string, logFile: string, check: () => Promise<boolean>) =>
      waitUntil(check, {
        component,
        logFile,
        timeoutMs: START_TIMEOUT_MS,
        alive,
        signal: new AbortController().signal,
      });
    await wait('metrics kafka', kafkaLog, () => kafkaAnswers(state.bootstrap, state.clusterId));
    log(`metrics kafka: answering at ${state.bootstrap}`);
    await wait('prometheus', prometheusLog, () => scraped(state));
    log(`metrics prometheus (${version}): has scraped the broker`);
    return state;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await stopMetrics(log, 0);
    throw new Error(`the metrics stack did not start: ${message}\n${tail(kafkaOut)}\n${tail(prometheusLog)}`);
  }
}

function tail(file: string): string {
  if (!existsSync(file)) return `(no ${file})`;
  return `--- ${file} ---\n${readFileSync(file, 'utf8').trimEnd().split('\n').slice(-15).join('\n')}`;
}
