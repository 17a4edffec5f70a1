import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOTS = fileURLToPath(new URL('../../test-output/e2e/', import.meta.url));

/** Debian's Chromium, never a browser a test tool downloads; its absence fails the run loudly. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run 'apt-get install chromium'`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Saved with the test output so a person can look at what the test saw. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = `${SCREENSHOTS}${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Waits for the toast saying `text`. A failed action shows another toast (a warning for a 4xx, an error for
 * the rest), so a timeout names every toast on screen instead of only the one that never came.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  try {
    await page.getByRole('status').filter({ hasText: text }).waitFor();
  } catch (error) {
    const shown = await page
      .locator('.toast')
      .evaluateAll((toasts) => toasts.map((toast) => `[${toast.className}] ${toast.textContent}`));
    throw new Error(`No toast '${text}'. On screen: ${shown.join(' | ') || 'no toast'}`, { cause: error });
  }
}
