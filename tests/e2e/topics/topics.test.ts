import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { checkBothThemes } from '../../support/axe.ts';
import { expectToast, launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
// One prefix per run: a search for it shows exactly this file's topics on the shared broker.
const prefix = `e2e-topics-${randomUUID().slice(0, 8)}`;
const created = `${prefix}-created`;
const [first, second, third] = ['a', 'b', 'c'].map((suffix) => `${prefix}-${suffix}`) as [
  string,
  string,
  string,
];
let idleGroup: string;
let activeGroup: string;

type ConfigEntry = { name: string; value?: string };

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${app.url}/api/local${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** A new topic's metadata reaches the producer a moment after the create call answers. */
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

const topicTable = () => page.getByRole('table', { name: 'Topics' });
const rowOf = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text });

beforeAll(async () => {
  await kafka.createTopic(3, { name: first });
  await kafka.createTopic(1, { name: second });
  await kafka.createTopic(1, { name: third, configs: { 'cleanup.policy': 'compact' } });
  await retry(() =>
    kafka.produce(first, [
      { partition: 0, value: 'one' },
      { partition: 1, value: 'two' },
      { partition: 2, value: 'three' },
    ]),
  );
  idleGroup = await kafka.commitOffsets(first, [0, 1, 0]);
  activeGroup = await kafka.joinGroup(first);
  // More groups on the second topic than its groups cell carries (10).
  for (let i = 0; i < 12; i++) await kafka.commitOffsets(second, [0]);
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  // The UI deletes the topic it creates; this only catches a run that failed before that.
  await kafka.admin.deleteTopics({ topics: [created] }).catch(() => undefined);
  await kafka.cleanup();
});

