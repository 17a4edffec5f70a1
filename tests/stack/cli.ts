// node tests/stack/cli.ts up|down|status (pnpm stack:up, stack:down, stack:status) | restart <component>
// `up --brokers N` (N > 1) starts only Kafka, as N KRaft nodes (kafka-cluster.ts), for reassignment tests.
// `up --secure` starts only the secured broker and its token issuer (secure/), for TLS/SASL/OAuth tests.
// `up --kafka-only` starts only a broker of release STACK_KAFKA_VERSION (default 4.4.0; versions/).
// `up --metrics` starts only a broker with the Prometheus JMX exporter and Prometheus scraping it (metrics/).
// `up --partitions N` (or STACK_PARTITIONS=N) refuses to start brokers that could not hold N partitions open
// (open-files.ts).

import { existsSync } from 'node:fs';
import { upCluster } from './cluster-cli.ts';
import { readCluster, stopCluster } from './kafka-cluster.ts';
import { metricsStateFile } from './metrics/settings.ts';
import { hardOpenFileLimit, openFilesProblem, requestedPartitions } from './open-files.ts';
import { sharedClusterDir, stackDir } from './paths.ts';
import { secureStateFile } from './secure/settings.ts';
import { down, restart, status, up } from './stack.ts';
import { COMPONENTS, envLines } from './state.ts';
import { brokersDir } from './versions/release.ts';

async function main(command: string | undefined): Promise<number> {
  const brokers = Number(process.argv[process.argv.indexOf('--brokers') + 1] ?? 1);
  if (command === 'up') {
    // Before any broker starts: one asked to carry more partitions than it can hold open would die.
    const partitions = requestedPartitions(process.argv);
    const problem =
      partitions === undefined
        ? undefined
        : openFilesProblem(partitions, process.argv.includes('--brokers') ? brokers : 1, hardOpenFileLimit());
    if (problem) {
      console.error(`stack up refused: ${problem}`);
      return 1;
    }
  }
  if (command === 'up' && process.argv.includes('--brokers') && brokers > 1) {
    console.log(await upCluster(brokers));
    return 0;
  }
  if (command === 'up' && process.argv.includes('--secure')) {
    // Loaded on demand: it brings a Kafka client library the plain `up` does not need.
    const { upSecure } = await import('./secure/secure-cli.ts');
    console.log(await upSecure());
    return 0;
  }
  if (command === 'up' && process.argv.includes('--kafka-only')) {
    const { upVersion } = await import('./versions/versions-cli.ts');
    console.log(await upVersion());
    return 0;
  }
  if (command === 'up' && process.argv.includes('--metrics')) {
    const { upMetrics } = await import('./metrics/metrics-cli.ts');
    console.log(await upMetrics());
    return 0;
  }
  if (command === 'up') {
    // Ctrl-C during start-up stops what was started instead of leaving half a stack behind.
    const abort = new AbortController();
    process.once('SIGINT', () => abort.abort());
    const { endpoints } = await up({ signal: abort.signal });
    console.log(envLines(endpoints).join('\n'));
    return 0;
  }
  if (command === 'down') {
    if (readCluster(stackDir)) await stopCluster(stackDir, console.log);
    if (readCluster(sharedClusterDir)) await stopCluster(sharedClusterDir, console.log, 0);
    if (existsSync(secureStateFile)) await (await import('./secure/secure-cli.ts')).downSecure();
    if (existsSync(brokersDir)) await (await import('./versions/versions-cli.ts')).downVersions();
    if (existsSync(metricsStateFile)) await (await import('./metrics/metrics-cli.ts')).downMetrics();
    await down();
    return 0;
  }
  const component = COMPONENTS.find((c) => c === process.argv[3]);
  if (command === 'restart' && component) {
    await restart(component);
    return 0;
  }
  if (command === 'status') {
    const components = await status();
    if (!components) {
      console.log('stack: not started (no .stack/state.json)');
      return 1;
    }
    for (const c of components) {
      const state = c.answering ? 'answering' : c.alive ? 'alive, not answering' : 'not running';
      console.log(
        `${c.name.padEnd(9)} pid ${String(c.pid ?? '-').padEnd(8)} port ${String(c.port).padEnd(6)} ${state}`,
      );
    }
    return components.every((c) => c.answering) ? 0 : 1;
  }
  console.error(`usage: node tests/stack/cli.ts up|down|status|restart <${COMPONENTS.join('|')}>`);
  return 2;
}

main(process.argv[2]).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      `stack ${process.argv[2]} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  },
);
