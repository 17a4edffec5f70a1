import { randomUUID } from 'node:crypto';
import { AclOperations, AclPermissionTypes, ResourcePatternTypes, ResourceTypes } from '@platformatic/kafka';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { expectToast, launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const tag = randomUUID().slice(0, 8);
const topic = `e2e-groups-${tag}-a`;
const other = `e2e-groups-${tag}-b`;
const principal = `User:e2e-${tag}`;
let idleGroup: string;
let activeGroup: string;

const acls = [
  { resourceType: ResourceTypes.TOPIC, resourceName: topic, operation: AclOperations.READ },
  { resourceType: ResourceTypes.GROUP, resourceName: `e2e-group-${tag}`, operation: AclOperations.READ },
].map((acl) => ({
  ...acl,
  principal,
  host: '*',
  resourcePatternType: ResourcePatternTypes.LITERAL,
  permissionType: AclPermissionTypes.ALLOW,
}));

const table = (name: string) => page.getByRole('table', { name });
const rowOf = (t: Locator, text: string) => t.getByRole('row').filter({ hasText: text });

async function committed(group: string): Promise<Record<string, number | undefined>> {
  const res = await fetch(`${app.url}/api/local/group/${group}/offsets`);
  const offsets = (await res.json()) as { topic: string; partition: number; offset?: number }[];
  return Object.fromEntries(offsets.map((o) => [`${o.topic}#${o.partition}`, o.offset]));
}

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
  await kafka.createTopic(2, { name: topic });
  await kafka.createTopic(1, { name: other });
  await retry(() =>
    kafka.produce(topic, [
      { partition: 0, value: 'a' },
      { partition: 0, value: 'b' },
      { partition: 0, value: 'c' },
      { partition: 1, value: 'd' },
      { partition: 1, value: 'e' },
    ]),
  );
  await retry(() => kafka.produce(other, [{ partition: 0, value: 'x' }]));
  idleGroup = await kafka.commitOffsets(topic, [1, 0]);
  await kafka.admin.alterConsumerGroupOffsets({
    groupId: idleGroup,
    topics: [{ name: other, partitionOffsets: [{ partition: 0, offset: 0n }] }],
  });
  activeGroup = await kafka.joinGroup(topic);
  await kafka.admin.createAcls({ creations: acls as never });
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.admin.deleteAcls({ filters: acls as never }).catch(() => undefined);
  await kafka.cleanup();
});

describe('consumer groups', () => {
  it('lists groups with state badges and topic lag, searched through the address', async () => {
    await page.goto(`${app.url}/ui/local/group`);
    await page.getByRole('searchbox', { name: 'Search consumer groups' }).fill(idleGroup);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('search') === idleGroup);
    const row = rowOf(table('Consumer Groups'), idleGroup);
    await expect.poll(() => row.textContent()).toContain('EMPTY');
    // topic: committed 1 of 3 and 0 of 2 → lag 4; other: 0 of 1 → lag 1.
    expect(await row.getByText('Lag: 4').count()).toBe(1);
    expect(await row.getByText('Lag: 1').count()).toBe(1);
    expect(await row.getByRole('link', { name: topic }).getAttribute('href')).toMatch(`/topic/${topic}`);
    await screenshot(page, 'groups-list');

    const active = rowOf(table('Consumer Groups'), activeGroup);
    // A classic group settles after its member's first rebalance, slower on a busy machine; the list shows
    // the state when it was loaded.
    await expect
      .poll(
        async () => {
          await page.goto(`${app.url}/ui/local/group?search=${activeGroup}`);
          return active.textContent();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toContain('STABLE');
    expect(await active.locator('.badge--success').count()).toBe(1);
  });

  it('shows a group’s topics, members and ACLs tabs', async () => {
    await page.goto(`${app.url}/ui/local/group/${activeGroup}`);
    await page.waitForURL(/\/topics$/);
    const offsets = table('Topics');
    await expect.poll(() => offsets.getByRole('row').count()).toBe(3);
    await expect.poll(() => offsets.textContent()).toContain('/127.0.0.1');
    await screenshot(page, 'group-topics');
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.waitForURL(/\/members$/);
    const members = table('Members');
    await expect.poll(() => members.textContent()).toContain('console-tests-consumer');
    expect(await members.getByText(`${topic} [0]`).count()).toBe(1);
    await screenshot(page, 'group-members');
    await page.getByRole('tab', { name: 'ACLS' }).click();
    await page.waitForURL(/\/acls$/);
    await table('ACLS').waitFor();
  });

  it('says an unknown group does not exist, with no offset buttons', async () => {
    await page.goto(`${app.url}/ui/local/group/e2e-no-such-group-${tag}`);
    await page.getByText(`Consumer group 'e2e-no-such-group-${tag}' does not exist.`).waitFor();
    expect(await page.getByText('No offsets found.').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Update Offsets' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Delete Offsets' }).count()).toBe(0);
    expect(await page.getByRole('tab').count()).toBe(0);
    await screenshot(page, 'group-unknown');
  });

  it('refuses to update the offsets of an active group', async () => {
    await page.goto(`${app.url}/ui/local/group/${activeGroup}/offsets`);
    await page.getByRole('note').filter({ hasText: 'the group must be inactive first' }).waitFor();
    await page.getByRole('button', { name: 'Check all', exact: true }).click();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    // The preview is harmless; committing is what Kafka refuses while consumers are connected.
    await table('Offsets preview').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'active member');
    await screenshot(page, 'group-update-offsets-refused');
  });

  it('updates offsets after showing the preview, committing nothing before Confirm', async () => {
    await page.goto(`${app.url}/ui/local/group/${idleGroup}`);
    await page.getByRole('link', { name: 'Update Offsets' }).click();
    await page.waitForURL(/\/offsets$/);
    await page.getByRole('heading', { name: `Update offsets: ${idleGroup}` }).waitFor();
    const input = page.getByLabel('Partition: 0').first();
    await input.waitFor();
    expect(await input.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Unable to perform operation, no topics checked.').waitFor();

    await page.getByRole('group', { name: topic }).getByRole('checkbox').check();
    expect(await input.isDisabled()).toBe(false);
    expect(await input.inputValue()).toBe('1');
    // Every record is newer than 2000: the offsets at that time are the first ones.
    await page.getByRole('textbox', { name: 'Filter Timestamp' }).fill('01-01-2000 00:00');
    await expect.poll(() => input.inputValue()).toBe('0');
    await page.getByRole('button', { name: 'Reset to last offsets' }).click();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    const preview = table('Offsets preview');
    await preview.waitFor();
    expect(await preview.getByRole('row').count()).toBe(3);
    const p0 = preview.getByRole('row').nth(1);
    expect((await p0.getByRole('cell').allTextContents()).map((t) => t.trim())).toEqual([
      topic,
      '0',
      '1',
      '3',
      '2',
      '0',
    ]);
    await screenshot(page, 'group-update-offsets-preview');
    expect(await committed(idleGroup)).toMatchObject({ [`${topic}#0`]: 1, [`${topic}#1`]: 0 });

    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, `Offsets for '${idleGroup}' updated successfully`);
    await page.waitForURL(/\/topics$/);
    expect(await committed(idleGroup)).toMatchObject({
      [`${topic}#0`]: 3,
      [`${topic}#1`]: 2,
      [`${other}#0`]: 0,
    });
  });

  it('deletes the offsets of one topic after confirmation', async () => {
    await page.goto(`${app.url}/ui/local/group/${idleGroup}`);
    await page.getByRole('link', { name: 'Delete Offsets' }).click();
    await page.getByRole('heading', { name: `Delete offsets: ${idleGroup}` }).waitFor();
    const row = rowOf(table('Offsets'), other);
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Do you want to delete all offsets of topic: ${other} ?`).waitFor();
    await screenshot(page, 'group-delete-offsets');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expectToast(page, `Offsets for topic '${other}' and consumer group '${idleGroup}' are deleted`);
    await expect.poll(() => row.count()).toBe(0);
    expect(Object.keys(await committed(idleGroup)).sort()).toEqual([`${topic}#0`, `${topic}#1`]);
  });
});

