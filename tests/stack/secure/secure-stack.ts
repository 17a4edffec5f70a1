// Start, check and stop the secured broker and its token issuer: detached processes recorded in
// <stackDir>/secure/state.json, used by `stack:up --secure` and by tests/support/secure-broker.ts.
// Callers hold the stack lock (lock.ts).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { jvmOptions, writeLog4j2, writeProperties } from '../components/jvm.ts';
import { KAFKA_STARTED, newClusterId } from '../components/kafka.ts';
import { ensureArtifacts } from '../fetch.ts';
import { logsDir, repoRoot } from '../paths.ts';
import { freePorts } from '../ports.ts';
import { waitUntil } from '../probes.ts';
import { isRunning, type ProcessRef, spawnDetached, stopProcess } from '../processes.ts';
import { createAcls } from './acls.ts';
import { brokerProperties, jwksUrl, type SecurePorts, scramArguments } from './broker-config.ts';
import { certFiles, generateCerts } from './certs.ts';
import { writeClientConfigs } from './client-config.ts';
import { ALLOWED_URLS } from './kafka-tool.ts';
import { issuerAnswers, secureKafkaAnswers } from './probe.ts';
import { certsDir, issuerLog, secureDir, secureKafkaLog, secureStateFile } from './settings.ts';

export interface SecureState {
  startedAt: string;
  clusterId: string;
  ports: SecurePorts;
  processes: { kafka?: ProcessRef; issuer?: ProcessRef };
  /** `cli` runs until `stack:down`; `tests` stops when the last test file lets go (secure-broker.ts). */
  startedBy: 'cli' | 'tests';
  /** console-<listener>.yaml files */
  consoleConfigs: string[];
}

type Log = (line: string) => void;
const START_TIMEOUT_MS = 120_000;

export function readSecure(): SecureState | undefined {
  if (!existsSync(secureStateFile)) return undefined;
  try {
    return JSON.parse(readFileSync(secureStateFile, 'utf8')) as SecureState;
  } catch {
    return undefined;
  }
}

export const saveSecure = (state: SecureState) =>
  writeFileSync(secureStateFile, `${JSON.stringify(state, null, 2)}\n`);
export const internalBootstrap = (state: SecureState) => `127.0.0.1:${state.ports.internal}`;

/** Both processes are ours and alive, the broker serves an authenticated Metadata request, the JWKS is there. */
export async function secureAnswers(state: SecureState): Promise<boolean> {
  const { kafka, issuer } = state.processes;
  if (!kafka || !issuer || !isRunning(kafka) || !isRunning(issuer)) return false;
  const [broker, jwks] = await Promise.all([
    secureKafkaAnswers(internalBootstrap(state)),
    issuerAnswers(jwksUrl(state.ports)),
  ]);
  return broker && jwks;
}

/** Stops both processes by pid and removes <stackDir>/secure (the logs stay in <stackDir>/logs). */
export async function stopSecure(log: Log, graceMs = 20_000): Promise<void> {
  const state = readSecure();
  for (const name of ['kafka', 'issuer'] as const) {
    const ref = state?.processes[name];
    if (ref) log(`secure ${name}: ${await stopProcess(ref, graceMs)} (pid ${ref.pid})`);
  }
  rmSync(secureDir, { recursive: true, force: true });
}

async function startIssuer(state: SecureState): Promise<void> {
  state.processes.issuer = await spawnDetached({
    command: process.execPath,
    args: [
      join(repoRoot, 'tests', 'stack', 'secure', 'issuer-main.ts'),
      '--port',
      String(state.ports.issuer),
    ],
    cwd: repoRoot,
    logFile: issuerLog,
  });
  saveSecure(state);
  const ref = state.processes.issuer;
  await waitUntil(() => issuerAnswers(jwksUrl(state.ports)), {
    component: 'secure token issuer',
    logFile: issuerLog,
    timeoutMs: START_TIMEOUT_MS,
    alive: () => isRunning(ref),
    signal: new AbortController().signal,
  });
}

async function bringUp(state: SecureState, log: Log): Promise<void> {
  const artifacts = await ensureArtifacts(log);
  const dir = join(secureDir, 'kafka');
  mkdirSync(dir, { recursive: true });
  const properties = join(dir, 'server.properties');
  const certs = certFiles(certsDir);
  writeProperties(properties, brokerProperties(dir, state.ports, certs));
  const jvm = [
    ...jvmOptions(process.env.STACK_SECURE_HEAP ?? '256m', dir),
    writeLog4j2(join(dir, 'log4j2.properties'), secureKafkaLog),
    // Kafka 4 fetches OAuth URLs only when this system property allows them.
    `-D${ALLOWED_URLS}=${jwksUrl(state.ports)}`,
    '-cp',
    join(artifacts.kafkaLibs, '*'),
  ];
  const format = ['kafka.tools.StorageTool', 'format', '-t', state.clusterId, '-c', properties];
  // Three independent steps of 1-3 s each (StorageTool and keytool are JVM starts): side by side. All
  // settle before a failure is thrown, so the issuer is recorded (and stopped) even if format failed.
  const steps = await Promise.allSettled([
    generateCerts(certsDir),
    startIssuer(state),
    promisify(execFile)(artifacts.java, [...jvm, ...format, ...scramArguments()]),
  ]);
  const failed = steps.find((step) => step.status === 'rejected');
  if (failed) throw failed.reason;
  log(`secure: certificates, token issuer and storage ready; starting the broker`);
  const ref = await spawnDetached({
    command: artifacts.java,
    args: [...jvm, 'kafka.Kafka', properties],
    cwd: dir,
    logFile: join(logsDir, 'secure-kafka.out'),
  });
  state.processes.kafka = ref;
  saveSecure(state);
  await waitUntil(
    async () =>
      existsSync(secureKafkaLog) &&
      readFileSync(secureKafkaLog, 'utf8').includes(KAFKA_STARTED) &&
      (await secureKafkaAnswers(internalBootstrap(state))),
    {
      component: 'secure kafka',
      logFile: secureKafkaLog,
      timeoutMs: START_TIMEOUT_MS,
      alive: () => isRunning(ref),
      signal: new AbortController().signal,
    },
  );
  log(`secure kafka: answering (pid ${ref.pid}); creating ACLs`);
  await createAcls(secureDir, internalBootstrap(state));
  state.consoleConfigs = writeClientConfigs(secureDir, state.ports, certs);
  saveSecure(state);
}

/** Starts afresh in <stackDir>/secure: certificates, token issuer, broker, ACLs, client configs. */
export async function startSecure(log: Log, startedBy: SecureState['startedBy']): Promise<SecureState> {
  await stopSecure(log);
  mkdirSync(secureDir, { recursive: true });
  mkdirSync(logsDir, { recursive: true });
  // Each start's log on its own: the readiness check looks for "Kafka Server started" in it.
  rmSync(secureKafkaLog, { force: true });
  const [internal = 0, controller = 0, ssl = 0, mtls = 0, saslSsl = 0, oauth = 0, expired = 0, issuer = 0] =
    await freePorts(8);
  const state: SecureState = {
    startedAt: new Date().toISOString(),
    clusterId: newClusterId(),
    ports: { internal, controller, ssl, mtls, saslSsl, oauth, expired, issuer },
    processes: {},
    startedBy,
    consoleConfigs: [],
  };
  saveSecure(state);
  try {
    await bringUp(state, log);
    return state;
  } catch (error) {
    log('secure: start-up failed, stopping what was started');
    await stopSecure(log, 0);
    throw error;
  }
}
