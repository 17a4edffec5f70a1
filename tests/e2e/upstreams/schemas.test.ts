import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { expectToast, launchBrowser, screenshot } from '../../support/browser.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;
const subject = `e2e-schema-${randomUUID().slice(0, 8)}-value`;
const record = (fields: string) =>
  JSON.stringify({ type: 'record', name: 'Order', namespace: 'e2e', fields: JSON.parse(fields) }, null, 2);
const v1 = record('[{"name":"id","type":"string"}]');
const v2 = record('[{"name":"id","type":"string"},{"name":"note","type":["null","string"],"default":null}]');

const api = async (path: string) => (await fetch(`${app.url}/api/local${path}`)).json();

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
});
afterAll(async () => {
  await fetch(`${app.url}/api/local/schema/${subject}`, { method: 'DELETE' }).catch(() => undefined);
  await browser?.close();
  await app?.close();
});

describe('schema registry', () => {
  it('creates a subject, names a missing field, and lists it', async () => {
    await page.goto(`${app.url}/ui/local/schema`);
    await page.getByRole('link', { name: 'Create a Subject' }).click();
    await page.waitForURL(/\/schema\/create$/);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Subject is required').waitFor();
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page.getByRole('textbox', { name: 'Schema', exact: true }).fill(v1);
    // A new schema is BACKWARD unless chosen otherwise (docs/behaviour.md#schemas).
    expect(await page.getByRole('combobox', { name: 'Compatibility Level' }).inputValue()).toBe('BACKWARD');
    await screenshot(page, 'schema-create');
    await page.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, `Schema '${subject}' created.`);
    await page.waitForURL(/\/schema$/);

    await page.getByRole('searchbox', { name: 'Search subjects' }).fill(subject);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('table', { name: 'Schemas' }).getByRole('row').filter({ hasText: subject });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('AVRO');
    await screenshot(page, 'schema-list');
    expect(((await api(`/schema/${subject}`)) as { compatibilityLevel?: string }).compatibilityLevel).toBe(
      'BACKWARD',
    );
    await row.getByRole('link', { name: subject }).click();
    await page.waitForURL(/\/schema\/details\/.+\/update$/);
  });

  it('updates the subject with a new version, lists the versions and deletes one', async () => {
    await page.goto(`${app.url}/ui/local/schema/details/${subject}`);
    await page.waitForURL(/\/update$/);
    const text = page.getByRole('textbox', { name: 'Schema', exact: true });
    await expect.poll(() => text.textContent()).toContain('"Order"');
    expect(await page.getByRole('combobox', { name: 'Compatibility Level' }).inputValue()).toBe('BACKWARD');
    await text.fill(v2);
    await page.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, `Schema '${subject}' is updated`);
    expect(((await api(`/schema/${subject}`)) as { version: number }).version).toBe(2);

    await page.getByRole('tab', { name: /Versions/ }).click();
    await page.waitForURL(/\/versions$/);
    const versions = page.getByRole('table', { name: 'Versions' }).getByRole('row');
    await expect.poll(() => versions.count()).toBe(3);
    // The two versions side by side: the new optional field is added on the right only.
    const diff = page.getByRole('table', { name: 'Changes from version 1 to 2' });
    const added = diff.locator('.schema-diff__row--added');
    await expect.poll(() => added.count()).toBeGreaterThan(0);
    expect(await added.allTextContents()).toContainEqual(expect.stringContaining('"name": "note"'));
    expect(await diff.locator('.schema-diff__row--removed').count()).toBe(0);
    await screenshot(page, 'schema-versions');
    // Newest first: the header, version 2, version 1.
    await versions.nth(2).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expectToast(page, `Version '1' of '${subject}' is deleted`);
    await expect.poll(() => versions.count()).toBe(2);
  });

  it('deletes the subject from the list after confirmation', async () => {
    await page.goto(`${app.url}/ui/local/schema?search=${subject}`);
    const row = page.getByRole('table', { name: 'Schemas' }).getByRole('row').filter({ hasText: subject });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText(`Do you want to delete subject: ${subject} ?`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expectToast(page, `Schema '${subject}' is deleted`);
    await expect.poll(() => row.count()).toBe(0);
  });
});
