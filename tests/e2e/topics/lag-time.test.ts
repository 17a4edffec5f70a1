import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { checkBothThemes } from '../../support/axe.ts';
import { launchBrowser } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';

/** Lag in time on the group page and the group list sorted by it, held to axe-core in both themes. */
let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const MINUTE = 60_000;
const tag = randomUUID().slice(0, 8);
const behind = `e2e-lt-${tag}-behind`;
const current = `e2e-lt-${tag}-current`;
let topic: string;

const table = (name: string) => page.getByRole('table', { name });
const rowOf = (t: Locator, text: string) => t.getByRole('row').filter({ hasText: text });

beforeAll(async () => {
  topic = await kafka.createTopic(2);
  const now = Date.now();
  await kafka.produce(topic, [
    { partition: 0, value: 'a', timestamp: new Date(now - 10 * MINUTE) },
    { partition: 0, value: 'b', timestamp: new Date(now - 5 * MINUTE) },
    { partition: 1, value: 'c', timestamp: new Date(now - MINUTE) },
  ]);
  // behind: partition 0 at its second record (written 5 minutes ago), partition 1 read to the end.
  for (const [groupId, offsets] of [
    [behind, [1, 1]],
    [current, [2, 1]],
  ] as const)
    await kafka.admin.alterConsumerGroupOffsets({
      groupId,
      topics: [
        {
          name: topic,
          partitionOffsets: offsets.map((offset, partition) => ({ partition, offset: BigInt(offset) })),
        },
      ],
    });
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.admin.deleteGroups({ groups: [behind, current] }).catch(() => undefined);
  await kafka.cleanup();
});

describe('lag in time', () => {
  it("shows each partition's time lag, the group's highest and that its lag is not shrinking", async () => {
    await page.goto(`${app.url}/ui/local/group/${behind}`);
    await page.waitForURL(/\/topics$/);
    const summary = page.getByRole('definition');
    await expect
      .poll(() => summary.allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/^5(\.\d)? min$/), 'Not shrinking']);
    const offsets = table('Topics');
    expect(await offsets.getByRole('columnheader', { name: 'Time lag' }).count()).toBe(1);
    await expect.poll(() => rowOf(offsets, 'Lag: 1').textContent()).toMatch(/5(\.\d)? min/);
    expect(await rowOf(offsets, 'Lag: 0').textContent()).toContain('0 s');
    expect(await checkBothThemes(page, 'group-lag-time')).toEqual([]);
  });

  it('sorts the group list by time lag from its column header, the figures beside the groups', async () => {
    await page.goto(`${app.url}/ui/local/group?search=e2e-lt-${tag}`);
    const groups = table('Consumer Groups');
    await expect.poll(() => groups.getByRole('row').count()).toBe(3);
    await groups.getByRole('columnheader', { name: 'Time lag' }).getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'lagTime');
    if (new URL(page.url()).searchParams.get('order') !== 'desc') {
      await groups.getByRole('columnheader', { name: 'Time lag' }).getByRole('button').click();
      await page.waitForURL((url) => url.searchParams.get('order') === 'desc');
    }
    await expect
      .poll(async () =>
        (await groups.getByRole('row').allTextContents()).slice(1).map((r) => r.includes(behind)),
      )
      .toEqual([true, false]);
    await expect.poll(() => rowOf(groups, behind).textContent()).toMatch(/5(\.\d)? min/);
    expect(await rowOf(groups, current).textContent()).toContain('0 s');
    expect(await checkBothThemes(page, 'group-list-lag-time')).toEqual([]);
  });
});
