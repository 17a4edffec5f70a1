import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorOffsets } from '../../../packages/contract/src/index.ts';
import { connectorState, direct, newConnectorName, SINK, SOURCE } from '../../integration/connect/support.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { checkBothThemes } from '../../support/axe.ts';
import { expectToast, launchBrowser } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';
import { eventually } from '../../support/upstreams.ts';

// Stop, the Offsets tab, the worker's validation in the create form and the Loggers screen, in Chromium
// against the stack's worker; each screen axe-checked in both themes at 1440 and 1024 px.
const LOGGER = 'org.apache.kafka.connect.file.FileStreamSourceTask';
let app: RunningApp;
let browser: Browser;
let page: Page;
let dir: string;
const kafka = testKafka();
const name = newConnectorName();
const violations: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'e2e-connect-offsets-'));
  const topic = await kafka.createTopic(1);
  const file = join(dir, 'input.txt');
  await writeFile(file, 'one\ntwo\nthree\n');
  app = await startApp();
  const created = await fetch(`${app.url}/api/local/connect/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, configs: { 'connector.class': SOURCE, file, topic, 'tasks.max': '1' } }),
  });
  expect(created.status).toBe(200);
  await connectorState(name, 'RUNNING');
  await eventually(
    () => direct<ConnectorOffsets>(`/connectors/${name}/offsets`),
    (a) => a.body.offsets?.[0]?.offset?.position === 14,
  );
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await direct(`/connectors/${name}`, 'DELETE').catch(() => undefined);
  await direct(`/admin/loggers/${LOGGER}?scope=cluster`, 'PUT', { level: 'INFO' }).catch(() => undefined);
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
  await rm(dir, { recursive: true, force: true });
});

/** axe in both themes at 1440 and at 1024 px, with screenshots of each. */
async function checkScreen(shot: string) {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    violations.push(...(await checkBothThemes(page, shot)));
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('Stop and the Offsets tab', () => {
  it('shows offsets, edits them only once the connector is stopped, then resets them', async () => {
    await page.goto(`${app.url}/ui/local/connect/local/definition/${name}/offsets`);
    const offsets = page.getByRole('table', { name: 'Offsets' });
    await expect.poll(() => offsets.textContent(), { timeout: 20_000 }).toContain('"position":14');
    await page.getByText('stop it first').waitFor();
    expect(await page.getByRole('button', { name: 'Edit offsets' }).isDisabled()).toBe(true);
    await checkScreen('connect-offsets-running');

    await page.getByRole('button', { name: 'Stop Definition' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Do you want to stop definition: ${name} ?`).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expectToast(page, `Definition '${name}' is stopped`);
    await page.getByRole('status', { name: 'State: STOPPED' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Resume Definition' }).isVisible()).toBe(true);

    const edit = page.getByRole('button', { name: 'Edit offsets' });
    await expect.poll(() => edit.isDisabled()).toBe(false);
    await edit.click();
    const editor = page.getByRole('textbox', { name: 'Offsets (JSON)' });
    await editor.fill('[{"partition": {"filename": 1}, "offset": 3}]');
    await page.getByText('Entry 1: "offset" must be an object').waitFor();
    const file = join(dir, 'input.txt');
    await editor.fill(JSON.stringify([{ partition: { filename: file }, offset: { position: 4 } }]));
    await checkScreen('connect-offsets-edit');
    await page.getByRole('button', { name: 'Apply offsets' }).click();
    await expectToast(page, 'The offsets for this connector have been altered successfully');
    await expect.poll(() => offsets.textContent()).toContain('"position":4');
    expect((await direct<ConnectorOffsets>(`/connectors/${name}/offsets`)).body.offsets[0]?.offset).toEqual({
      position: 4,
    });

    await page.getByRole('button', { name: 'Reset offsets' }).click();
    await dialog.getByText(`Do you want to reset every offset of ${name}?`).waitFor();
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await expectToast(page, 'The offsets for this connector have been reset successfully');
    await offsets.getByText('No offsets committed').waitFor();
    await checkScreen('connect-offsets-stopped');
  });
});

describe("the worker's validation in the create form", () => {
  it("shows the worker's error beside the field and creates nothing", async () => {
    const sinkName = newConnectorName();
    await page.goto(`${app.url}/ui/local/connect/local/create`);
    await page.getByRole('combobox', { name: 'Type' }).selectOption(SINK);
    await page.getByRole('textbox', { name: 'Name *' }).fill(sinkName);
    await page.getByRole('textbox', { name: 'file', exact: true }).fill(join(dir, 'out.txt'));
    // No topics nor topics.regex: only the worker knows a sink needs one.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('alert').filter({ hasText: 'Kafka Connect refused this configuration' }).waitFor();
    const errors = page.locator('.form-field__error');
    await expect.poll(() => errors.allTextContents()).toContainEqual(expect.stringMatching(/topics/));
    await checkScreen('connect-create-worker-errors');
    expect((await direct(`/connectors/${sinkName}`)).status).toBe(404);
  });
});

describe('the Loggers screen', () => {
  it("lists the worker's loggers and sets a level Connect then reports", async () => {
    await page.goto(`${app.url}/ui/local/connect/local`);
    await page.getByRole('link', { name: 'Loggers' }).click();
    await page.getByRole('searchbox', { name: 'Search loggers' }).fill('connect.file');
    const level = page.getByRole('combobox', { name: `Level of ${LOGGER}` });
    await level.selectOption('DEBUG');
    await expectToast(page, `Logger '${LOGGER}' is at DEBUG on this worker`);
    expect((await direct<{ level: string }>(`/admin/loggers/${LOGGER}`)).body.level).toBe('DEBUG');
    await checkScreen('connect-loggers');
    expect(violations).toEqual([]);
  });
});
