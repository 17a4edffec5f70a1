import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { expectToast, launchBrowser, screenshot } from '../../support/browser.ts';
import { type RunningOidc, startOidcProvider } from '../../support/oidc.ts';
import { sha256, withSecurity } from '../../support/security.ts';

const PASSWORD = 'e2e-password';

let idp: RunningOidc;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  idp = await startOidcProvider({ alice: { groups: ['kafka-readers'] } });
  app = await startApp(
    withSecurity({
      defaultGroup: null,
      roles: {
        everything: [
          {
            resources: [
              'TOPIC',
              'TOPIC_DATA',
              'CONSUMER_GROUP',
              'NODE',
              'ACL',
              'SCHEMA',
              'CONNECTOR',
              'KSQLDB',
            ],
            actions: ['READ', 'CREATE', 'UPDATE', 'DELETE', 'READ_CONFIG', 'ALTER_CONFIG'],
          },
        ],
        'topic-read': [{ resources: ['TOPIC', 'TOPIC_DATA'], actions: ['READ'] }],
        'node-read': [{ resources: ['NODE'], actions: ['READ'] }],
      },
      groups: {
        admin: [{ role: 'everything' }],
        'project-a': [{ role: 'topic-read', patterns: ['project-a\\..*'] }],
        operators: [{ role: 'node-read' }],
      },
      users: [
        { username: 'admin', password: sha256(PASSWORD), groups: ['admin'] },
        { username: 'projecta', password: sha256(PASSWORD), groups: ['project-a'] },
      ],
      oidc: {
        providers: {
          test: {
            label: 'Login with Test IdP',
            issuer: idp.issuer,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
            scopes: ['openid', 'profile', 'groups'],
            allowInsecureHttp: true,
            groups: [{ name: 'kafka-readers', groups: ['operators'] }],
          },
        },
      },
    }),
  );
  idp.register([`${app.url}/oauth/callback/test`]);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await idp?.stop();
});

async function fresh(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return { context, page: await context.newPage() };
}

const menu = (page: Page) => page.getByRole('complementary', { name: 'Main menu' });

async function menuEntries(page: Page): Promise<string[]> {
  await menu(page).getByRole('link', { name: 'Settings' }).waitFor();
  return menu(page).locator('nav a').allTextContents();
}

async function formLogin(page: Page, username: string, password: string) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

describe('security in the console', () => {
  it('sends a visitor without roles to the login page, which offers the form and the provider', async () => {
    const { context, page } = await fresh();
    await page.goto(`${app.url}/ui/local/settings`);
    await page.waitForURL(/\/ui\/login$/);
    const form = page.getByRole('form', { name: 'Login' });
    const submit = form.getByRole('button', { name: 'Login' });
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Username').fill('projecta');
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByText('or', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Login with Test IdP' }).count()).toBe(1);
    await screenshot(page, 'security-login-page');

    await formLogin(page, 'projecta', 'wrong');
    await expectToast(page, 'Wrong Username or Password!');
    await screenshot(page, 'security-login-wrong-password');

    // Back to the page that was asked for, with only the menus the roles allow.
    await formLogin(page, 'projecta', PASSWORD);
    await page.waitForURL(/\/ui\/local\/settings$/);
    // The failed attempt's warning (8 s long) is gone once the login succeeded.
    expect(await page.getByText('Wrong Username or Password!').count()).toBe(0);
    expect(await menuEntries(page)).toEqual([
      'Overview',
      'Insights',
      'Topics',
      'Live Tail',
      'Data flow',
      'Reassignments',
      'Settings',
    ]);
    // The title bar comes with the screen, loaded on first use: wait for it rather than count at once.
    await page.getByRole('button', { name: 'projecta (Logout)' }).waitFor();
    await screenshot(page, 'security-topic-reader-menu');

    // A screen the roles do not allow is not even a route.
    await page.goto(`${app.url}/ui/local/node`);
    await page.waitForURL(/\/ui\/page-not-found$/);
    await context.close();
  });

  it('keeps cluster settings in the browser and confirms the update', async () => {
    const { context, page } = await fresh();
    await page.goto(`${app.url}/ui/login`);
    await formLogin(page, 'admin', PASSWORD);
    await page.waitForURL(/\/ui\/local\/overview/);
    await menu(page).getByRole('link', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Settings for cluster local' });
    await form.getByLabel('Date time format').selectOption('ISO');
    await form.getByLabel('Skip last record').check();
    await form.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, "Settings for cluster 'local' updated successfully.");
    await screenshot(page, 'security-settings');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('uiOptions') ?? '{}'));
    expect(stored.local).toMatchObject({
      topic: { skipLastRecord: true },
      topicData: { dateTimeFormat: 'ISO' },
    });
    await page.reload();
    expect(await page.getByLabel('Date time format').inputValue()).toBe('ISO');
    await context.close();
  });

  it('goes to the login page with the server message when the session is gone', async () => {
    const { context, page } = await fresh();
    await page.goto(`${app.url}/ui/login`);
    await formLogin(page, 'admin', PASSWORD);
    await page.waitForURL(/\/ui\/local\/overview/);
    await menu(page).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings$/);
    await context.clearCookies();
    await menu(page).getByRole('link', { name: 'Nodes' }).click();
    await page.waitForURL(/\/ui\/login$/);
    await expectToast(page, 'User not authenticated or token expired');
    await screenshot(page, 'security-session-expired');
    await context.close();
  });

  it('logs out from the title bar', async () => {
    const { context, page } = await fresh();
    await page.goto(`${app.url}/ui/login`);
    await formLogin(page, 'admin', 'wrong');
    await expectToast(page, 'Wrong Username or Password!');
    await formLogin(page, 'admin', PASSWORD);
    await page.waitForURL(/\/ui\/local\/overview/);
    expect(await menuEntries(page)).toEqual([
      'Overview',
      'Insights',
      'Nodes',
      'Topics',
      'Live Tail',
      'Data flow',
      'Consumer Groups',
      'Streams Apps',
      'Reassignments',
      'ACLS',
      'Schema Registry',
      'Connect',
      'ksqlDB',
      'Settings',
    ]);
    await page.getByRole('button', { name: 'admin (Logout)' }).click();
    await page.waitForURL(/\/ui\/login$/);
    await expectToast(page, 'Logged out successfully');
    expect(await page.getByText('Wrong Username or Password!').count()).toBe(0);
    expect((await context.cookies()).find((c) => c.name === 'JWT')).toBeUndefined();
    await screenshot(page, 'security-logged-out');
    await context.close();
  });

  it('signs in with the OpenID provider and shows the mapped roles', async () => {
    const { context, page } = await fresh();
    await page.goto(`${app.url}/ui/login`);
    await page.getByRole('link', { name: 'Login with Test IdP' }).click();
    await page.waitForURL(new RegExp(`^${idp.issuer}/interaction/`));
    await page.getByLabel('Username').fill('alice');
    await screenshot(page, 'security-oidc-provider');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/ui\/local\/node$/);
    expect(await menuEntries(page)).toEqual(['Nodes', 'Settings']);
    // The title bar comes with the screen, loaded on first use: wait for it rather than count at once.
    await page.getByRole('button', { name: 'alice (Logout)' }).waitFor();
    await page.getByRole('row').filter({ hasText: '127.0.0.1' }).waitFor();
    await screenshot(page, 'security-oidc-signed-in');
    await context.close();
  });
});
