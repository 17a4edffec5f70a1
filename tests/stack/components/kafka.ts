// Apache Kafka 4.4.0, one node in KRaft combined mode (broker + controller, static voter).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Artifacts } from '../fetch.ts';
import { componentDir, logFile } from '../paths.ts';
import type { SpawnSpec } from '../processes.ts';
import type { StackState } from '../state.ts';
import { jvmOptions, writeLog4j2, writeProperties } from './jvm.ts';

export const kafkaLog = logFile('kafka.log');
export const KAFKA_STARTED = 'Kafka Server started';

/**
 * What every one-node test broker (this stack's, the secured one, the Kerberos one) sets: one partition and
 * one replica for everything, internal topics included, no auto-created topics, no rebalance delay.
 */
export const SINGLE_NODE = {
  'num.partitions': 1,
  'auto.create.topics.enable': 'false',
  'offsets.topic.replication.factor': 1,
  'offsets.topic.num.partitions': 1,
  'transaction.state.log.replication.factor': 1,
  'transaction.state.log.min.isr': 1,
  'transaction.state.log.num.partitions': 1,
  'share.coordinator.state.topic.replication.factor': 1,
  'share.coordinator.state.topic.min.isr': 1,
  'group.initial.rebalance.delay.ms': 0,
};

// Kafka's Uuid rules: 16 random bytes in base64url, not a reserved id, not starting with '-'.
export function newClusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-') && id !== 'AAAAAAAAAAAAAAAAAAAAAA' && id !== 'AAAAAAAAAAAAAAAAAAAAAQ') return id;
  }
}

export async function prepareKafka(state: StackState, artifacts: Artifacts): Promise<SpawnSpec> {
  const dir = componentDir('kafka');
  mkdirSync(dir, { recursive: true });
  const { broker, controller } = state.ports;
  const serverProperties = join(dir, 'server.properties');
  writeProperties(serverProperties, {
    'process.roles': 'broker,controller',
    'node.id': 1,
    'controller.quorum.voters': `1@127.0.0.1:${controller}`,
    listeners: `PLAINTEXT://127.0.0.1:${broker},CONTROLLER://127.0.0.1:${controller}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${broker}`,
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'listener.security.protocol.map': 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    'log.dirs': join(dir, 'data'),
    ...SINGLE_NODE,
    // ACL calls need an authorizer; PLAINTEXT clients are User:ANONYMOUS, so it must be a super user.
    'authorizer.class.name': 'org.apache.kafka.metadata.authorizer.StandardAuthorizer',
    'super.users': 'User:ANONYMOUS',
  });
  const jvm = [
    // STACK_KAFKA_HEAP (e.g. 2g) for a benchmark that needs more partitions than 512 MB holds.
    ...jvmOptions(process.env.STACK_KAFKA_HEAP ?? '512m', dir),
    writeLog4j2(join(dir, 'log4j2.properties'), kafkaLog),
    '-cp',
    join(artifacts.kafkaLibs, '*'),
  ];
  // With controller.quorum.voters set, format must not be given --standalone.
  await promisify(execFile)(artifacts.java, [
    ...jvm,
    'kafka.tools.StorageTool',
    'format',
    '-t',
    state.clusterId,
    '-c',
    serverProperties,
    '--ignore-formatted',
  ]);
  return {
    command: artifacts.java,
    args: [...jvm, 'kafka.Kafka', serverProperties],
    cwd: dir,
    logFile: logFile('kafka.out'),
  };
}
