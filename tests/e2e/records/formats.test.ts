/**
 * The format badge of each record on the Data tab: detected formats on a plain topic,
 * configured ones (LONG keys, MessagePack values) on another; axe-clean in both themes at 1440 and 1024 px.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msgpackCodec } from '../../../packages/server/src/domain/records/formats/msgpack.ts';
import type { Config } from '../../../packages/server/src/platform/config/schema.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { seriousViolations } from '../../support/axe.ts';
import { launchBrowser, screenshot } from '../../support/browser.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, waitForTopic } from '../../support/records.ts';

let app: RunningApp;
let browser: Browser;
let page: Page;
const kafka = testKafka();
const prefix = `e2e-formats-${randomUUID().slice(0, 8)}`;
const plain = `${prefix}-plain`;
const packed = `${prefix}-packed`;

const long = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(n);
  return b;
};

function withFormats(raw: Config): Config {
  const local = raw.clusters.local;
  if (!local) throw new Error('the stack config has no cluster local');
  const deserialization = [
    { topics: [packed], key: { format: 'LONG' as const }, value: { format: 'MSGPACK' as const } },
  ];
  return { ...raw, clusters: { ...raw.clusters, local: { ...local, deserialization } } };
}

beforeAll(async () => {
  for (const topic of [plain, packed]) {
    await kafka.createTopic(1, { name: topic });
    await waitForTopic(kafka.admin, topic);
  }
  const values = ['{"status":"PAID","amount":12}', 'plain words', Buffer.from([0xff, 0x00, 0xfe])];
  await produceMany(plain, values.length, (i) => ({ partition: 0, key: `k${i}`, value: values[i] ?? null }));
  await produceMany(packed, 1, () => ({
    partition: 0,
    key: long(42n),
    value: msgpackCodec.encode('{"sensor":"s-1","readings":[1.5,2]}'),
  }));
  app = await startApp(withFormats);
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await kafka.cleanup();
});

const rows = () =>
  page
    .getByRole('table', { name: 'Records' })
    .locator('tbody tr:not(.data-table__sub-row):not(.data-table__state-row)');

async function badges(topic: string, count: number): Promise<string[]> {
  await page.goto(`${app.url}/ui/local/topic/${topic}/data`);
  await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(count);
  return rows().evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from(tr.querySelectorAll('.badge'))
        .map((b) => `${b.textContent} (${b.getAttribute('title')})`)
        .join(' '),
    ),
  );
}

describe('format badges on the Data tab', () => {
  it('shows the detected format of each value, and configured key and value formats', async () => {
    expect(await badges(plain, 3)).toEqual([
      'JSON (Value read as JSON)',
      'Text (Value read as Text)',
      // The value cell marks the bytes it shows as base64; the Schema column names the format.
      'binary (Not valid UTF-8: the bytes are shown as base64) Binary (Value read as Binary)',
    ]);
    await check('record-formats-plain');
    expect(await badges(packed, 1)).toEqual([
      'Key LONG (Key read as LONG) MessagePack (Value read as MessagePack)',
    ]);
    await expect.poll(() => rows().first().textContent()).toContain('{"sensor":"s-1","readings":[1.5,2]}');
    await check('record-formats-configured', [1440]);
  });
});

/** axe in both themes at each width (1440 and 1024 px unless told), each saved as a screenshot. */
async function check(name: string, widths = [1440, 1024]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      await page.waitForTimeout(150);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `${name}-${width}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
