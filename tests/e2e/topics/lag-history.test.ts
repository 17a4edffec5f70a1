import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LagHistoryConfig } from '../../../packages/server/src/platform/config/lag-history.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { checkBothThemes } from '../../support/axe.ts';
import { launchBrowser } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.ts';

/** The lag charts and the alert badges, at 1440 and 1024 px, light and dark, held to axe-core. */
let app: RunningApp;
let browser: Browser;
let page: Page;
let hooks: WebhookReceiver;
const kafka = testKafka();
const tag = randomUUID().slice(0, 8);
const topic = `e2e-lag-${tag}`;
const historyTopic = `_console_lag_history_test-${randomUUID()}`;
const electionGroup = `test-group-lag-election-${randomUUID()}`;
let group: string;

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  await kafka.createTopic(2, { name: topic });
  await kafka.produce(
    topic,
    [0, 1, 0, 1, 0, 0].map((partition, i) => ({ partition, value: `v${i}` })),
  );
  group = await kafka.commitOffsets(topic, [1, 0]);
  app = await startApp((c) => ({
    ...c,
    groupIndex: { refreshMs: 1_000 },
    lagHistory: LagHistoryConfig.parse({
      enabled: true,
      intervalMs: 300,
      topic: historyTopic,
      electionGroup,
      webhooks: { ops: { url: hooks.url('/hook') } },
      rules: [{ name: 'lag-high', group, lagAbove: 2, webhooks: ['ops'] }],
    }),
  }));
  await hooks.waitFor('/hook', (b) => b.status === 'FIRING', 45_000);
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await hooks?.close();
  await kafka.admin.deleteGroups({ groups: [electionGroup] }).catch(() => undefined);
  kafka.track(historyTopic);
  await kafka.cleanup();
});

async function settle(): Promise<void> {
  await page.locator('main').first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"], .spinner').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(200);
}

describe('lag history screens', () => {
  for (const width of [1440, 1024]) {
    it(`charts a group's lag, switches range, shows alerts on the lists (${width} px)`, async () => {
      await page.setViewportSize({ width, height: 900 });
      const found: string[] = [];
      await page.goto(`${app.url}/ui/local/group/${group}/lag`);
      await settle();
      const chart = page.getByRole('img', {
        name: new RegExp(`Lag of group ${group} over the last 1 h: ${topic} now 5`),
      });
      await chart.waitFor();
      expect(await page.locator('.lag-chart canvas').count()).toBe(1);
      found.push(...(await checkBothThemes(page, 'lag-group')));
      await page.getByRole('button', { name: '24 h' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('range')).toBe('24h');
      await page.getByRole('img', { name: /over the last 24 h/ }).waitFor();
      expect(await page.getByRole('button', { name: '24 h' }).getAttribute('aria-pressed')).toBe('true');

      await page.goto(`${app.url}/ui/local/group?search=${group}`);
      await settle();
      await page.getByRole('row').filter({ hasText: group }).getByText('Alert: lag-high').waitFor();
      found.push(...(await checkBothThemes(page, 'lag-group-list')));

      await page.goto(`${app.url}/ui/local/topic/${topic}/groups?range=7d`);
      await settle();
      await page
        .getByRole('img', {
          name: new RegExp(`the groups on topic ${topic} over the last 7 d: ${group} now 5`),
        })
        .waitFor();
      await page.getByRole('row').filter({ hasText: group }).getByText('Alert: lag-high').waitFor();
      found.push(...(await checkBothThemes(page, 'lag-topic-groups')));
      expect(found).toEqual([]);
    }, 60_000);
  }
});
