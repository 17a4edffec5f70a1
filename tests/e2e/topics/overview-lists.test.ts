import { randomUUID } from 'node:crypto';
import { Consumer } from '@platformatic/kafka';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { seriousViolations } from '../../support/axe.ts';
import { expectToast, launchBrowser, screenshot } from '../../support/browser.ts';
import { bootstrap, testKafka } from '../../support/kafka.ts';

// The overview, the topic header, the configs filter, server-sorted lists and bulk actions.
let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const tag = `e2e-ov-${randomUUID().slice(0, 8)}`;
const topics = { a: `${tag}-a`, b: `${tag}-b`, c: `${tag}-c`, gone: `${tag}-gone` };
const groups = { idle: `${tag}-g-idle`, lagging: `${tag}-g-lagging` };
let active = '';
let consumer: Consumer | undefined;
const widths = [1440, 1024] as const;
const violations: string[] = [];

async function retry(action: () => Promise<void>, attempts = 20): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await action();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

beforeAll(async () => {
  await kafka.createTopic(1, { name: topics.a });
  await kafka.createTopic(3, { name: topics.b });
  await kafka.createTopic(1, { name: topics.c });
  // Made directly, not tracked: the test deletes it through the console.
  await kafka.admin.createTopics({ topics: [topics.gone], partitions: 1, replicas: 1 });
  await retry(() =>
    kafka.produce(
      topics.b,
      Array.from({ length: 30 }, (_, i) => ({ partition: i % 3, value: `value-${i}` })),
    ),
  );
  await retry(() => kafka.produce(topics.c, [{ partition: 0, value: 'one' }]));
  for (const [id, offset] of [
    [groups.idle, 10],
    [groups.lagging, 0],
  ] as const) {
    await kafka.admin.alterConsumerGroupOffsets({
      groupId: id,
      topics: [{ name: topics.b, partitionOffsets: [{ partition: 0, offset: BigInt(offset) }] }],
    });
  }
  active = `${tag}-live`;
  consumer = new Consumer({
    groupId: active,
    clientId: 'e2e-overview',
    bootstrapBrokers: [bootstrap()],
    sessionTimeout: 10_000,
    heartbeatInterval: 500,
  });
  const joined = new Promise<void>((resolve) => consumer?.once('consumer:group:join', () => resolve()));
  await consumer.consume({ topics: [topics.c], mode: 'earliest' });
  await joined;
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await consumer?.close(true);
  await kafka.admin.deleteGroups({ groups: [...Object.values(groups), active] }).catch(() => undefined);
  await kafka.cleanup();
});

/** Waits until nothing on the screen is loading any more. */
async function settle(): Promise<void> {
  await page.locator('main').first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"], .spinner').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(150);
}

/** axe in light and dark at the current width, with a screenshot of each. */
async function check(name: string): Promise<void> {
  await settle();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    await page.waitForTimeout(120);
    const width = page.viewportSize()?.width;
    for (const line of await seriousViolations(page)) violations.push(`${name} ${width} [${theme}] ${line}`);
    await screenshot(page, `${name}-${width}-${theme}`);
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
}

/** The page's horizontal overflow: nothing may be pushed off-screen. */
const overflow = () =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const open = (path: string) => page.goto(`${app.url}/ui/local${path}`);
const topicRows = () =>
  page.getByRole('table', { name: 'Topics' }).locator('tbody tr').locator('a.topic-name').allTextContents();

