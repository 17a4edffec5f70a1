/**
 * The metrics stack (tests/stack/metrics/): a broker with the Prometheus JMX exporter and Debian's
 * `prometheus` scraping it. `metricsStack()` reuses the one running in <stackDir>/metrics (left by
 * `pnpm stack:up --metrics` or a test file beside this one) when it answers, else starts it, under the
 * stack lock. Each caller holds a lease; `stop()` gives it back, and the last one out stops a stack that
 * tests started. `prometheusInstalled()` says whether the optional binary is there at all.
 */
import { withLock } from '../stack/lock.ts';
import { prometheusVersion } from '../stack/metrics/fetch.ts';
import { metricsAnswer, readMetrics, startMetrics, stopMetrics } from '../stack/metrics/metrics-stack.ts';
import { leasesDir, SCRAPE_SECONDS } from '../stack/metrics/settings.ts';
import { takeLease } from './leases.ts';

export interface MetricsStack {
  bootstrap: string;
  prometheusUrl: string;
  /** Seconds between Prometheus' scrapes of the broker. */
  scrapeSeconds: number;
  stop: () => Promise<void>;
}

const log = (line: string) => process.stderr.write(`[metrics-stack] ${line}\n`);

export const prometheusInstalled = async () => (await prometheusVersion()) !== undefined;

export async function metricsStack(): Promise<MetricsStack> {
  return withLock(log, async () => {
    const running = readMetrics();
    const state = running && (await metricsAnswer(running)) ? running : await startMetrics('tests', log);
    const stop = takeLease(
      leasesDir,
      state,
      readMetrics,
      (run) => withLock(log, run),
      () => stopMetrics(log, 0),
    );
    return {
      bootstrap: state.bootstrap,
      prometheusUrl: state.prometheusUrl,
      scrapeSeconds: SCRAPE_SECONDS,
      stop,
    };
  });
}