describe('deleting a group', () => {
  it('deletes a stopped group from the list after confirmation', async () => {
    await page.goto(`${app.url}/ui/local/group?search=${idleGroup}`);
    const row = rowOf(table('Consumer Groups'), idleGroup);
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Do you want to delete consumer group: ${idleGroup} ?`).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expectToast(page, `Consumer Group '${idleGroup}' is deleted`);
    await expect.poll(() => row.count()).toBe(0);
    // Kafka describes a group it does not know as DEAD.
    const after = await fetch(`${app.url}/api/local/group/${idleGroup}`);
    expect(((await after.json()) as { state: string }).state).toBe('DEAD');
  });
});

describe('ACLs', () => {
  it('lists principals with the search in the address and opens a principal’s tabs', async () => {
    await page.goto(`${app.url}/ui/local/acls`);
    await page.getByRole('searchbox', { name: 'Search principals' }).fill(tag);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('search') === tag);
    await expect.poll(() => table('Acls').getByRole('row').count()).toBe(2);
    await screenshot(page, 'acls-list');

    // A single click on the row, here beside the principal's link, opens it (docs/behaviour.md#acls).
    const cell = rowOf(table('Acls'), principal).locator('td').first();
    const box = await cell.boundingBox();
    if (!box) throw new Error('the principal cell is not on screen');
    await cell.click({ position: { x: box.width - 4, y: box.height / 2 } });
    await page.getByRole('heading', { name: `Acl: ${principal}` }).waitFor();
    await page.waitForURL(/\/topics$/);
    const topics = table('Topics');
    await expect.poll(() => topics.textContent()).toContain(topic);
    // Actions (named for screen readers): this admin may delete a binding.
    expect(await topics.getByRole('columnheader').allTextContents()).toEqual([
      'Topic',
      'Pattern Type',
      'Host',
      'Permission',
      'Actions',
    ]);
    expect(await topics.textContent()).toContain('ALLOWREAD');
    await screenshot(page, 'acls-principal');

    const before = await page.evaluate(() => history.length);
    await page.getByRole('tab', { name: 'Groups' }).click();
    await page.waitForURL(/\/groups$/);
    await expect.poll(() => table('Groups').textContent()).toContain(`e2e-group-${tag}`);
    expect(await page.evaluate(() => history.length)).toBe(before);
    await page.getByRole('tab', { name: 'Clusters' }).click();
    await table('Clusters')
      .getByText(/No ACLS found/)
      .waitFor();
  });
});
