// A ZooKeeper-based release (before 3.3): the release's own ZooKeeper (QuorumPeerMain from its classpath,
// standalone, its own directory and port) and the broker properties that point at it.
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { jvmOptions, writeProperties } from '../components/jvm.ts';
import type { BrokerProperties } from '../kafka-cluster.ts';
import { waitUntil } from '../probes.ts';
import { isRunning, type ProcessRef, spawnDetached } from '../processes.ts';
import { serverLogging } from './logging.ts';
import { javaBinary, libsDir, type Release, zookeeperLogOf, zookeeperOutOf } from './release.ts';

export function zookeeperBrokerProperties(dir: string, ports: Record<string, number>): BrokerProperties {
  return {
    'broker.id': 1,
    'zookeeper.connect': `127.0.0.1:${ports.zookeeper}`,
    listeners: `PLAINTEXT://127.0.0.1:${ports.broker}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${ports.broker}`,
    'log.dirs': join(dir, 'data'),
    // ACLs live in ZooKeeper; AclAuthorizer is there from 2.4 (SimpleAclAuthorizer before).
    'authorizer.class.name': 'kafka.security.authorizer.AclAuthorizer',
  };
}

/** `srvr` is the one four-letter command ZooKeeper 3.5+ allows by default; it answers once serving. */
function zookeeperAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('connect', () => socket.write('srvr'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer.includes('Zookeeper version')));
  });
}

export async function startZookeeper(
  release: Release,
  dir: string,
  port: number,
  record: (ref: ProcessRef) => void,
): Promise<void> {
  const zkDir = join(dir, 'zookeeper');
  mkdirSync(join(zkDir, 'data'), { recursive: true });
  const properties = join(zkDir, 'zookeeper.properties');
  writeProperties(properties, {
    dataDir: join(zkDir, 'data'),
    clientPort: port,
    clientPortAddress: '127.0.0.1',
    maxClientCnxns: 0,
    // The AdminServer (3.5+) would bind 0.0.0.0:8080, which the machine's other stacks may hold.
    'admin.enableServer': 'false',
  });
  const ref = await spawnDetached({
    command: javaBinary(),
    args: [
      ...jvmOptions('128m', zkDir),
      serverLogging(release, join(zkDir, 'zookeeper'), zookeeperLogOf(release.version)),
      '-cp',
      join(libsDir(release.version), '*'),
      'org.apache.zookeeper.server.quorum.QuorumPeerMain',
      properties,
    ],
    cwd: zkDir,
    logFile: zookeeperOutOf(release.version),
  });
  record(ref);
  await waitUntil(() => zookeeperAnswers(port), {
    component: `zookeeper for kafka ${release.version}`,
    logFile: zookeeperLogOf(release.version),
    timeoutMs: 60_000,
    alive: () => isRunning(ref),
    signal: new AbortController().signal,
  });
}
