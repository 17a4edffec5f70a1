// `stack:up --brokers N`: a Kafka-only cluster of N nodes in the stack directory (STACK_DIR for a private
// one), reused while every node answers. Writes cluster.env with KAFKA_CLUSTER_BOOTSTRAP, which the
// reassignment tests use instead of starting their own cluster. STACK_CLUSTER_PROPERTIES ("key=value,…")
// adds broker properties, e.g. `offsets.topic.num.partitions=50` for the scale bench's 50,000 groups.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clusterAnswers, readCluster, startCluster, stopCluster } from './kafka-cluster.ts';
import { withLock } from './lock.ts';
import { stackDir } from './paths.ts';

export async function upCluster(brokers: number): Promise<string> {
  return withLock(console.log, async () => {
    const previous = readCluster(stackDir);
    let state =
      previous && previous.nodes.length === brokers && (await clusterAnswers(previous))
        ? previous
        : undefined;
    if (state) console.log(`kafka cluster reused (${state.nodes.map((n) => n.process?.pid).join(', ')})`);
    else {
      if (previous) await stopCluster(stackDir, console.log);
      state = await startCluster(stackDir, brokers, { log: console.log, properties: extraProperties() });
    }
    const line = `KAFKA_CLUSTER_BOOTSTRAP=${state.bootstrap}`;
    writeFileSync(join(stackDir, 'cluster.env'), `${line}\n`);
    return line;
  });
}

function extraProperties(): Record<string, string> {
  const pairs = (process.env.STACK_CLUSTER_PROPERTIES ?? '').split(',').filter(Boolean);
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`STACK_CLUSTER_PROPERTIES: '${pair}' is not key=value`);
      return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
    }),
  );
}
