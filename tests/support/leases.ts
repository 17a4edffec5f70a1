/**
 * Shared test brokers (the secured one, other releases): each test file that uses one holds a lease, a
 * file naming its process; the last lease given back stops a broker that tests started. A broker started
 * by hand (`stack:up --secure`, `--kafka-only`) runs until `stack:down`. Callers hold the stack lock.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRunning, type ProcessRef, readStartTime } from '../stack/processes.ts';

/** The leases in `dir` whose processes still run. */
function liveLeases(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((name) => {
    try {
      return isRunning(JSON.parse(readFileSync(join(dir, name), 'utf8')) as ProcessRef);
    } catch {
      return false;
    }
  });
}

/** What a broker's state says about who started it, read again when a lease is given back. */
export type Started = { startedAt: string; startedBy: string };

/**
 * Takes a lease in `dir` on the broker `state` describes; the function it answers gives it back (once) and,
 * under `lock`, stops the broker with `stop` when this was the last lease on a broker tests started that
 * is still the same one (`current()`).
 */
export function takeLease(
  dir: string,
  state: Started,
  current: () => Started | undefined,
  lock: <T>(run: () => Promise<T>) => Promise<T>,
  stop: () => Promise<void>,
): () => Promise<void> {
  mkdirSync(dir, { recursive: true });
  const lease = join(dir, `${process.pid}-${randomUUID()}.json`);
  const self: ProcessRef = { pid: process.pid, startTime: readStartTime(process.pid) ?? '', command: 'test' };
  writeFileSync(lease, JSON.stringify(self));
  let released = false;
  return () =>
    lock(async () => {
      if (released) return;
      released = true;
      rmSync(lease, { force: true });
      const now = current();
      if (now?.startedAt === state.startedAt && now.startedBy === 'tests' && liveLeases(dir).length === 0) {
        await stop();
      }
    });
}
