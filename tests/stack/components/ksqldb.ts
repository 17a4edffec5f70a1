// The ksqlDB REST fake, run by the same Node binary as the CLI.
import { join } from 'node:path';
import { logFile, repoRoot } from '../paths.ts';
import type { SpawnSpec } from '../processes.ts';
import type { StackState } from '../state.ts';

export const ksqldbLog = logFile('ksqldb.log');

export function prepareKsqldb(state: StackState): SpawnSpec {
  return {
    command: process.execPath,
    args: [
      join(repoRoot, 'tests', 'stack', 'ksqldb-fake', 'main.ts'),
      '--port',
      String(state.ports.ksqldb),
      '--kafka-cluster-id',
      state.clusterId,
    ],
    cwd: repoRoot,
    logFile: ksqldbLog,
  };
}
