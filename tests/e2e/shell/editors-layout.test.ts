import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectDefinition } from '../../../packages/contract/src/index.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { seriousViolations } from '../../support/axe.ts';
import { expectToast, launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';

// The connector form, the schema editor, layouts from 1024 px and the keyboard,
// at 1440 and 1024 px, light and dark, held to axe-core.
let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const tag = randomUUID().slice(0, 8);
const topic = `e2e-editors-${tag}`;
const connector = `e2e-editors-${tag}`;
const subject = `e2e-editors-${tag}-value`;
/** A topic read only by a group whose id is long enough to reach the row actions unless the cell holds it. */
const layoutTopic = `e2e-layout-${tag}`;
const longGroup = `e2e-editors-${tag}-billing-invoices-reconciliation-consumer-group-eu-west-1`;
const WIDTHS = [1440, 1024] as const;
const v1 = { type: 'record', name: 'Order', fields: [{ name: 'id', type: 'string' }] };

const api = (path: string, method = 'GET', body?: unknown) =>
  fetch(`${app.url}/api/local${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  await kafka.createTopic(1, { name: topic });
  await kafka.createTopic(1, { name: layoutTopic });
  await kafka.admin.alterConsumerGroupOffsets({
    groupId: longGroup,
    topics: [{ name: layoutTopic, partitionOffsets: [{ partition: 0, offset: 0n }] }],
  });
  app = await startApp();
  const schema = JSON.stringify(v1);
  const created = await api('/schema', 'POST', {
    subject,
    schema,
    schemaType: 'AVRO',
    compatibilityLevel: 'BACKWARD',
  });
  expect(created.status).toBe(200);
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 120_000);

afterAll(async () => {
  await api(`/connect/local/${connector}`, 'DELETE').catch(() => undefined);
  await api(`/schema/${subject}`, 'DELETE').catch(() => undefined);
  await kafka.admin.deleteGroups({ groups: [longGroup] }).catch(() => undefined);
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

async function checkScreen(name: string): Promise<void> {
  const found: string[] = [];
  const width = page.viewportSize()?.width;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    await page.waitForTimeout(100);
    for (const line of await seriousViolations(page)) found.push(`[${theme}] ${line}`);
    await screenshot(page, `${name}-${width}-${theme}`);
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  expect(found).toEqual([]);
}

async function expectNothingOffScreen(): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The element is what the window shows at its centre: on screen, not clipped by a scrolling table. */
const inView = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });

const confirm = async () => {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
};

describe('connector form and state', () => {
  it('puts required settings first, collapses the generic groups, and edits the same form as JSON', async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${app.url}/ui/local/connect/local/create`);
      await page
        .getByRole('combobox', { name: 'Type' })
        .selectOption('org.apache.kafka.connect.file.FileStreamSinkConnector');
      const sections = await page
        .locator('form fieldset.connect-group > legend, form details > summary')
        .allTextContents();
      expect(sections[0]).toBe('Required');
      expect(sections[1]).toBe('Others');
      expect(
        sections
          .slice(2)
          .every((s) => /^(Common|Transforms|Predicates|Error Handling|Schema Registry)/.test(s)),
      ).toBe(true);
      expect(await page.locator('form details[open]').count()).toBe(0);
      expect(await page.getByRole('textbox', { name: 'Tasks max' }).isVisible()).toBe(false);
      await checkScreen('editors-connector-form');
    }
    await page.getByRole('textbox', { name: 'Name *' }).fill(connector);
    await page.getByRole('textbox', { name: 'topics', exact: true }).fill(topic);
    await page.getByRole('radio', { name: 'JSON' }).check();
    const json = page.getByRole('textbox', { name: 'Configuration (JSON)' });
    await expect.poll(() => json.textContent(), { timeout: 15_000 }).toContain(`"topics": "${topic}"`);
    await json.fill(`{"topics": "${topic}", "file": "/tmp/${connector}.txt", "tasks.max": "1"}`);
    await checkScreen('editors-connector-json');
    await page.getByRole('radio', { name: 'Form' }).check();
    expect(await page.getByRole('textbox', { name: 'file', exact: true }).inputValue()).toBe(
      `/tmp/${connector}.txt`,
    );
    await page.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, `Connection '${connector}' was created successfully`);
  });

  it('shows the connector state in the list and on the page, following pause and resume', async () => {
    const state = page.getByRole('status', { name: /^State: / });
    await page.goto(`${app.url}/ui/local/connect/local/definition/${connector}/tasks`);
    await expect.poll(() => state.textContent(), { timeout: 20_000 }).toBe('RUNNING');
    await page.getByRole('button', { name: 'Pause Definition' }).click();
    await confirm();
    await expect.poll(() => state.textContent(), { timeout: 20_000 }).toBe('PAUSED');
    await checkScreen('editors-connector-paused');
    await page.getByRole('button', { name: 'Resume Definition' }).click();
    await confirm();
    await expect.poll(() => state.textContent(), { timeout: 20_000 }).toBe('RUNNING');
    const answer = (await (await api(`/connect/local/${connector}`)).json()) as ConnectDefinition;
    expect(answer.state).toBe('RUNNING');

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${app.url}/ui/local/connect/local?search=${connector}`);
      const table = page.getByRole('table', { name: 'Connectors' });
      await table.getByRole('row').filter({ hasText: connector }).getByText('RUNNING').first().waitFor();
      expect(await table.getByRole('columnheader').allTextContents()).toContain('State');
      await expectNothingOffScreen();
      await checkScreen('editors-connector-list');
    }
  });
});

describe('schema editor', () => {
  it('pretty-prints, refuses invalid JSON before sending, and tests compatibility before Update', async () => {
    const text = page.getByRole('textbox', { name: 'Schema', exact: true });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${app.url}/ui/local/schema/details/${subject}/update`);
      await expect.poll(() => text.textContent(), { timeout: 15_000 }).toContain('"Order"');
      await page.getByRole('button', { name: 'Pretty-print' }).click();
      expect(await text.locator('.cm-line').count()).toBeGreaterThan(3);
      // The editor colours the JSON: property names and strings are highlighted spans.
      expect(await text.locator('.cm-line span').count()).toBeGreaterThan(0);
      await checkScreen('editors-schema');
    }
    await text.fill('{"type": "record", "name": "Order",');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Schema is not valid JSON').waitFor();

    // Dropping the field without a default breaks BACKWARD: the registry says so, nothing is registered.
    const breaking = { type: 'record', name: 'Order', fields: [{ name: 'total', type: 'int' }] };
    await text.fill(JSON.stringify(breaking));
    await page.getByRole('button', { name: 'Test compatibility' }).click();
    await page.getByRole('status').filter({ hasText: 'Not compatible with the latest version' }).waitFor();
    const compatible = {
      ...v1,
      fields: [...v1.fields, { name: 'note', type: ['null', 'string'], default: null }],
    };
    await text.fill(JSON.stringify(compatible));
    await page.getByRole('button', { name: 'Test compatibility' }).click();
    await page.getByRole('status').filter({ hasText: 'Compatible with the latest version.' }).waitFor();
    await checkScreen('editors-schema-compatible');
    expect(((await (await api(`/schema/${subject}`)).json()) as { version: number }).version).toBe(1);
    await page.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, `Schema '${subject}' is updated`);
  });

  it('answers the compatibility route as the registry does, checked by permission', async () => {
    const check = await api(`/schema/${subject}/compatibility`, 'POST', { schema: JSON.stringify(v1) });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ isCompatible: true, messages: [] });
    const missing = await api(`/schema/${subject}-missing/compatibility`, 'POST', { schema: '"string"' });
    expect(missing.status).toBe(404);
  });
});