describe('the topic list', () => {
  it('searches, shows the detail columns and the consumer groups of each topic', async () => {
    await page.goto(`${app.url}/ui/local/topic`);
    await page.getByRole('searchbox', { name: 'Search topics' }).fill(prefix);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('search') === prefix);
    await expect.poll(() => topicTable().getByRole('row').count()).toBe(2 + 3);

    const row = rowOf(topicTable(), first);
    await row.locator('.group-button').first().waitFor();
    expect(await row.getByTitle('approximately 3').textContent()).toBe('≈ 3');
    await row.locator('time').waitFor();
    // Both groups are on the first topic: one consuming it (green), one that only committed.
    const buttons = row.locator('.group-button');
    await row.getByRole('button', { name: /Show 1 more consumer groups/ }).click();
    await expect.poll(() => buttons.count()).toBe(2);
    const tones = await buttons.evaluateAll((links) =>
      links.map((link) => [link.textContent, link.className] as const),
    );
    // Lag counts committed partitions only: the consuming group has committed nothing yet.
    expect(tones).toContainEqual([
      expect.stringContaining(`${activeGroup}No committed offset`),
      expect.stringContaining('success'),
    ]);
    expect(tones).toContainEqual([
      expect.stringContaining(`${idleGroup}Lag: 2`),
      expect.stringContaining('warning'),
    ]);
    expect(await rowOf(topicTable(), third).locator('.group-button').count()).toBe(0);
    await screenshot(page, 'topics-list');
  });

  it("counts the groups past the 10 a cell carries and links them to the topic's Groups tab", async () => {
    await page.goto(`${app.url}/ui/local/topic?search=${second}`);
    const row = rowOf(topicTable(), second);
    await row.getByRole('button', { name: 'Show 11 more consumer groups' }).click();
    await expect.poll(() => row.locator('.group-button').count()).toBe(10);
    const more = row.getByRole('link', { name: '2 more on the Groups tab' });
    expect(await more.getAttribute('href')).toBe(`/ui/local/topic/${second}/groups`);
    expect(await checkBothThemes(page, 'topics-list-more-groups')).toEqual([]);
    await more.click();
    await page.waitForURL((url) => url.pathname.endsWith(`/topic/${second}/groups`));
  });

  it('pages with the address, replacing the history entry, with clamped page numbers', async () => {
    await page.goto(`${app.url}/ui/local/topic?search=${prefix}&uiPageSize=1`);
    await rowOf(topicTable(), first).waitFor();
    const next = page.getByRole('button', { name: 'Next page' });
    const previous = page.getByRole('button', { name: 'Previous page' });
    expect(await previous.isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Results per page' }).inputValue()).toBe('1');

    await next.click();
    await page.waitForURL(/page=2/);
    await rowOf(topicTable(), second).waitFor();
    const pageNumber = page.getByRole('textbox', { name: 'Page number' });
    await pageNumber.fill('99');
    await pageNumber.press('Enter');
    await page.waitForURL(/page=3/);
    await rowOf(topicTable(), third).waitFor();
    expect(await next.isDisabled()).toBe(true);
    await screenshot(page, 'topics-paged');

    // Page moves replaced the entry: back leaves the list for the page before it.
    await page.goto(`${app.url}/ui/local/node`);
    await page.goto(`${app.url}/ui/local/topic?search=${prefix}&uiPageSize=1`);
    await next.click();
    await page.waitForURL(/page=2/);
    await page.goBack();
    await page.waitForURL(/\/ui\/local\/node$/);
  });

  it('keeps a search in browser storage and restores it over the address', async () => {
    await page.goto(`${app.url}/ui/local/topic?search=${second}`);
    await rowOf(topicTable(), second).waitFor();
    await page.getByRole('checkbox', { name: 'Keep search' }).check();
    await page.goto(`${app.url}/ui/local/topic`);
    await page.waitForURL((url) => url.searchParams.get('search') === second);
    // The box takes the restored search once the page has rendered it: asked until it has.
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search topics' }).inputValue()).toBe(second);
    expect(await page.getByRole('checkbox', { name: 'Keep search' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Keep search' }).uncheck();
    expect(await page.evaluate(() => localStorage.getItem('topicListSearch'))).toBeNull();
  });
});

describe('the topic page', () => {
  it('opens from the list and shows every tab', async () => {
    await page.goto(`${app.url}/ui/local/topic?search=${first}`);
    await rowOf(topicTable(), first).getByRole('link', { name: first }).click();
    await page.waitForURL(new RegExp(`/topic/${first}/data$`));
    await page.getByRole('table', { name: 'Records' }).waitFor();

    await page.getByRole('tab', { name: 'Partitions' }).click();
    const partitions = page.getByRole('table', { name: 'Partitions' });
    await expect.poll(() => partitions.getByRole('row').count()).toBe(1 + 3);
    // One record: its offset 0 alone, and the end offset named as the high-water mark.
    expect(await partitions.getByRole('row').nth(1).textContent()).toContain('0 → 0 (high-water mark 1)');
    await page.getByRole('link', { name: 'Increase Partition' }).waitFor();
    await screenshot(page, 'topic-partitions');

    await page.getByRole('tab', { name: 'Consumer Groups' }).click();
    const groups = page.getByRole('table', { name: 'Consumer Groups' });
    await rowOf(groups, activeGroup).getByText('STABLE').waitFor();
    await rowOf(groups, idleGroup).getByText('EMPTY').waitFor();
    await page.getByRole('combobox', { name: 'Consumer group view' }).selectOption('HIDE_EMPTY');
    await page.waitForURL(/groupsListView=HIDE_EMPTY/);
    await expect.poll(() => rowOf(groups, idleGroup).count()).toBe(0);
    await screenshot(page, 'topic-groups');

    await page.getByRole('tab', { name: 'ACLS' }).click();
    await page.getByText('No ACLS found, or the "authorizer.class.name" parameter').waitFor();

    await page.getByRole('tab', { name: 'Logs' }).click();
    const logs = page.getByRole('table', { name: 'Logs' });
    await expect.poll(() => logs.getByRole('row').count()).toBe(1 + 3);
    await screenshot(page, 'topic-logs');
  });

  it('edits a config: the change set drops reverted values and only the change is sent', async () => {
    await page.goto(`${app.url}/ui/local/topic/${first}/configs`);
    const configs = page.getByRole('table', { name: 'Configs' });
    const retention = configs.getByRole('spinbutton', { name: 'Value of retention.ms' });
    await retention.waitFor();
    const original = await retention.inputValue();
    const update = page.getByRole('button', { name: 'Update configs' });
    expect(await update.isDisabled()).toBe(true);

    await retention.fill('3600000');
    await rowOf(configs, 'retention.ms').getByText('1 h', { exact: true }).waitFor();
    await page.getByText('1 changed').waitFor();
    await retention.fill(original);
    await page.getByText('No changes').waitFor();
    await retention.fill('3600000');
    await screenshot(page, 'topic-configs-edit');
    await update.click();
    await expectToast(page, `Topic configs '${first}' updated successfully`);

    const entries = await api<ConfigEntry[]>(`/topic/${first}/configs`);
    expect(entries.find((e) => e.name === 'retention.ms')?.value).toBe('3600000');
    expect(entries.find((e) => e.name === 'cleanup.policy')?.value).toBe('delete');
    await page.getByText('No changes').waitFor();
  });

  it('says an unknown topic does not exist, with no toolbar or tabs', async () => {
    const missing = `e2e-no-such-topic-${randomUUID().slice(0, 8)}`;
    await page.goto(`${app.url}/ui/local/topic/${missing}/data`);
    await page.getByText(`Topic '${missing}' does not exist.`).waitFor();
    const main = page.getByRole('main');
    for (const action of ['Empty Topic', 'Produce to topic', 'Live Tail', 'Copy Topic']) {
      expect(await main.getByRole('button', { name: action }).count(), action).toBe(0);
      expect(await main.getByRole('link', { name: action }).count(), action).toBe(0);
    }
    expect(await page.getByRole('tab').count()).toBe(0);
    await screenshot(page, 'topic-unknown');
  });

  it('disables Empty Topic on a compacted topic, with the reason', async () => {
    await page.goto(`${app.url}/ui/local/topic/${third}/partitions`);
    const empty = page.getByRole('button', { name: 'Empty Topic' });
    await page.getByRole('table', { name: 'Partitions' }).getByRole('row').nth(1).waitFor();
    await expect.poll(() => empty.isDisabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTitle('Only enabled for topics with Delete Cleanup Policy').count()).toBe(1);
    await page.goto(`${app.url}/ui/local/topic/${second}/partitions`);
    // The button waits for the topic's configs: on a loaded CI machine past expect.poll's 1 s default.
    await page.getByRole('table', { name: 'Partitions' }).getByRole('row').nth(1).waitFor();
    await expect.poll(() => empty.isDisabled(), { timeout: 10_000 }).toBe(false);
  });

  it('empties a topic with the delete cleanup policy after confirmation', async () => {
    await retry(() =>
      kafka.produce(second, [
        { partition: 0, value: 'a' },
        { partition: 0, value: 'b' },
      ]),
    );
    await page.goto(`${app.url}/ui/local/topic/${second}/partitions`);
    const row = page.getByRole('table', { name: 'Partitions' }).getByRole('row').nth(1);
    // Two records: offsets 0 and 1, the high-water mark 2 said as such (it read "0 → 2").
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('0 → 1 (high-water mark 2)');
    await screenshot(page, 'topic-partitions-two-records');
    await page.getByRole('button', { name: 'Empty Topic' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Do you want to empty topic: ${second} ?`).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expectToast(page, `Topic '${second}' will be emptied`);
    const [partition] = await api<{ firstOffset: number; lastOffset: number }[]>(
      `/topic/${second}/partitions`,
    );
    expect(partition?.lastOffset).toBe(2);
    expect(partition?.firstOffset).toBe(2);
    await page.reload();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('empty (high-water mark 2)');
  });

  it('increases the partitions of a topic', async () => {
    await page.goto(`${app.url}/ui/local/topic/${second}/partitions`);
    await page.getByRole('link', { name: 'Increase Partition' }).click();
    await page.waitForURL(/increasepartition$/);
    const count = page.getByRole('spinbutton', { name: 'Partitions' });
    await count.fill('0');
    await page.getByText('Partition must be at least 1').waitFor();
    await count.fill('2');
    await screenshot(page, 'topic-increase-partitions');
    await page.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Topic partition updated');
    await page.waitForURL(/\/ui\/local\/topic$/);
    const partitions = await api<unknown[]>(`/topic/${second}/partitions`);
    expect(partitions).toHaveLength(2);
  });
});

describe('create and delete', () => {
  it('validates and creates a topic with the chosen cleanup policy', async () => {
    await page.goto(`${app.url}/ui/local/topic`);
    await page.getByRole('link', { name: 'Create a topic' }).click();
    await page.waitForURL(/\/topic\/create$/);
    await expect.poll(() => page.title()).toMatch(/^Topics/);
    const submit = page.getByRole('button', { name: 'Create' });
    await submit.click();
    await page.getByText('Name is required').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await screenshot(page, 'topic-create-invalid');

    await page.getByRole('textbox', { name: 'Name' }).fill(created);
    expect(await submit.isDisabled()).toBe(false);
    await page.getByRole('spinbutton', { name: 'Partition' }).fill('2');
    await page
      .getByRole('combobox', { name: 'Cleanup Policy' })
      .selectOption({ label: 'Delete and Compact' });
    await screenshot(page, 'topic-create');
    await submit.click();
    await expectToast(page, `Topic '${created}' created`);
    await page.waitForURL(/\/ui\/local\/topic$/);

    const configs = await api<ConfigEntry[]>(`/topic/${created}/configs`);
    expect(configs.find((e) => e.name === 'cleanup.policy')?.value).toBe('compact,delete');
    expect(await api<unknown[]>(`/topic/${created}/partitions`)).toHaveLength(2);
  });

  it('shows Kafka’s reason when the topic already exists', async () => {
    await page.goto(`${app.url}/ui/local/topic/create`);
    await page.getByRole('textbox', { name: 'Name' }).fill(created);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText(/already exists/).waitFor();
    expect(page.url()).toMatch(/\/topic\/create$/);
  });

  it('deletes a topic from the list after confirmation', async () => {
    await page.goto(`${app.url}/ui/local/topic?search=${created}`);
    const row = rowOf(topicTable(), created);
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Do you want to delete topic: ${created} ?`).waitFor();
    await screenshot(page, 'topic-delete-dialog');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expectToast(page, `Topic '${created}' is deleted`);
    await expect.poll(() => row.count()).toBe(0);
  });
});

describe('nodes', () => {
  it('shows the partition share and the node configs and logs', async () => {
    await page.goto(`${app.url}/ui/local/node`);
    const row = page.getByRole('table', { name: 'Nodes' }).getByRole('row').nth(1);
    // The share comes with the partitions query, after the list: on a busy machine more than the poll's 1 s.
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toMatch(/\d+ \(100\.00%\)/);
    await screenshot(page, 'nodes-partitions');

    await row.getByRole('button', { name: 'Details' }).click();
    await page.waitForURL(/\/node\/1\/configs$/);
    await page
      .getByRole('table', { name: 'Configs' })
      .getByText('log.retention.hours', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Update configs' }).waitFor();
    await page.getByRole('tab', { name: 'Logs' }).click();
    await page.getByRole('table', { name: 'Logs' }).getByText(first).first().waitFor();
    await screenshot(page, 'node-logs');
  });

  it('updates a broker config and puts it back', async () => {
    const name = 'log.cleaner.backoff.ms';
    await page.goto(`${app.url}/ui/local/node/1/configs`);
    const input = page.getByRole('spinbutton', { name: `Value of ${name}` });
    await input.waitFor();
    const original = await input.inputValue();
    try {
      await input.fill('20000');
      await page.getByRole('button', { name: 'Update configs' }).click();
      await expectToast(page, "Node configs '1' updated successfully.");
      const entries = await api<ConfigEntry[]>('/node/1/configs');
      expect(entries.find((e) => e.name === name)?.value).toBe('20000');
      await screenshot(page, 'node-configs');
    } finally {
      // An empty value removes the override again (docs/api-conventions.md#topics).
      await fetch(`${app.url}/api/local/node/1/configs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ configs: { [name]: '' } }),
      });
    }
    const entries = await api<ConfigEntry[]>('/node/1/configs');
    expect(entries.find((e) => e.name === name)?.value).toBe(original);
  });
});

describe('dark theme', () => {
  it('renders the list and the configs tab', async () => {
    await page.goto(`${app.url}/ui/local/topic?search=${prefix}`);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await rowOf(topicTable(), first).locator('.group-button').first().waitFor();
    await screenshot(page, 'topics-list-dark');
    await page.goto(`${app.url}/ui/local/topic/${first}/configs`);
    await page.getByRole('table', { name: 'Configs' }).getByText('retention.ms').first().waitFor();
    await screenshot(page, 'topic-configs-dark');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
  });
});
