import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { screenshot } from './browser.ts';

/** Deque's axe-core, read from node_modules as published. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeResult = {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
};

/** WCAG 2.0/2.1 A and AA, the level the console is held to, plus axe's best practices. */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A table header with no text leaves screen readers naming nothing (axe ranks it minor; we do not). */
const alsoChecked = 'empty-table-header';

/**
 * Runs axe-core on the page as it is and returns its serious and critical violations (and empty table
 * headers), one line per rule: the elements (the first three and how many) and axe's own explanation of
 * the first, so a failure says what to fix. It is evaluated through the DevTools protocol, not an inline
 * script, so the console's CSP stays on.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = (await page.evaluate(
    (tags) =>
      // biome-ignore lint/suspicious/noExplicitAny: axe is the injected global, untyped in the page.
      (window as any).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    [...wcag, 'best-practice'],
  )) as AxeResult;
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === alsoChecked)
    .map((v) => {
      const targets = v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target));
      const more = v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : '';
      const why = (v.nodes[0]?.failureSummary ?? v.help).replace(/\s+/g, ' ');
      return `${v.id} (${v.impact}) ${targets.join(', ')}${more}: ${why}`;
    });
}

/**
 * The page as it is, in the light and then the dark theme: axe's serious violations of each (prefixed with
 * `shot` and the theme) and a screenshot of each, `<shot>-<width>-<theme>.png`.
 */
export async function checkBothThemes(page: Page, shot: string): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    await page.waitForTimeout(200);
    for (const line of await seriousViolations(page)) found.push(`${shot} [${theme}] ${line}`);
    await screenshot(page, `${shot}-${page.viewportSize()?.width}-${theme}`);
  }
  return found;
}