describe.each(widths)('at %i px', (width) => {
  beforeAll(async () => {
    await page.setViewportSize({ width, height: 900 });
  });

  it('lands on the overview, whose figures link to their lists', async () => {
    await page.goto(`${app.url}/ui`);
    await page.waitForURL(/\/ui\/local\/overview$/);
    const menu = page.getByRole('complementary', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Overview' }).waitFor();
    const brokers = page.getByRole('table', { name: 'Brokers' });
    await brokers.getByRole('row').nth(1).waitFor();
    expect(await brokers.getByText('controller').count()).toBe(1);
    // The release each broker runs, guessed from its ApiVersions answer, and once for the cluster.
    const version = page.locator('.figure-tile').filter({ hasText: 'Kafka version' });
    const release = await version.locator('.figure-tile__value').textContent();
    expect(release).toMatch(/^\d+\.\d+( or newer)?$/);
    expect(await version.textContent()).toContain('a guess from API versions');
    const versionColumn = await brokers.getByRole('columnheader').allTextContents();
    const firstBroker = await brokers.locator('tbody tr').first().locator('td').allTextContents();
    expect(firstBroker[versionColumn.indexOf('Version')]).toBe(release);
    const topicsTile = page.getByRole('link', { name: /^[\d,]+ Topics$/ });
    const shown = Number((await topicsTile.textContent())?.split(' ')[0]?.replaceAll(',', ''));
    expect(shown).toBeGreaterThanOrEqual(4);
    expect(await page.getByRole('link', { name: /^\d+ empty$/i }).count()).toBe(1);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await check('overview');
    await page.getByRole('link', { name: /^[\d,]+ Partitions$/ }).click();
    await page.waitForURL(/\/topic\?topicListView=ALL&sort=partitions&order=desc$/);
    expect(await page.getByRole('columnheader', { name: 'Total' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('sorts the topic list on the server, in the address', async () => {
    await open(`/topic?search=${tag}`);
    // Polled: a CI run read the rows while the table was drawn again (none yet).
    await expect.poll(topicRows, { timeout: 10_000 }).toEqual([topics.a, topics.b, topics.c, topics.gone]);
    // Numbers sort largest first on the first click, then smallest first.
    await page.getByRole('button', { name: 'Count' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'records');
    expect(new URL(page.url()).searchParams.get('order')).toBe('desc');
    await expect.poll(topicRows).toEqual([topics.b, topics.c, topics.a, topics.gone]);
    await page.getByRole('button', { name: 'Count' }).click();
    await page.waitForURL((url) => url.searchParams.get('order') === 'asc');
    await expect.poll(topicRows).toEqual([topics.a, topics.gone, topics.c, topics.b]);
    await check('topic-list-sorted');
  });

  it('sorts the group list by total lag, shown in its own column', async () => {
    await open(`/group?search=${tag}-g`);
    const table = page.getByRole('table', { name: 'Consumer Groups' });
    await table.getByRole('row').nth(2).waitFor();
    await page.getByRole('button', { name: 'Total lag' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'lag');
    expect(new URL(page.url()).searchParams.get('order')).toBe('desc');
    const ids = () => table.locator('tbody tr td:nth-child(2)').allTextContents();
    await expect.poll(ids).toEqual([groups.lagging, groups.idle]);
    await page.getByRole('button', { name: 'Total lag' }).click();
    await page.waitForURL((url) => url.searchParams.get('order') === 'asc');
    await expect.poll(ids).toEqual([groups.idle, groups.lagging]);
    await page.getByRole('button', { name: 'Total lag' }).click();
    // Partition 0 of the topic holds 10 records: lag 10 and 0.
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('10');
    await check('group-list-sorted');
  });

  it('shows the topic header with a breadcrumb, and filters its configs', async () => {
    await open(`/topic/${topics.b}/configs`);
    const header = page.locator('.topic-header');
    await header.getByText('Cleanup policy').waitFor();
    await expect
      .poll(() => header.locator('dd').allTextContents())
      .toEqual(['3', '≈ 30', expect.stringMatching(/B$/), '0', 'forever', 'delete']);
    expect(
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Topics' })
        .count(),
    ).toBe(1);
    const filter = page.getByRole('searchbox', { name: 'Filter configs by name' });
    await filter.fill('flush.ms');
    const rows = page.getByRole('table', { name: 'Configs' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('no limit');
    await filter.fill('');
    await page.getByRole('checkbox', { name: 'Overridden only' }).check();
    await expect.poll(() => rows.locator('code').allTextContents()).toEqual(['retention.ms']);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await check('topic-configs-filtered');
    await page.getByRole('checkbox', { name: 'Overridden only' }).uncheck();
  });
});

describe('actions (at 1440 px)', () => {
  beforeAll(async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('keeps the success toast clear of the Update bar', async () => {
    await open(`/topic/${topics.a}/configs`);
    await page.getByRole('searchbox', { name: 'Filter configs by name' }).fill('retention.bytes');
    await page
      .getByRole('textbox', { name: 'Value of retention.bytes' })
      .or(page.getByRole('spinbutton', { name: 'Value of retention.bytes' }))
      .fill('1048576');
    await page.getByRole('button', { name: 'Update configs' }).click();
    await expectToast(page, 'updated successfully');
    const toast = await page.locator('.toast').first().boundingBox();
    const bar = await page.locator('.form-actions--sticky').boundingBox();
    const apart =
      toast &&
      bar &&
      (toast.y + toast.height <= bar.y || bar.y + bar.height <= toast.y || toast.x + toast.width <= bar.x);
    expect(apart).toBe(true);
    await screenshot(page, 'topic-configs-toast-1440-light');
  });

  it('deletes a topic from its own page, then returns to the list', async () => {
    await open(`/topic/${topics.gone}/partitions`);
    await page.getByRole('button', { name: 'Delete topic' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/ui\/local\/topic$/);
    await expect
      .poll(async () => (await fetch(`${app.url}/api/local/topic/${topics.gone}`)).status)
      .toBe(404);
  });

  it('changes a config of several topics at once, naming each with its outcome', async () => {
    await open(`/topic?search=${tag}`);
    const table = page.getByRole('table', { name: 'Topics' });
    for (const name of [topics.a, topics.c]) {
      await table
        .getByRole('row')
        .filter({ hasText: name })
        .getByRole('checkbox', { name: 'Select row' })
        .check();
    }
    await page.getByRole('region', { name: 'Selected topics' }).getByText('2 topics selected').waitFor();
    await page.getByRole('button', { name: 'Change config' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change a config of topics' });
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([topics.a, topics.c]);
    await dialog.getByRole('textbox', { name: 'Config name' }).fill('retention.ms');
    await dialog.getByRole('textbox', { name: 'New value' }).fill('86400000');
    await check('topic-bulk-confirm');
    await dialog.getByRole('button', { name: 'Update 2 topics' }).click();
    await dialog.getByText('All 2 done.').waitFor();
    for (const name of [topics.a, topics.c]) {
      const configs = (await (await fetch(`${app.url}/api/local/topic/${name}/configs`)).json()) as {
        name: string;
        value?: string;
      }[];
      expect(configs.find((c) => c.name === 'retention.ms')?.value).toBe('86400000');
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('deletes several groups, saying which failed and why', async () => {
    await open(`/group?search=${tag}`);
    const table = page.getByRole('table', { name: 'Consumer Groups' });
    await table.getByRole('row').nth(3).waitFor();
    for (const id of [groups.idle, active]) {
      await table
        .getByRole('row')
        .filter({ hasText: id })
        .getByRole('checkbox', { name: 'Select row' })
        .check();
    }
    await page
      .getByRole('region', { name: 'Selected groups' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete consumer groups' });
    await dialog.getByRole('button', { name: 'Delete 2 groups' }).click();
    await dialog.getByText('1 of 2 failed.').waitFor();
    const outcome = (id: string) => dialog.getByRole('listitem').filter({ hasText: id }).textContent();
    expect(await outcome(groups.idle)).toContain('done');
    expect(await outcome(active)).toMatch(/failed: .+/);
    await check('group-bulk-outcome');
    await dialog.getByRole('button', { name: 'Close' }).click();
    const left = (await (await fetch(`${app.url}/api/local/group?search=${tag}`)).json()) as {
      results: { id: string }[];
    };
    expect(left.results.map((g) => g.id)).not.toContain(groups.idle);
    expect(left.results.map((g) => g.id)).toContain(active);
  });

  it('finds no serious accessibility violation on these screens, light or dark, at either width', () => {
    expect(violations).toEqual([]);
  });
});
