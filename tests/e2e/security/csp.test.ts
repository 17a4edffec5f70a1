import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';

let app: RunningApp;
let browser: Browser;
let topic: string;
const kafka = testKafka();

beforeAll(async () => {
  topic = await kafka.createTopic(1);
  await kafka.produce(topic, [{ partition: 0, key: 'k', value: 'csp-record-value' }]);
  app = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

/** Violations as the page reports them (the DOM event) and as Chromium logs them. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (t: string) => void }).reportViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}`);
    });
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

describe('content security policy', () => {
  it('serves the console with a strict policy, no inline script and the usual headers', async () => {
    const res = await fetch(`${app.url}/ui/local/topic`);
    const html = await res.text();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(html).toContain('<script');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\son\w+="/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('is satisfied by every screen of the console', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const violations = await watchViolations(page);
    const screens = [
      ['local/topic', 'Topics'],
      [`local/topic/${topic}/partitions`, 'Leader'],
      [`local/topic/${topic}/configs`, 'cleanup.policy'],
      ['local/node', '127.0.0.1'],
      ['local/node/1/configs', 'log.dirs'],
      ['local/settings', 'Settings'],
      ['local/schema', 'Schema Registry'],
      ['local/connect/local', 'Connect'],
      ['local/connect/local/create', 'Create a definition'],
      ['local/ksqldb/local', 'ksqlDB'],
      ['local/ksqldb/local/query', 'Properties'],
      ['local/ksqldb/local/statement', 'SQL'],
    ] as const;
    for (const [path, text] of screens) {
      await page.goto(`${app.url}/ui/${path}`);
      await page.getByText(text).first().waitFor();
      await screenshot(page, `csp-${path.replaceAll('/', '-').replace(topic, 'topic')}`);
    }
    // The policy is enforced: an inline script the page tries to run is refused and reported.
    expect(violations).toEqual([]);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan),
    ).toBeUndefined();
    await context.close();
  });
});
