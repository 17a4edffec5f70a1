// Apicurio Registry 3.3.3 (Quarkus, JVM mode) serving the Confluent-compatible API at
// /apis/ccompat/v7; storage is its default in-memory H2, so it needs no Kafka. It serves HTTP and, on a
// second port, HTTPS with the stack's server certificate (tls-certs.ts).
import { mkdirSync } from 'node:fs';
import type { Artifacts } from '../fetch.ts';
import { componentDir, logFile } from '../paths.ts';
import type { SpawnSpec } from '../processes.ts';
import type { StackState } from '../state.ts';
import { tlsFiles } from '../tls-certs.ts';
import { jvmOptions } from './jvm.ts';

export const registryLog = logFile('registry.log');

export function prepareRegistry(state: StackState, artifacts: Artifacts): SpawnSpec {
  const dir = componentDir('registry');
  mkdirSync(dir, { recursive: true });
  const tls = tlsFiles();
  return {
    command: artifacts.registryJava,
    args: [
      ...jvmOptions('384m', dir),
      '-Dquarkus.http.host=127.0.0.1',
      `-Dquarkus.http.port=${state.ports.registry}`,
      // No client certificate is asked for: quarkus.http.ssl.client-auth is fixed at build time (NONE in
      // Apicurio's build; set at run time it is only a warning), so HTTP stays open beside HTTPS.
      `-Dquarkus.http.ssl-port=${state.ports.registryTls}`,
      `-Dquarkus.http.ssl.certificate.files=${tls.serverCertPem}`,
      `-Dquarkus.http.ssl.certificate.key-files=${tls.serverKeyPem}`,
      // quarkus.management.enabled is fixed at build time (true), so move it off 0.0.0.0:9000.
      '-Dquarkus.management.host=127.0.0.1',
      `-Dquarkus.management.port=${state.ports.registryManagement}`,
      '-Dapicurio.storage.kind=sql',
      '-Dapicurio.storage.sql.kind=h2',
      // Deletes are off by default; the console's tests delete versions and subjects.
      '-Dapicurio.rest.deletion.group.enabled=true',
      '-Dapicurio.rest.deletion.artifact.enabled=true',
      '-Dapicurio.rest.deletion.artifact-version.enabled=true',
      '-Dapicurio.rest.artifact.deletion.enabled=true',
      '-jar',
      artifacts.registryJar,
    ],
    cwd: dir,
    logFile: registryLog,
  };
}
