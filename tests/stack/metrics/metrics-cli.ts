// `stack:up --metrics`: the metrics stack (metrics-stack.ts), reused while it answers; writes
// <stackDir>/metrics.env. `stack:down` stops it (downMetrics) before the main stack.
import { rmSync, writeFileSync } from 'node:fs';
import { withLock } from '../lock.ts';
import { metricsAnswer, readMetrics, saveMetrics, startMetrics, stopMetrics } from './metrics-stack.ts';
import { metricsEnvFile } from './settings.ts';

function timed(): (line: string) => void {
  const start = performance.now();
  return (line) => console.log(`[${((performance.now() - start) / 1000).toFixed(1).padStart(5)}s] ${line}`);
}

export async function upMetrics(): Promise<string> {
  const log = timed();
  return withLock(log, async () => {
    const previous = readMetrics();
    let state = previous && (await metricsAnswer(previous)) ? previous : undefined;
    if (state) {
      // Started by a test run, now wanted by a person: it stays until `stack:down`.
      state = { ...state, startedBy: 'cli' };
      saveMetrics(state);
      log(
        `metrics stack reused (kafka pid ${state.processes.kafka?.pid}, prometheus pid ${state.processes.prometheus?.pid})`,
      );
    } else {
      state = await startMetrics('cli', log);
    }
    const lines = [
      `KAFKA_BOOTSTRAP=${state.bootstrap}`,
      `PROMETHEUS_URL=${state.prometheusUrl}`,
      `EXPORTER_URL=${state.exporterUrl}`,
    ];
    writeFileSync(metricsEnvFile, `${lines.join('\n')}\n`);
    return lines.join('\n');
  });
}

/** Stops the metrics stack; takes the lock itself. */
export async function downMetrics(): Promise<void> {
  await withLock(console.log, async () => {
    await stopMetrics(console.log);
    rmSync(metricsEnvFile, { force: true });
  });
}
