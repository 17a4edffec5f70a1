// The Streams apps screens in a real browser, with a real Kafka Streams 4.4 app on the streams protocol:
// the list beside consumer and share groups, the app's tabs (members and tasks, subtopologies, offsets),
// the reset preview, and the topic list folding the app's internal topics; each at 1440 and 1024 px,
// light and dark, held to axe-core.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { seriousViolations } from '../../support/axe.ts';
import { launchBrowser, screenshot } from '../../support/browser.ts';
import { bootstrap, testKafka, uniqueName } from '../../support/kafka.ts';
import { type RunningStreamsApp, startStreamsApp } from '../../support/streams-app.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const appId = uniqueName('group').replace('test-group-', 'e2e-streams-');
let source: string;
let streams: RunningStreamsApp | undefined;

beforeAll(async () => {
  source = await kafka.createTopic(2, { name: `${appId}-input` });
  const sink = await kafka.createTopic(1, { name: `${appId}-output` });
  await kafka.produce(source, [
    { partition: 0, key: 'k1', value: 'a' },
    { partition: 1, key: 'k2', value: 'b' },
  ]);
  streams = await startStreamsApp({
    bootstrap: bootstrap(),
    applicationId: appId,
    source,
    sink,
    protocol: 'streams',
  });
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await streams?.stop();
  await kafka.admin.deleteGroups({ groups: [appId] }).catch(() => undefined);
  const internal = (await kafka.admin.listTopics()).filter(
    (t) => t.startsWith(`${appId}-`) && /-(changelog|repartition)$/.test(t),
  );
  if (internal.length) await kafka.admin.deleteTopics({ topics: internal }).catch(() => undefined);
  await app?.close();
  await kafka.cleanup();
}, 120_000);

async function setTheme(theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, theme);
}

/** axe in both themes at both widths, each saved as a screenshot. */
async function checkEverywhere(name: string): Promise<void> {
  const found: string[] = [];
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(theme);
      for (const line of await seriousViolations(page)) found.push(`${name} ${width} [${theme}] ${line}`);
      await screenshot(page, `streams-${name}-${width}-${theme}`);
    }
  }
  await setTheme('light');
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(found).toEqual([]);
}

describe('Streams apps', () => {
  it('are listed beside the consumer groups with their protocol, and open to their tasks', async () => {
    await page.goto(`${app.url}/ui/local/group`);
    await page
      .getByRole('navigation', { name: 'Group types' })
      .getByRole('link', { name: 'Streams apps' })
      .click();
    await page.getByLabel('Search Streams apps').fill(appId);
    await page.getByLabel('Search Streams apps').press('Enter');
    const row = page.getByRole('table', { name: 'Streams apps' }).getByRole('row').filter({ hasText: appId });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain('STREAMS');
    await checkEverywhere('list');

    await row.getByRole('link', { name: appId, exact: true }).click();
    const members = page.getByRole('table', { name: 'Members and tasks' });
    // The member's active tasks, as kafka-streams-groups.sh prints them: both subtopologies, both partitions.
    await members
      .getByRole('row')
      .filter({ hasText: '0:[0,1] 1:[0,1]' })
      .first()
      .waitFor({ timeout: 60_000 });
    await checkEverywhere('members');
  });

  it("shows each subtopology's topics and the lag per input partition with a reset preview", async () => {
    await page.getByRole('tab', { name: 'Subtopologies' }).click();
    const topology = page.getByRole('table', { name: 'Subtopologies and their topics' });
    await topology.getByRole('link', { name: `${appId}-counts-changelog` }).waitFor();
    expect(await topology.getByRole('link', { name: source }).count()).toBe(1);
    await checkEverywhere('subtopologies');

    await page.getByRole('tab', { name: 'Offsets & lag' }).click();
    const offsets = page.getByRole('table', { name: 'Offsets and lag' });
    await offsets.getByRole('row').filter({ hasText: source }).first().waitFor();
    // Running apps cannot be reset: the button says why; the preview works any time.
    expect(await page.getByRole('button', { name: 'Reset', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('table', { name: 'Reset preview' });
    await preview.getByRole('row').filter({ hasText: source }).first().waitFor();
    expect(await preview.getByRole('row').filter({ hasText: source }).count()).toBe(2);
    await checkEverywhere('offsets');
  });

  it("folds the app's internal topics into one expandable row of the topic list", async () => {
    await page.goto(`${app.url}/ui/local/topic?search=${appId}&topicListView=ALL`);
    const topics = page.getByRole('table', { name: 'Topics' });
    await topics.getByRole('link', { name: `${appId}-counts-changelog` }).waitFor();
    await page.getByLabel('Fold Streams apps').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('fold')).toBe('streams');
    await topics.getByRole('link', { name: `Streams app ${appId}` }).waitFor();
    expect(await topics.getByRole('link', { name: `${appId}-counts-changelog` }).count()).toBe(0);
    // The app's own input and output topics stay rows of their own.
    expect(await topics.getByRole('link', { name: source, exact: true }).count()).toBe(1);
    await topics.getByRole('button', { name: `Expand Streams app ${appId}` }).click();
    const inner = page.getByRole('list', { name: `Internal topics of Streams app ${appId}` });
    await inner.getByRole('link', { name: `${appId}-counts-repartition` }).waitFor();
    await checkEverywhere('topic-fold');
  });
});
