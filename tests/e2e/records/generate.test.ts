import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { checkBothThemes } from '../../support/axe.ts';
import { expectToast, launchBrowser, SCREENSHOTS } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';
import { waitForTopic } from '../../support/records.ts';

/** The Generate page: a preview of templated values, nothing written, then the records written. */
let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

/** Every page both widths and themes, axe-clean; the screenshots also go to /tmp for a look. */
async function checkLayouts(shot: string) {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await checkBothThemes(page, shot)).toEqual([]);
    for (const theme of ['light', 'dark']) {
      const name = `${shot}-${width}-${theme}.png`;
      try {
        copyFileSync(join(SCREENSHOTS, name), join('/tmp', name));
      } catch {}
    }
  }
}

describe('the Generate page', () => {
  it('previews values from a template without writing, then generates the records', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic, 1);
    await page.goto(`${app.url}/ui/local/topic/${topic}`);
    await page.getByRole('link', { name: 'Generate', exact: true }).click();
    await page.getByRole('heading', { name: `Generate into ${topic}` }).waitFor();
    // No `{topic}-value` subject: the sample template is the source.
    expect(await page.getByRole('textbox', { name: 'Value template' }).textContent()).toContain(
      '{{faker.person.fullName}}',
    );
    await page.getByLabel('Key template').fill('user-{{index}}');
    await page.getByLabel('Records', { exact: true }).fill('20');
    await page.getByLabel('Seed').fill('7');
    await checkLayouts('records-generate-form');

    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('heading', { name: 'Preview: nothing written' }).waitFor();
    const previewed = page.getByRole('listitem').filter({ hasText: '"email"' });
    expect(await previewed.count()).toBe(5);
    expect(await previewed.first().textContent()).toContain('user-0');
    const ends = await kafka.admin.listOffsets({
      topics: [{ name: topic, partitions: [{ partitionIndex: 0, timestamp: -1n }] }],
    });
    expect(Number(ends[0]?.partitions[0]?.offset)).toBe(0);
    await checkLayouts('records-generate-preview');

    // A bad template is refused on the form, naming the expression.
    await page.getByLabel('Key template').fill('{{faker.person.nope}}');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText(/'\{\{faker\.person\.nope\}\}' is not a known faker method/).waitFor();
    await page.getByLabel('Key template').fill('user-{{index}}');

    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expectToast(page, `Generated 20 records into topic '${topic}'.`);
    await page.getByText('20 records written.').waitFor();
    await page.getByRole('link', { name: "See the topic's data" }).click();
    await page.getByRole('cell', { name: 'user-19', exact: true }).waitFor();
  }, 120_000);
});

describe('the Generate page with a registry subject', () => {
  it('preselects `{topic}-value` and previews values that follow its schema', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic, 1);
    const subject = `${topic}-value`;
    const registered = await fetch(`${app.url}/api/local/schema`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        subject,
        schemaType: 'AVRO',
        schema: JSON.stringify({
          type: 'record',
          name: 'Payment',
          fields: [
            { name: 'email', type: 'string' },
            { name: 'amount', type: 'double' },
            { name: 'status', type: { type: 'enum', name: 'PaymentStatus', symbols: ['OK', 'FAILED'] } },
          ],
        }),
      }),
    });
    expect(registered.status).toBe(200);
    try {
      await page.goto(`${app.url}/ui/local/topic/${topic}/generate`);
      expect(await page.getByLabel('Value subject').inputValue()).toBe(subject);
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByRole('heading', { name: 'Preview: nothing written' }).waitFor();
      const first = await page.getByRole('listitem').filter({ hasText: '"status"' }).first().textContent();
      expect(first).toMatch(/"email": "[^"]+@[^"]+"/);
      expect(first).toMatch(/"status": "(OK|FAILED)"/);
      await checkLayouts('records-generate-subject');
    } finally {
      await fetch(`${app.url}/api/local/schema/${encodeURIComponent(subject)}`, { method: 'DELETE' });
    }
  }, 120_000);
});
