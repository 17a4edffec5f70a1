/**
 * A broker of any Apache Kafka release (tests/stack/versions/) for tests of the console against older
 * and newer brokers. `versionedBroker('3.9.1')` reuses the one running in <stackDir>/brokers/3.9.1 (left by
 * `STACK_KAFKA_VERSION=3.9.1 pnpm stack:up --kafka-only` or by a test file beside this one) when it
 * answers, else fetches the release (first time only) and starts it, under the stack lock. Each caller
 * holds a lease (a file naming its process); `stop()` gives it back, and the last one out stops a broker
 * that tests started. A failed start rejects with the tail of the broker's log.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withLock } from '../stack/lock.ts';
import { isRunning, type ProcessRef, readStartTime } from '../stack/processes.ts';
import { startVersion } from '../stack/versions/broker.ts';
import { leasesDirOf, release } from '../stack/versions/release.ts';
import { readVersion, stopVersion, versionAnswers } from '../stack/versions/state.ts';
import { runReleaseTool } from '../stack/versions/tool.ts';

export interface VersionedBroker {
  version: string;
  bootstrap: string;
  /** ZooKeeper before 3.3, KRaft from 3.3. */
  mode: 'zookeeper' | 'kraft';
  /**
   * Runs the release's own command-line tool `mainClass` (short name: TopicCommand, ConsumerGroupCommand,
   * ConfigCommand, AclCommand…, found in kafka.admin / kafka.tools / org.apache.kafka.tools, wherever that
   * release keeps it; or fully qualified) with `--bootstrap-server <this broker>` and `args`; answers its
   * stdout. A non-zero exit rejects with its output.
   */
  tool: (mainClass: string, args: string[]) => Promise<string>;
  /** Gives back this caller's lease; the last one stops a broker that tests started. */
  stop: () => Promise<void>;
}

const log = (line: string) => process.stderr.write(`[versioned-broker] ${line}\n`);

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

export async function versionedBroker(version: string): Promise<VersionedBroker> {
  release(version);
  return withLock(log, async () => {
    const running = readVersion(version);
    const state =
      running && (await versionAnswers(running)) ? running : await startVersion(version, 'tests', log);
    const leases = leasesDirOf(version);
    mkdirSync(leases, { recursive: true });
    const lease = join(leases, `${process.pid}-${randomUUID()}.json`);
    const self: ProcessRef = {
      pid: process.pid,
      startTime: readStartTime(process.pid) ?? '',
      command: 'test',
    };
    writeFileSync(lease, JSON.stringify(self));
    let released = false;
    const stop = () =>
      withLock(log, async () => {
        if (released) return;
        released = true;
        rmSync(lease, { force: true });
        const current = readVersion(version);
        // Thrown away with its data: no controlled shutdown to wait for.
        if (
          current?.startedAt === state.startedAt &&
          current.startedBy === 'tests' &&
          liveLeases(leases).length === 0
        ) {
          await stopVersion(version, log, 0);
        }
      });
    return {
      version,
      bootstrap: state.bootstrap,
      mode: state.mode,
      tool: (mainClass, args) =>
        runReleaseTool(version, mainClass, ['--bootstrap-server', state.bootstrap, ...args]),
      stop,
    };
  });
}
