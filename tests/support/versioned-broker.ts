/**
 * A broker of any Apache Kafka release (tests/stack/versions/) for tests of the console against older
 * and newer brokers. `versionedBroker('3.9.1')` reuses the one running in <stackDir>/brokers/3.9.1 (left by
 * `STACK_KAFKA_VERSION=3.9.1 pnpm stack:up --kafka-only` or by a test file beside this one) when it
 * answers, else fetches the release (first time only) and starts it, under the stack lock. Each caller
 * holds a lease (a file naming its process); `stop()` gives it back, and the last one out stops a broker
 * that tests started. A failed start rejects with the tail of the broker's log.
 */
import { withLock } from '../stack/lock.ts';
import { startVersion } from '../stack/versions/broker.ts';
import { leasesDirOf, release } from '../stack/versions/release.ts';
import { readVersion, stopVersion, versionAnswers } from '../stack/versions/state.ts';
import { runReleaseTool } from '../stack/versions/tool.ts';
import { takeLease } from './leases.ts';

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

export async function versionedBroker(version: string): Promise<VersionedBroker> {
  release(version);
  return withLock(log, async () => {
    const running = readVersion(version);
    const state =
      running && (await versionAnswers(running)) ? running : await startVersion(version, 'tests', log);
    // Thrown away with its data: no controlled shutdown to wait for.
    const stop = takeLease(
      leasesDirOf(version),
      state,
      () => readVersion(version),
      (run) => withLock(log, run),
      () => stopVersion(version, log, 0),
    );
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
