import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../packages/server/src/platform/config/load.ts';
import { type RunningApp, request, startConfiguredApp } from '../../support/app.ts';
import { checkBothThemes } from '../../support/axe.ts';
import { launchBrowser } from '../../support/browser.ts';
import { type MetricsStack, metricsStack, prometheusInstalled } from '../../support/metrics-stack.ts';

/**
 * A broker's Metrics tab, against the metrics stack's real broker, JMX exporter and Prometheus
 * (tests/stack/metrics/): records produced through the console show in its charts, at 1440 and 1024 px,
 * light and dark, held to axe; a cluster without Prometheus has no such tab. Skipped where the
 * `prometheus` binary is missing (scripts/ensure-test-packages.sh installs it).
 */
const installed = await prometheusInstalled();
if (!installed)
  console.warn('broker-metrics e2e: skipped, no `prometheus` binary (apt-get install prometheus)');

let stack: MetricsStack;
let app: RunningApp;
let browser: Browser;
let page: Page;
const topic = `e2e-metrics-${Date.now().toString(36)}`;

const produce = (count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      request(`${app.url}/api/metrics/topic/${topic}/data`, {
        method: 'POST',
        body: { value: `record ${i} ${'x'.repeat(500)}`, headers: [], multiMessage: false },
      }),
    ),
  );

beforeAll(async () => {
  if (!installed) return;
  stack = await metricsStack();
  const cluster = (metrics: boolean) => ({
    properties: { 'bootstrap.servers': stack.bootstrap },
    ...(metrics ? { metrics: { prometheus: { url: stack.prometheusUrl, rateWindowSeconds: 20 } } } : {}),
  });
  app = await startConfiguredApp(
    parseConfig({ clusters: { metrics: cluster(true), plain: cluster(false) } }),
  );
  await request(`${app.url}/api/metrics/topic`, {
    method: 'POST',
    body: { name: topic, partition: 1, replication: 1 },
  });
  // Two batches a scrape apart: rate() needs a counter's second sample to show the records.
  await produce(20);
  await new Promise((resolve) => setTimeout(resolve, stack.scrapeSeconds * 1000 + 1000));
  await produce(20);
  await new Promise((resolve) => setTimeout(resolve, stack.scrapeSeconds * 2000));
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await stack?.stop();
});

describe.skipIf(!installed)("a broker's Metrics tab", () => {
  for (const width of [1440, 1024]) {
    it(`draws the broker's throughput, requests, latency and under-replicated partitions (${width} px)`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${app.url}/ui/metrics/node/1/metrics`);
      const charts = page.getByRole('img');
      await expect
        .poll(() => page.locator('.node-metrics__panel canvas').count(), { timeout: 30_000 })
        .toBeGreaterThanOrEqual(5);
      const bytes = page.getByRole('img', { name: /^Bytes in and out\./ });
      expect(await bytes.getAttribute('aria-label')).toMatch(
        /Bytes in: now [\d.]+ \w?B\/s, at most [1-9][\d.]* K?B\/s/,
      );
      expect(await charts.count()).toBeGreaterThanOrEqual(5);
      await page.getByRole('button', { name: 'Last 6 hours' }).click();
      await expect.poll(() => page.getByText(/a point every 90 s/).count()).toBe(1);
      expect(await checkBothThemes(page, 'node-metrics')).toEqual([]);
    }, 90_000);
  }

  it('has no Metrics tab on a cluster without Prometheus', async () => {
    await page.goto(`${app.url}/ui/plain/node/1/logs`);
    await page.getByRole('tab', { name: 'Logs' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Metrics' }).count()).toBe(0);
    await page.goto(`${app.url}/ui/plain/node/1/metrics`);
    await page.waitForURL(/\/node\/1\/configs$/);
  });
});
