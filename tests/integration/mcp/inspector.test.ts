/**
 * A second, independent client: the MCP Inspector's CLI mode (`npx @modelcontextprotocol/inspector --cli`)
 * lists and calls the console's tools over Streamable HTTP, with Basic credentials, security on.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { sha256, withSecurity } from '../../support/security.ts';
import { declaredTools } from './mcp-client.ts';

const run = promisify(execFile);
const kafka = testKafka();
const BASIC = `Basic ${Buffer.from('ann:pw').toString('base64')}`;
// The Inspector keeps a catalog and storage under HOME: a directory of the test's own.
const home = mkdtempSync(join(tmpdir(), 'mcp-inspector-'));
let app: RunningApp;
let topic: string;

beforeAll(async () => {
  topic = await kafka.createTopic(3);
  const secured = withSecurity({
    defaultGroup: null,
    groups: { readers: [{ role: 'reader' }] },
    users: [{ username: 'ann', password: sha256('pw'), groups: ['readers'] }],
  });
  app = await startApp((c) => ({ ...secured(c), mcp: { enabled: true, allowWrites: false } }));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await kafka.cleanup();
  rmSync(home, { recursive: true, force: true });
});

async function inspector(...args: string[]): Promise<unknown> {
  const { stdout } = await run(
    'npx',
    [
      '@modelcontextprotocol/inspector',
      '--cli',
      `${app.url}/mcp`,
      '--transport',
      'http',
      '--header',
      `Authorization: ${BASIC}`,
      ...args,
    ],
    { env: { ...process.env, HOME: home }, timeout: 60_000 },
  );
  return JSON.parse(stdout);
}

describe('the MCP Inspector CLI', () => {
  it('lists the same tools as the declarations, and calls listTopics and getTopic', async () => {
    const listed = (await inspector('--method', 'tools/list')) as { tools: { name: string }[] };
    expect(listed.tools.map((t) => t.name)).toEqual(await declaredTools(app.config, false));

    const topics = (await inspector(
      '--method',
      'tools/call',
      '--tool-name',
      'listTopics',
      '--tool-arg',
      'cluster=local',
      `search=${topic}`,
    )) as { structuredContent: { results: { name: string }[] } };
    expect(topics.structuredContent.results.map((t) => t.name)).toEqual([topic]);

    const described = (await inspector(
      '--method',
      'tools/call',
      '--tool-name',
      'getTopic',
      '--tool-arg',
      'cluster=local',
      `topic=${topic}`,
    )) as { structuredContent: { name: string; partitions: unknown[] } };
    expect(described.structuredContent.name).toBe(topic);
    expect(described.structuredContent.partitions).toHaveLength(3);
  }, 120_000);
});
