// Kafka Connect 4.3.1 (the newest release with FileStream connectors on Maven Central) in distributed mode, with the
// FileStream connectors on the classpath; plugin discovery scans the classpath too. Its REST API listens on
// HTTP and on HTTPS that requires a client certificate of the stack's test CA (tls-certs.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Artifacts } from '../fetch.ts';
import { componentDir, logFile } from '../paths.ts';
import type { SpawnSpec } from '../processes.ts';
import type { StackState } from '../state.ts';
import { TLS_PASSWORD, tlsFiles } from '../tls-certs.ts';
import { jvmOptions, writeLog4j2, writeProperties } from './jvm.ts';

export const connectLog = logFile('connect.log');

export function prepareConnect(state: StackState, artifacts: Artifacts): SpawnSpec {
  const dir = componentDir('connect');
  mkdirSync(dir, { recursive: true });
  const port = state.ports.connect;
  const workerProperties = join(dir, 'worker.properties');
  const tls = tlsFiles();
  writeProperties(workerProperties, {
    'bootstrap.servers': `127.0.0.1:${state.ports.broker}`,
    'group.id': 'stack-connect',
    'key.converter': 'org.apache.kafka.connect.json.JsonConverter',
    'value.converter': 'org.apache.kafka.connect.json.JsonConverter',
    'key.converter.schemas.enable': 'false',
    'value.converter.schemas.enable': 'false',
    'config.storage.topic': '_stack-connect-configs',
    'config.storage.replication.factor': 1,
    'offset.storage.topic': '_stack-connect-offsets',
    'offset.storage.replication.factor': 1,
    'offset.storage.partitions': 1,
    'status.storage.topic': '_stack-connect-status',
    'status.storage.replication.factor': 1,
    'status.storage.partitions': 1,
    'offset.flush.interval.ms': 1000,
    'scheduled.rebalance.max.delay.ms': 0,
    listeners: `http://127.0.0.1:${port},https://127.0.0.1:${state.ports.connectTls}`,
    // The worker advertises (and forwards to its leader over) the HTTP listener.
    'rest.advertised.listener': 'http',
    'rest.advertised.host.name': '127.0.0.1',
    'rest.advertised.port': port,
    // Jetty's SslContextFactory loads these through java.security.KeyStore, so KIP-651's PEM type (a
    // Kafka client feature) does not exist here: a PKCS12 keystore and a JKS truststore.
    'listeners.https.ssl.keystore.type': 'PKCS12',
    'listeners.https.ssl.keystore.location': tls.serverKeystoreP12,
    'listeners.https.ssl.keystore.password': TLS_PASSWORD,
    'listeners.https.ssl.key.password': TLS_PASSWORD,
    'listeners.https.ssl.truststore.type': 'JKS',
    'listeners.https.ssl.truststore.location': tls.truststoreJks,
    'listeners.https.ssl.truststore.password': TLS_PASSWORD,
    'listeners.https.ssl.client.auth': 'required',
  });
  return {
    command: artifacts.java,
    args: [
      ...jvmOptions('512m', dir),
      writeLog4j2(join(dir, 'log4j2.properties'), connectLog),
      '-cp',
      join(artifacts.connectLibs, '*'),
      'org.apache.kafka.connect.cli.ConnectDistributed',
      workerProperties,
    ],
    cwd: dir,
    logFile: logFile('connect.out'),
  };
}
