// Where the stack keeps things. Derived from this file's location so any cwd works.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** STACK_DIR runs a second, private stack (its own processes, ports and data) beside the shared one. */
export const stackDir = process.env.STACK_DIR ? resolve(process.env.STACK_DIR) : join(repoRoot, '.stack');
export const logsDir = join(stackDir, 'logs');
export const cacheDir = join(repoRoot, '.cache', 'stack');
export const mavenDir = join(repoRoot, 'tests', 'stack', 'maven');

export const stateFile = join(stackDir, 'state.json');
export const envFile = join(stackDir, 'env');
export const consoleConfigFile = join(stackDir, 'console.yaml');
export const lockFile = join(stackDir, 'lock');
/** The 3-node cluster the test files share (tests/support/kafka-cluster.ts `threeBrokers`). */
export const sharedClusterDir = join(stackDir, 'cluster-3');

export function componentDir(name: string): string {
  return join(stackDir, name);
}

export function logFile(name: string): string {
  return join(logsDir, name);
}
