// The record of one release's broker: <stackDir>/brokers/<version>/state.json, written as each process
// starts so a failed or interrupted start can still be stopped by pid. Callers hold the stack lock.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { kafkaAnswers } from '../probes.ts';
import { isRunning, type ProcessRef, stopProcess } from '../processes.ts';
import { brokerDir, stateFileOf } from './release.ts';

export interface VersionState {
  version: string;
  mode: 'zookeeper' | 'kraft';
  startedAt: string;
  /** `cli` runs until `stack:down`; `tests` stops when the last test lets go (versioned-broker.ts). */
  startedBy: 'cli' | 'tests';
  /** Known before start in KRaft (we format with it); read back from the broker under ZooKeeper. */
  clusterId?: string;
  bootstrap: string;
  /** broker, and controller (KRaft) or zookeeper (ZooKeeper) */
  ports: Record<string, number>;
  processes: { kafka?: ProcessRef; zookeeper?: ProcessRef };
}

export function readVersion(version: string): VersionState | undefined {
  const file = stateFileOf(version);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as VersionState;
  } catch {
    return undefined;
  }
}

export const saveVersion = (state: VersionState) =>
  writeFileSync(stateFileOf(state.version), `${JSON.stringify(state, null, 2)}\n`);

/** Every recorded process is ours and alive, and the broker lists itself in Metadata with our cluster id. */
export async function versionAnswers(state: VersionState): Promise<boolean> {
  const { kafka, zookeeper } = state.processes;
  if (!kafka || !isRunning(kafka)) return false;
  if (state.mode === 'zookeeper' && (!zookeeper || !isRunning(zookeeper))) return false;
  return kafkaAnswers(state.bootstrap, state.clusterId);
}

/**
 * Stops the broker, then ZooKeeper (a controlled shutdown needs it), and removes the release's directory;
 * its logs stay in <stackDir>/logs. `graceMs` 0 kills at once, for a broker whose data goes with it.
 */
export async function stopVersion(
  version: string,
  log: (line: string) => void,
  graceMs = 20_000,
): Promise<void> {
  const state = readVersion(version);
  for (const name of ['kafka', 'zookeeper'] as const) {
    const ref = state?.processes[name];
    if (ref) log(`kafka ${version} ${name}: ${await stopProcess(ref, graceMs)} (pid ${ref.pid})`);
  }
  rmSync(brokerDir(version), { recursive: true, force: true });
}
