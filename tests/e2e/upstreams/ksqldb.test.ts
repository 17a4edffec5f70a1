import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { expectToast, launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const token = randomUUID().slice(0, 8);
const topic = `e2e-ksql-${token}`;
const stream = `E2E_STREAM_${token.toUpperCase()}`;

/** The colour CodeMirror gives the keyword `word` in the editor named `label` and the colour of its line. */
async function keywordColours(label: string, word: string) {
  const editor = page.locator('.code-editor').filter({ has: page.getByRole('textbox', { name: label }) });
  const keyword = editor.locator('.cm-line span').filter({ hasText: new RegExp(`^${word}$`) });
  await keyword.first().waitFor();
  return {
    keyword: await keyword.first().evaluate((el) => getComputedStyle(el).color),
    line: await editor
      .locator('.cm-line')
      .first()
      .evaluate((el) => getComputedStyle(el).color),
  };
}

const ksqldb = () => {
  const url = process.env.KSQLDB_URL;
  if (!url) throw new Error('KSQLDB_URL is not set');
  return url;
};

beforeAll(async () => {
  await kafka.createTopic(1, { name: topic });
  app = await startApp();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

describe('ksqlDB', () => {
  it('shows the server info and executes a statement that creates a stream, then lists it', async () => {
    await page.goto(`${app.url}/ui/local/ksqldb/local`);
    await page.waitForURL(/\/ksqldb\/local\/streams$/);
    await page.getByRole('tab', { name: 'Info' }).click();
    await expect
      .poll(() => page.getByRole('table', { name: 'Info' }).textContent())
      .toContain('Server version');

    await page.getByRole('link', { name: 'Execute statements' }).click();
    await page
      .getByRole('textbox', { name: 'SQL' })
      .fill(`CREATE STREAM ${stream} (id VARCHAR) WITH (kafka_topic='${topic}', value_format='JSON');`);
    // ksqlDB's own words are highlighted too (STREAM was plain text, so statements looked unhighlighted).
    for (const word of ['CREATE', 'STREAM', 'WITH']) {
      const colours = await keywordColours('SQL', word);
      expect(colours.keyword, word).not.toBe(colours.line);
    }
    await screenshot(page, 'ksqldb-statement');
    await page.getByRole('button', { name: 'Execute' }).click();
    await expectToast(page, 'Statement was executed successfully');

    await page.goto(`${app.url}/ui/local/ksqldb/local/streams?search=${stream}`);
    const row = page.getByRole('table', { name: 'Streams' }).getByRole('row').filter({ hasText: stream });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('link', { name: topic }).getAttribute('href')).toBe(
      `/ui/local/topic/${topic}`,
    );
    const name = page.getByRole('table', { name: 'Streams' }).getByRole('columnheader', { name: 'Name' });
    await name.getByRole('button').click();
    expect(await name.getAttribute('aria-sort')).toBe('ascending');
    await screenshot(page, 'ksqldb-streams');
  });

  it('runs a query with properties and shows the result rows', async () => {
    // The ksqlDB fake keeps rows that INSERT statements add (it does not read the Kafka topic).
    const inserted = await fetch(`${ksqldb()}/ksql`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.ksql.v1+json' },
      body: JSON.stringify({
        ksql: `INSERT INTO ${stream} (id) VALUES ('a'); INSERT INTO ${stream} (id) VALUES ('b');`,
      }),
    });
    expect(inserted.status).toBe(200);
    await page.goto(`${app.url}/ui/local/ksqldb/local/query`);
    await page.getByRole('textbox', { name: 'SQL' }).fill(`SELECT * FROM ${stream} EMIT CHANGES LIMIT 2;`);
    await page.getByRole('textbox', { name: 'Properties' }).fill('auto.offset.reset=earliest');
    await page.getByRole('button', { name: 'Execute' }).click();
    await expectToast(page, 'Query was executed successfully, see results below.');
    const rows = page.getByRole('table', { name: 'Result' }).getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(3);
    expect(await page.getByRole('table', { name: 'Result' }).textContent()).toContain('ID');
    for (const word of ['SELECT', 'EMIT', 'CHANGES']) {
      const colours = await keywordColours('SQL', word);
      expect(colours.keyword, word).not.toBe(colours.line);
    }
    await screenshot(page, 'ksqldb-query');
  });

  it('says 0 rows after a query that returned none', async () => {
    await page.goto(`${app.url}/ui/local/ksqldb/local/query`);
    const result = page.getByRole('table', { name: 'Result' });
    await result.getByText('Execute a query to se results').waitFor();
    await page
      .getByRole('textbox', { name: 'SQL' })
      .fill(`SELECT * FROM ${stream} WHERE id = 'none' LIMIT 1;`);
    await page.getByRole('button', { name: 'Execute' }).click();
    await expectToast(page, 'Query was executed successfully, see results below.');
    await result.getByText('0 rows').waitFor();
    expect(await result.getByText('Execute a query to se results').count()).toBe(0);
    await screenshot(page, 'ksqldb-query-empty');
  });
});
