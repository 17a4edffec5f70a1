import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { expectToast, launchBrowser, screenshot } from '../../support/browser.ts';
import { sha256, withSecurity } from '../../support/security.ts';
import { eventually, send } from '../../support/upstreams.ts';

const connectUrl = () => {
  const url = process.env.CONNECT_URL;
  if (!url) throw new Error('CONNECT_URL is not set: the stack global setup did not run');
  return url;
};

let app: RunningApp;
let browser: Browser;
let attacker: Server;
let attackerUrl: string;
let dir: string;
const name = `e2e-connector-${randomUUID().slice(0, 8)}`;
/** The attacker's pages, by path: served from another port of the same host (same site, other origin). */
const pages = new Map<string, string>();

const connectorState = async () =>
  (await send<{ connector?: { state: string } }>(`${connectUrl()}/connectors/${name}/status`)).body.connector
    ?.state;

beforeAll(async () => {
  app = await startApp(
    withSecurity({
      defaultGroup: null,
      roles: { everything: [{ resources: ['TOPIC', 'CONNECTOR'], actions: ['READ', 'UPDATE_STATE'] }] },
      groups: { admin: [{ role: 'everything' }] },
      users: [
        { username: 'admin', password: sha256('admin-pw'), groups: ['admin'] },
        { username: 'mallory', password: sha256('mallory-pw'), groups: ['admin'] },
      ],
    }),
  );
  attacker = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(pages.get(req.url ?? '') ?? '<p>nothing here</p>');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  const connector = `${app.url}/api/local/connect/local/${name}`;
  // Each page does its damage as soon as it loads: a GET by navigating, a POST through a form.
  pages.set('/pause-by-get', `<script>location.href = '${connector}/pause'</script>`);
  pages.set(
    '/pause-by-post',
    `<form method="POST" action="${connector}/pause"></form><script>document.forms[0].submit()</script>`,
  );
  pages.set(
    '/login-as-mallory',
    `<form method="POST" action="${app.url}/login">
       <input name="username" value="mallory"><input name="password" value="mallory-pw">
     </form><script>document.forms[0].submit()</script>`,
  );

  dir = await mkdtemp(join(tmpdir(), 'e2e-cross-site-'));
  const file = join(dir, 'in.txt');
  await writeFile(file, 'one\n');
  const created = await send(`${connectUrl()}/connectors`, 'POST', {
    name,
    config: {
      'connector.class': 'org.apache.kafka.connect.file.FileStreamSourceConnector',
      file,
      topic: `test-topic-${name}`,
      'tasks.max': '1',
    },
  });
  expect(created.status).toBe(201);
  await eventually(connectorState, (state) => state === 'RUNNING');
  browser = await launchBrowser();
});
afterAll(async () => {
  await fetch(`${connectUrl()}/connectors/${name}`, { method: 'DELETE' }).catch(() => undefined);
  await browser?.close();
  await new Promise((resolve) => attacker?.close(resolve));
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

async function loggedIn(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${app.url}/ui/login`);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill('admin');
  await form.getByLabel('Password').fill('admin-pw');
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/ui\/local\/overview/);
  return { context, page };
}

/** Opens the attacker's page in the victim's browser and waits until its request has been answered. */
async function visit(page: Page, path: string, target: string) {
  const answered = page.waitForResponse((res) => res.url().startsWith(target));
  await page.goto(`${attackerUrl}${path}`);
  return answered;
}

describe('a page on another port of the same host', () => {
  it("cannot pause a connector with the admin's session, by GET or by form POST", async () => {
    const { context, page } = await loggedIn();
    const byGet = await visit(page, '/pause-by-get', `${app.url}/api/local/connect/local/${name}/pause`);
    expect(byGet.status()).toBe(403);
    const byPost = await visit(page, '/pause-by-post', `${app.url}/api/local/connect/local/${name}/pause`);
    expect(byPost.status()).toBe(403);
    expect(await page.textContent('body')).toContain('Cross-site request refused');
    await screenshot(page, 'security-cross-site-pause-refused');
    expect(await connectorState()).toBe('RUNNING');

    // The console itself pauses it (a POST from its own origin) with the same session.
    await page.goto(`${app.url}/ui/local/connect/local/definition/${name}/tasks`);
    await page.getByRole('button', { name: 'Pause Definition' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Do you want to pause definition: ${name} ?`).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expectToast(page, `Definition '${name}' is paused`);
    await expect.poll(connectorState, { timeout: 20_000 }).toBe('PAUSED');
    await context.close();
  });

  it('cannot log the browser in as another user', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const answer = await visit(page, '/login-as-mallory', `${app.url}/login`);
    expect(answer.status()).toBe(403);
    expect((await context.cookies(app.url)).find((c) => c.name === 'JWT')).toBeUndefined();
    await page.goto(`${app.url}/ui/local/topic`);
    await page.waitForURL(/\/ui\/login$/);
    await context.close();
  });
});
