// `stack:up --kafka-only` (STACK_KAFKA_VERSION, default 4.4.0): one Kafka release's broker in
// <stackDir>/brokers/<version>/, reused while it answers; writes <stackDir>/broker.env. `stack:down`
// stops every release's broker there (downVersions) before the main stack.
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withLock } from '../lock.ts';
import { stackDir } from '../paths.ts';
import { startVersion } from './broker.ts';
import { brokersDir, DEFAULT_VERSION, release } from './release.ts';
import { readVersion, saveVersion, stopVersion, versionAnswers } from './state.ts';

const envFile = join(stackDir, 'broker.env');

function timed(): (line: string) => void {
  const start = performance.now();
  return (line) => console.log(`[${((performance.now() - start) / 1000).toFixed(1).padStart(5)}s] ${line}`);
}

export async function upVersion(version = DEFAULT_VERSION): Promise<string> {
  release(version);
  const log = timed();
  return withLock(log, async () => {
    const previous = readVersion(version);
    let state = previous && (await versionAnswers(previous)) ? previous : undefined;
    if (state) {
      // Started by a test run, now wanted by a person: it stays until `stack:down`.
      state = { ...state, startedBy: 'cli' };
      saveVersion(state);
      log(`kafka ${version} reused (pid ${state.processes.kafka?.pid})`);
    } else {
      state = await startVersion(version, 'cli', log);
    }
    const lines = [`KAFKA_BOOTSTRAP=${state.bootstrap}`, `KAFKA_VERSION=${version}`];
    writeFileSync(envFile, `${lines.join('\n')}\n`);
    return lines.join('\n');
  });
}

/** Stops the broker of every release in <stackDir>/brokers; takes the lock itself. */
export async function downVersions(): Promise<void> {
  await withLock(console.log, async () => {
    const versions = existsSync(brokersDir) ? readdirSync(brokersDir) : [];
    for (const version of versions) await stopVersion(version, console.log);
    rmSync(brokersDir, { recursive: true, force: true });
    rmSync(envFile, { force: true });
  });
}
