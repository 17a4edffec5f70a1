// A KRaft release (3.3 and later) as one combined broker + controller with a static voter, as the main
// stack runs 4.4.0 (components/kafka.ts): with controller.quorum.voters set, StorageTool formats without
// --standalone on every release from 3.3 to 4.4, and the cluster id is ours, made before the JVM starts.
import { join } from 'node:path';
import type { BrokerProperties } from '../kafka-cluster.ts';
import type { Release } from './release.ts';
import { runJava } from './run-java.ts';

export function kraftProperties(dir: string, ports: Record<string, number>): BrokerProperties {
  return {
    'process.roles': 'broker,controller',
    'node.id': 1,
    'controller.quorum.voters': `1@127.0.0.1:${ports.controller}`,
    listeners: `PLAINTEXT://127.0.0.1:${ports.broker},CONTROLLER://127.0.0.1:${ports.controller}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${ports.broker}`,
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'listener.security.protocol.map': 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    'log.dirs': join(dir, 'data'),
    // StandardAuthorizer (KIP-801) keeps ACLs in the metadata log; there since 3.2.
    'authorizer.class.name': 'org.apache.kafka.metadata.authorizer.StandardAuthorizer',
  };
}

/** `kafka.tools.StorageTool format`: same flags from 3.3 to 4.4 (-t, -c, --ignore-formatted). */
export async function formatStorage(
  release: Release,
  jvm: string[],
  clusterId: string,
  properties: string,
): Promise<void> {
  await runJava(
    [...jvm, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', properties, '--ignore-formatted'],
    `Kafka ${release.version} StorageTool format`,
  );
}
