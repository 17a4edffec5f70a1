// One stack command at a time per checkout (the CLI and a vitest global setup may overlap).
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { lockFile, stackDir } from './paths.ts';
import type { ProcessRef } from './processes.ts';
import { isRunning, readStartTime } from './processes.ts';

function tryAcquire(): boolean {
  try {
    const fd = openSync(lockFile, 'wx');
    const self: ProcessRef = {
      pid: process.pid,
      startTime: readStartTime(process.pid) ?? '',
      command: 'stack',
    };
    writeSync(fd, JSON.stringify(self));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  }
}

function holder(): ProcessRef | undefined {
  try {
    return JSON.parse(readFileSync(lockFile, 'utf8')) as ProcessRef;
  } catch {
    return undefined;
  }
}

export async function withLock<T>(
  log: (line: string) => void,
  work: () => Promise<T>,
  timeoutMs = 600_000,
): Promise<T> {
  mkdirSync(stackDir, { recursive: true });
  const deadline = Date.now() + timeoutMs;
  let told = false;
  while (!tryAcquire()) {
    const owner = holder();
    // A lock left by a process that died (or is half-written) is stale.
    if (!owner || !isRunning(owner)) {
      rmSync(lockFile, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another stack command (pid ${owner.pid}) holds ${lockFile}`);
    if (!told) log(`waiting for another stack command (pid ${owner.pid})`);
    told = true;
    await sleep(500);
  }
  try {
    return await work();
  } finally {
    rmSync(lockFile, { force: true });
  }
}
