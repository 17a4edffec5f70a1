/**
 * A Kafka 4.4 broker (one KRaft node, the stack's jars) whose client listener takes SASL GSSAPI from the
 * KDC of kerberos.ts, for the GSSAPI tests. Its controller and inter-broker listeners are PLAINTEXT on
 * loopback: the broker never authenticates to itself, and the readiness probe needs no Kerberos. The
 * GSSAPI listener is advertised as `localhost`, the host its service principal `kafka/localhost` names.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { jvmOptions, writeLog4j2, writeProperties } from '../stack/components/jvm.ts';
import { KAFKA_STARTED, newClusterId, SINGLE_NODE } from '../stack/components/kafka.ts';
import { ensureArtifacts } from '../stack/fetch.ts';
import { freePorts } from '../stack/ports.ts';
import { kafkaAnswers, waitUntil } from '../stack/probes.ts';
import { isRunning, type ProcessRef, spawnDetached, stopProcess } from '../stack/processes.ts';
import { type Kdc, REALM } from './kerberos.ts';

export type KerberosBroker = {
  /** The GSSAPI listener, `localhost:<port>`. */
  bootstrap: string;
  /** The PLAINTEXT listener, for set-up and checks that are not about Kerberos. */
  plaintext: string;
  stop: () => Promise<void>;
};

/** The JAAS line Java clients (and the console) put in `sasl.jaas.config` for a keytab login. */
export const keytabJaas = (keyTab: string, principal: string) =>
  `com.sun.security.auth.module.Krb5LoginModule required useKeyTab=true storeKey=true keyTab="${keyTab}" principal="${principal}";`;

const START_TIMEOUT_MS = 120_000;

export async function startKerberosBroker(kdc: Kdc): Promise<KerberosBroker> {
  const artifacts = await ensureArtifacts((line) => process.stderr.write(`[kerberos-broker] ${line}\n`));
  const dir = mkdtempSync(join(tmpdir(), 'kafka-gssapi-'));
  const [sasl, internal, controller] = await freePorts(3);
  const keytab = kdc.addPrincipal('kafka/localhost');
  const properties = join(dir, 'server.properties');
  writeProperties(properties, {
    'process.roles': 'broker,controller',
    'node.id': 1,
    'controller.quorum.voters': `1@127.0.0.1:${controller}`,
    listeners: `SASL://127.0.0.1:${sasl},INTERNAL://127.0.0.1:${internal},CONTROLLER://127.0.0.1:${controller}`,
    'advertised.listeners': `SASL://localhost:${sasl},INTERNAL://127.0.0.1:${internal}`,
    'listener.security.protocol.map': 'SASL:SASL_PLAINTEXT,INTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'INTERNAL',
    'listener.name.sasl.sasl.enabled.mechanisms': 'GSSAPI',
    'listener.name.sasl.gssapi.sasl.jaas.config': keytabJaas(keytab, `kafka/localhost@${REALM}`),
    'sasl.kerberos.service.name': 'kafka',
    'log.dirs': join(dir, 'data'),
    ...SINGLE_NODE,
  });
  const logFile = join(dir, 'kafka.log');
  const jvm = [
    ...jvmOptions('256m', dir),
    `-Djava.security.krb5.conf=${kdc.krb5Conf}`,
    writeLog4j2(join(dir, 'log4j2.properties'), logFile),
    '-cp',
    join(artifacts.kafkaLibs, '*'),
  ];
  const clusterId = newClusterId();
  let process_: ProcessRef | undefined;
  const stop = async () => {
    if (process_) await stopProcess(process_, 0);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await promisify(execFile)(artifacts.java, [
      ...jvm,
      'kafka.tools.StorageTool',
      'format',
      '-t',
      clusterId,
      '-c',
      properties,
      '--ignore-formatted',
    ]);
    process_ = await spawnDetached({
      command: artifacts.java,
      args: [...jvm, 'kafka.Kafka', properties],
      cwd: dir,
      logFile: join(dir, 'kafka.out'),
    });
    const started = process_;
    await waitUntil(
      async () =>
        existsSync(logFile) &&
        readFileSync(logFile, 'utf8').includes(KAFKA_STARTED) &&
        (await kafkaAnswers(`127.0.0.1:${internal}`, clusterId)),
      {
        component: 'kafka (GSSAPI)',
        logFile,
        timeoutMs: START_TIMEOUT_MS,
        alive: () => isRunning(started),
        signal: new AbortController().signal,
      },
    );
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '';
    await stop();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return { bootstrap: `localhost:${sasl}`, plaintext: `127.0.0.1:${internal}`, stop };
}
