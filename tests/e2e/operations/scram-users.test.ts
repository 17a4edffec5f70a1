import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScramUserList } from '../../../packages/contract/src/index.ts';
import { type RunningApp, request, startApp } from '../../support/app.ts';
import { checkBothThemes } from '../../support/axe.ts';
import { expectToast, launchBrowser } from '../../support/browser.ts';

// The SCRAM users screen in Chromium at 1440 and 1024 px, light and dark, held to axe-core: a user made
// from the form is listed with its mechanism and iterations, reached from its ACLs, and deleted.
let app: RunningApp;
let browser: Browser;
let page: Page;
const tag = randomUUID().slice(0, 8);
const user = `e2e-scram-${tag}`;
const password = `pw-${randomUUID()}`;

const api = async <T>(path: string, method = 'GET', body?: unknown): Promise<T> =>
  (await request(`${app.url}/api/local${path}`, { method, body })).body;

beforeAll(async () => {
  app = await startApp();
  // An ACL of the user, so the ACL list links its principal to the users screen.
  await api('/acls', 'POST', {
    resourceType: 'TOPIC',
    resourceName: `e2e-scram-${tag}`,
    principal: `User:${user}`,
    operation: 'READ',
  });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 120_000);
afterAll(async () => {
  await api(`/acls?principal=${encodeURIComponent(`User:${user}`)}`, 'DELETE').catch(() => undefined);
  await api(`/scram-users/${user}`, 'DELETE').catch(() => undefined);
  await browser?.close();
  await app?.close();
});

async function settle(): Promise<void> {
  await page.locator('main').first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"], .spinner').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(150);
}

const userRow = () =>
  page.getByRole('table', { name: 'SCRAM users' }).getByRole('row').filter({ hasText: user });

describe('SCRAM users screen', () => {
  it('creates a user from the form, lists its mechanism and iterations, and never shows the password', async () => {
    await page.goto(`${app.url}/ui/local/scram-users`);
    await settle();
    await page.getByLabel('User', { exact: true }).fill(user);
    await page.getByLabel('Mechanism').selectOption('SCRAM-SHA-256');
    await page.getByLabel('Iterations').fill('8192');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(`${password}-typo`);
    await page.getByLabel('Confirm password').blur();
    await page.getByText('does not match the password').waitFor();
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Save credential' }).click();
    await expectToast(page, `SCRAM-SHA-256 credential of ${user} saved`);
    await page.getByLabel('Search users').fill(user);
    await page.getByLabel('Search users').press('Enter');
    await expect.poll(() => userRow().textContent()).toContain('SCRAM-SHA-256 · 8,192 iterations');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await page.content()).not.toContain(password);
    // Edit fills the form with the user's mechanism and iterations; the password stays to be typed.
    await userRow().getByRole('button', { name: 'Edit' }).click();
    expect(await page.getByLabel('User', { exact: true }).inputValue()).toBe(user);
    expect(await page.getByLabel('Mechanism').inputValue()).toBe('SCRAM-SHA-256');
    expect(await page.getByLabel('Iterations').inputValue()).toBe('8192');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await settle();
    expect(await checkBothThemes(page, 'scram-users')).toEqual([]);
    await page.setViewportSize({ width: 1024, height: 800 });
    expect(await checkBothThemes(page, 'scram-users')).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('links the user to its ACLs, and its ACL principal back to the user', async () => {
    await userRow()
      .getByRole('link', { name: `ACLs of User:${user}` })
      .click();
    await page.getByRole('heading', { name: `Acl: User:${user}` }).waitFor();
    await settle();
    expect(await checkBothThemes(page, 'scram-users-principal')).toEqual([]);
    await page.getByRole('link', { name: 'SCRAM credentials' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(user);
    await page.goto(`${app.url}/ui/local/acls?search=${user}`);
    await settle();
    await page.getByRole('link', { name: `Credentials of ${user}` }).click();
    await expect.poll(() => userRow().count()).toBe(1);
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto(`${app.url}/ui/local/acls?search=${user}`);
    await settle();
    expect(await checkBothThemes(page, 'scram-users-acls')).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('deletes the user after confirmation', async () => {
    await page.goto(`${app.url}/ui/local/scram-users?search=${user}`);
    await settle();
    await userRow().getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await checkBothThemes(page, 'scram-users-delete')).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, `SCRAM credentials of ${user} deleted`);
    await expect
      .poll(async () => (await api<ScramUserList>(`/scram-users?search=${user}`)).results)
      .toEqual([]);
  });
});
