import { randomUUID } from 'node:crypto';
import { AclOperations, AclPermissionTypes, ResourcePatternTypes, ResourceTypes } from '@platformatic/kafka';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { seriousViolations } from '../../support/axe.ts';
import { launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';
import { sha256, withSecurity } from '../../support/security.ts';

// Every screen, light and dark, held to axe-core's WCAG 2.1 A/AA rules: no serious or critical violation.
let app: RunningApp;
let secured: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const tag = randomUUID().slice(0, 8);
const topic = `e2e-a11y-${tag}`;
const subject = `e2e-a11y-${tag}-value`;
const connector = `e2e-a11y-${tag}`;
const principal = `User:e2e-a11y-${tag}`;
let group: string;
let node: number;
const acl = {
  resourceType: ResourceTypes.TOPIC,
  resourceName: topic,
  resourcePatternType: ResourcePatternTypes.LITERAL,
  principal,
  host: '*',
  operation: AclOperations.READ,
  permissionType: AclPermissionTypes.ALLOW,
};

const api = (path: string, method = 'GET', body?: unknown) =>
  fetch(`${app.url}/api/local${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  await kafka.createTopic(2, { name: topic });
  await retry(() =>
    kafka.produce(topic, [
      { partition: 0, key: 'order-1', value: '{"id":1,"status":"FAILED"}' },
      { partition: 0, key: 'order-2', value: '{"id":2,"status":"OK"}' },
      { partition: 1, value: 'plain text' },
    ]),
  );
  group = await kafka.commitOffsets(topic, [1, 0]);
  await kafka.admin.createAcls({ creations: [acl] as never });
  app = await startApp();
  secured = await startApp(
    withSecurity({
      defaultGroup: null,
      users: [{ username: 'reader', password: sha256(`e2e-${tag}`), groups: ['reader'] }],
      groups: { reader: [{ role: 'reader' }] },
      roles: { reader: [{ resources: ['TOPIC'], actions: ['READ'] }] },
    }),
  );
  const schema = JSON.stringify({ type: 'record', name: 'A11y', fields: [{ name: 'id', type: 'string' }] });
  expect((await api('/schema', 'POST', { subject, schema, schemaType: 'AVRO' })).status).toBe(200);
  const configs = {
    'connector.class': 'org.apache.kafka.connect.file.FileStreamSinkConnector',
    file: `/tmp/e2e-a11y-${tag}.txt`,
    topics: topic,
    'tasks.max': '1',
  };
  expect((await api('/connect/local', 'POST', { name: connector, configs })).status).toBe(200);
  const nodes = (await (await api('/node')).json()) as { nodes: { id: number }[] };
  node = nodes.nodes[0]?.id ?? 1;
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // Connect rebalances on a new connector: slow when the machine is busy.
}, 180_000);
afterAll(async () => {
  await api(`/connect/local/${connector}`, 'DELETE').catch(() => undefined);
  await api(`/schema/${subject}`, 'DELETE').catch(() => undefined);
  await browser?.close();
  await app?.close();
  await secured?.close();
  await kafka.admin.deleteAcls({ filters: [acl] as never }).catch(() => undefined);
  await kafka.cleanup();
});

/** A new topic's leaders take a moment to be known: produce until they are. */
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

/** Waits until nothing on the screen is loading any more. */
async function settle(page: Page): Promise<void> {
  await page.locator('main, .standalone').first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"], .spinner').count(), { timeout: 15_000 }).toBe(0);
  // The CodeMirror editors and the lazy screens render a frame later.
  await page.waitForTimeout(150);
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, theme);
  await page.waitForTimeout(150);
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Path (under /ui/local) and, for the screens this work changed, a screenshot name. */
const screens = (): [string, string?][] => [
  ['/topic', 'a11y-topic-list'],
  ['/topic/create'],
  [`/topic/${topic}/data`, 'a11y-topic-data'],
  [
    `/topic/${topic}/data?searchByValue=${encodeURIComponent('\\"status\\":\\"FAILED\\"')}_C`,
    'a11y-topic-search',
  ],
  // A refused search: the failed status line and the warning toast.
  [`/topic/${topic}/data?partition=9&searchByValue=x_C`, 'a11y-topic-search-failed'],
  [`/topic/${topic}/partitions`, 'a11y-topic-partitions'],
  [`/topic/${topic}/groups`],
  [`/topic/${topic}/configs`, 'a11y-topic-configs'],
  [`/topic/${topic}/acls`],
  [`/topic/${topic}/logs`],
  [`/topic/${topic}/produce`],
  [`/topic/${topic}/increasepartition`],
  [`/topic/${topic}/copy`],
  [`/topic/e2e-a11y-missing-${tag}/data`, 'a11y-topic-unknown'],
  [`/tail?topicId=${topic}`],
  ['/node', 'a11y-nodes'],
  [`/node/${node}/configs`],
  [`/node/${node}/logs`],
  ['/group'],
  [`/group/${group}/topics`],
  [`/group/${group}/members`],
  [`/group/${group}/acls`],
  [`/group/${group}/offsets`],
  [`/group/${group}/offsetsdelete`],
  [`/group/e2e-a11y-missing-${tag}`, 'a11y-group-unknown'],
  [`/acls?search=${tag}`, 'a11y-acls'],
  [`/acls/${encodeURIComponent(b64(principal))}/topics`],
  [`/scram-users?search=${tag}`],
  [`/schema?search=${tag}`, 'a11y-schemas'],
  ['/schema/create', 'a11y-schema-create'],
  [`/schema/details/${subject}/update`],
  [`/schema/details/${subject}/versions`],
  [`/connect/local?search=${tag}`],
  ['/connect/local/create'],
  [`/connect/local/definition/${connector}/tasks`],
  [`/connect/local/definition/${connector}/configs`],
  ['/ksqldb/local/streams'],
  ['/ksqldb/local/tables'],
  ['/ksqldb/local/queries'],
  ['/ksqldb/local/info'],
  ['/ksqldb/local/query', 'a11y-ksqldb-query'],
  ['/ksqldb/local/statement', 'a11y-ksqldb-statement'],
  ['/settings'],
];

/** axe on the current page in both themes; at 1440 px each changed screen is saved in both too. */
async function check(page: Page, label: string, shot: string | undefined, found: string[]): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const line of await seriousViolations(page)) found.push(`${label} [${theme}] ${line}`);
    if (shot) await screenshot(page, `${shot}-${page.viewportSize()?.width}-${theme}`);
  }
  await setTheme(page, 'light');
}

/**
 * Opens each screen and checks it, the list shared by two tabs of the same browser that take the next
 * screen as they finish one: axe and the screenshots keep one core busy per tab, and the machine has two.
 */
async function walk(
  list: [string, string?][],
  viewport: { width: number; height: number },
): Promise<string[]> {
  const found: string[] = [];
  const queue = [...list];
  const pages = [page, await browser.newPage({ viewport })];
  await page.setViewportSize(viewport);
  await Promise.all(
    pages.map(async (tab) => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [path, shot] = next;
        await tab.goto(`${app.url}/ui/local${path}`);
        await settle(tab);
        await check(tab, path, shot, found);
      }
    }),
  );
  await pages[1]?.close();
  return found.sort();
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it('finds no serious or critical violation on any screen, light or dark', async () => {
    const found = await walk(screens(), { width: 1440, height: 900 });
    // A confirmation dialog over a list, and a success toast.
    await page.goto(`${app.url}/ui/local/topic?search=${tag}`);
    await settle(page);
    await page.getByRole('row').filter({ hasText: topic }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').waitFor();
    await check(page, '/topic delete dialog', 'a11y-topic-delete-dialog', found);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`${app.url}/ui/local/settings`);
    await settle(page);
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('status').filter({ hasText: 'updated successfully' }).waitFor();
    await check(page, '/settings toast', undefined, found);
    await page.goto(`${app.url}/ui/page-not-found`);
    await settle(page);
    await check(page, '/page-not-found', undefined, found);
    await page.goto(`${secured.url}/ui/login`);
    await page.getByRole('form', { name: 'Login' }).waitFor();
    await check(page, '/login', 'a11y-login', found);
    expect(found).toEqual([]);
  }, 480_000);

  it('holds at 1024 px too, where the tables and forms wrap', async () => {
    const found = await walk(
      screens().filter(([, s]) => s !== undefined),
      { width: 1024, height: 800 },
    );
    expect(found).toEqual([]);
  }, 240_000);
});
