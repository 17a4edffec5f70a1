// What differs between Kafka releases that the test harness cares about: how the broker runs (ZooKeeper
// before 3.3, KRaft from 3.3, the first release that calls KRaft production-ready), which logging backend
// its jars expect, and where each release's files live.
import { join } from 'node:path';
import { cacheDir, logFile, stackDir } from '../paths.ts';

/** The release the main stack runs; its jars keep their old directory (tests/stack/maven/kafka/pom.xml). */
export const MAIN_VERSION = '4.4.0';
export const DEFAULT_VERSION = process.env.STACK_KAFKA_VERSION ?? MAIN_VERSION;

export interface Release {
  version: string;
  major: number;
  minor: number;
  /** ZooKeeper-based before 3.3; 4.0 removed ZooKeeper. */
  mode: 'zookeeper' | 'kraft';
  /** Kafka 4.0 moved to log4j2 (KIP-653); earlier releases use the log4j 1.2 API (reload4j since 3.2). */
  logging: 'log4j1' | 'log4j2';
}

export function release(version: string): Release {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`Kafka version "${version}" is not x.y.z (e.g. 3.9.1)`);
  const major = Number(match[1]);
  const minor = Number(match[2]);
  // kafka_2.13 starts at 2.4.0; older releases have no Scala 2.13 build.
  if (major < 2 || (major === 2 && minor < 4))
    throw new Error(`Kafka ${version}: releases before 2.4 are not supported`);
  return {
    version,
    major,
    minor,
    mode: major < 3 || (major === 3 && minor < 3) ? 'zookeeper' : 'kraft',
    logging: major >= 4 ? 'log4j2' : 'log4j1',
  };
}

export const libsDir = (version: string) =>
  join(cacheDir, version === MAIN_VERSION ? 'kafka-libs' : `kafka-libs-${version}`);

/** <stackDir>/brokers/<version>: config, data, state and leases of one release's broker. */
export const brokersDir = join(stackDir, 'brokers');
export const brokerDir = (version: string) => join(brokersDir, version);
export const stateFileOf = (version: string) => join(brokerDir(version), 'state.json');
export const leasesDirOf = (version: string) => join(brokerDir(version), 'leases');

/** Logs live with the main stack's logs, so a stopped broker's log stays for a post-mortem. */
export const kafkaLogOf = (version: string) => logFile(`kafka-${version}.log`);
export const kafkaOutOf = (version: string) => logFile(`kafka-${version}.out`);
export const zookeeperLogOf = (version: string) => logFile(`zookeeper-${version}.log`);
export const zookeeperOutOf = (version: string) => logFile(`zookeeper-${version}.out`);

export const javaBinary = () => (process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java');