describe('layouts and keyboard', () => {
  it('collapses the menu by itself below 1280 px and keeps the topic list on screen at 1024 px', async () => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto(`${app.url}/ui/local/topic?search=${tag}`);
    const row = page.getByRole('row').filter({ hasText: layoutTopic });
    await row.waitFor();
    expect(await page.getByRole('button', { name: 'Expand menu' }).count()).toBe(1);
    // The row actions and the groups column are in view, not scrolled off inside the table (polled: the
    // menu's collapse moves the layout for a moment).
    const group = row.getByRole('link', { name: new RegExp(`^${longGroup}`) });
    await group.waitFor();
    for (const shown of [row.getByRole('button', { name: `Delete topic ${layoutTopic}` }), group])
      await expect.poll(() => inView(shown), { timeout: 10_000 }).toBe(true);
    // Every group button (and its lag badge) ends before the sticky row actions begin; the long id is
    // cut with an ellipsis and named in full.
    const clearOfActions = () =>
      page.getByRole('table', { name: 'Topics' }).evaluate((table) =>
        Array.from(table.querySelectorAll('tbody tr')).every((tr) => {
          const actions = tr.querySelector('td:has(> .row-actions)')?.getBoundingClientRect();
          return Array.from(tr.querySelectorAll('.group-button, .group-button .badge')).every(
            (el) => actions !== undefined && el.getBoundingClientRect().right <= actions.left,
          );
        }),
      );
    expect(await clearOfActions()).toBe(true);
    expect(await group.getAttribute('title')).toContain(longGroup);
    const cut = await group.locator('.group-button__id').evaluate((el) => ({
      ellipsis: getComputedStyle(el).textOverflow,
      clipped: el.scrollWidth > el.clientWidth,
    }));
    expect(cut).toEqual({ ellipsis: 'ellipsis', clipped: true });
    await expectNothingOffScreen();
    await checkScreen('editors-topic-list');
    // Opening it by hand still works there; at 1440 the stored choice (expanded) applies.
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await page.getByRole('button', { name: 'Collapse menu' }).waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Collapse menu' }).waitFor();
    expect(await inView(group)).toBe(true);
    expect(await clearOfActions()).toBe(true);
    await checkScreen('editors-topic-list');
  });

  it('offers a skip link first, and names every row icon button with its object', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url}/ui/local/topic?search=${tag}`);
    // The long group's id holds the topic's name too: its row matches as well.
    await page.getByRole('row').filter({ hasText: topic }).first().waitFor();
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement?.textContent);
    expect(first).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await page.getByRole('button', { name: `Details topic ${topic}` }).waitFor();
    await page.getByRole('button', { name: `Delete topic ${topic}` }).waitFor();
    const unnamed = await page
      .locator('button.btn--icon')
      .evaluateAll((buttons) =>
        buttons.filter((b) => !(b.getAttribute('aria-label') ?? '').trim()).map((b) => b.outerHTML),
      );
    expect(unnamed).toEqual([]);
  });
});
