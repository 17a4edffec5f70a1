/**
 * The bundle production runs (packages/server/dist/main.js, made by `pnpm build`) in its own process
 * against the real stack: it starts, serves the console and the API, writes and reads records. CRC32C,
 * Snappy and LZ4 go through the WebAssembly that the build carries beside the bundle; the CEL filter is
 * a chunk the bundle loads with the first request that has one. The bundle runs with a V8 code cache it
 * writes after its first start (src/start.ts).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TailBody } from '../../../packages/contract/src/index.ts';
import { IDLE_MS } from '../../../packages/server/src/platform/idle-memory.ts';
import { NODE_FLAGS } from '../../../packages/server/src/platform/node-flags.ts';
import { type ConsoleProcess, startConsoleProcess } from '../../support/console-process.ts';
import { testKafka } from '../../support/kafka.ts';
import { produceMany, sseMessages, waitForTopic } from '../../support/records.ts';

const bundle = join(import.meta.dirname, '../../../packages/server/dist/main.js');
let server: ConsoleProcess;
const kafka = testKafka();
beforeAll(async () => {
  server = await startConsoleProcess(process.env.STACK_CONFIG_FILE ?? '');
});
afterAll(async () => {
  server?.stop();
  await kafka.cleanup();
});

type Page = { results: { key: string | null; value: string | null; offset: number }[] };

describe('the production bundle', () => {
  it('serves the console page and its API', async () => {
    const page = await fetch(`${server.url}/ui/topic`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root"></div>');
    // Files are served by @fastify/send, which the bundle loads with the first (build/dependencies.ts).
    const script = /src="\.\/(assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
    const asset = await fetch(`${server.url}/ui/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toContain('import');
    expect((await fetch(`${server.url}/ui/assets/missing.js`)).status).toBe(404);
    // Its document is made by @fastify/swagger's resolver, loaded with the first ask.
    const openapi = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(openapi.paths)).toContain('/api/{cluster}/topic');
    const topic = await kafka.createTopic(2);
    await waitForTopic(kafka.admin, topic, 2);
    const list = await fetch(`${server.url}/api/local/topic?search=${topic}`);
    expect(await list.json()).toMatchObject({ results: [{ name: topic, partitions: [{}, {}] }] });
  });

  // The bundle's router matches static prefixes and builds params its own way (build/dependencies.ts).
  it('routes as the sources do: parameters, shared prefixes, HEAD and near misses', async () => {
    const topic = await kafka.createTopic(3);
    await waitForTopic(kafka.admin, topic, 3);
    const get = (path: string, method = 'GET') => fetch(`${server.url}${path}`, { method });

    expect(await (await get(`/api/local/topic/${topic}`)).json()).toMatchObject({ name: topic });
    const partitions = (await (await get(`/api/local/topic/${topic}/partitions`)).json()) as unknown[];
    expect(partitions).toHaveLength(3);
    const encoded = await get(`/api/local/topic/${topic.replace('-', '%2D')}`);
    expect(await encoded.json()).toMatchObject({ name: topic });
    expect(await (await get(`/api/local/group/topics?topics=${topic}`)).json()).toEqual([]);

    // HEAD is answered by the GET route (src/head-as-get.ts): its status and headers, no body.
    const described = await get(`/api/local/topic/${topic}`);
    const head = await get(`/api/local/topic/${topic}`, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(described.headers.get('content-type'));
    expect(head.headers.get('content-length')).toBe(String((await described.arrayBuffer()).byteLength));
    expect((await get(`/api/local/topic/${topic}-none`, 'HEAD')).status).toBe(404);
    for (const miss of [
      '/api/local/topicz',
      '/api/local/topi',
      '/api/local/to/x',
      `/api/local/topic/${topic}/partitionz`,
    ])
      expect((await get(miss)).status, miss).toBe(404);
  });

  it('produces through the API, reads back snappy, lz4 and gzip batches, and filters them again after the idle console let the CEL chunk go', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic);
    // Snappy and LZ4 go through the bundle's WebAssembly, gzip through node:zlib, loaded on first use.
    for (const compression of ['snappy', 'lz4', 'gzip'] as const)
      await produceMany(
        topic,
        3,
        (i) => ({ partition: 0, key: `${compression}-${i}`, value: 'v'.repeat(300) }),
        {
          compression,
        },
      );
    const sent = await fetch(`${server.url}/api/local/topic/${topic}/data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        key: 'api',
        value: 'through the bundle',
        partition: 0,
        headers: [],
        multiMessage: false,
      }),
    });
    expect(sent.status).toBe(200);
    const page = (await (await fetch(`${server.url}/api/local/topic/${topic}/data`)).json()) as Page;
    expect(page.results.map((r) => r.key)).toEqual([
      'snappy-0',
      'snappy-1',
      'snappy-2',
      'lz4-0',
      'lz4-1',
      'lz4-2',
      'gzip-0',
      'gzip-1',
      'gzip-2',
      'api',
    ]);
    expect(page.results[4]?.value).toBe('v'.repeat(300));
    expect(page.results[7]?.value).toBe('v'.repeat(300));
    expect(page.results[9]?.value).toBe('through the bundle');

    const filter = encodeURIComponent('key.startsWith("lz4-") && key != "lz4-1"');
    const filtered = await fetch(`${server.url}/api/local/topic/${topic}/data?filter=${filter}`);
    expect(filtered.status).toBe(200);
    expect(((await filtered.json()) as Page).results.map((r) => r.key)).toEqual(['lz4-0', 'lz4-2']);
    const invalid = await fetch(
      `${server.url}/api/local/topic/${topic}/data?filter=${encodeURIComponent('key ==')}`,
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ fields: [{ field: 'querystring.filter' }] });

    // Quiet for IDLE_MS, the console lets the CEL chunk go (domain/records/filter-library.ts), and loads
    // it again with the next filter.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS + 1_000));
    const again = await fetch(`${server.url}/api/local/topic/${topic}/data?filter=${filter}`);
    expect(((await again.json()) as Page).results.map((r) => r.key)).toEqual(['lz4-0', 'lz4-2']);
    const invalidAgain = await fetch(
      `${server.url}/api/local/topic/${topic}/data?filter=${encodeURIComponent('key.size() >')}`,
    );
    expect(await invalidAgain.json()).toMatchObject({ fields: [{ field: 'querystring.filter' }] });
  });

  it('keeps a filtered tail filtering across the idle release of the CEL chunk, and filters a search meanwhile', async () => {
    const topic = await kafka.createTopic(1);
    await waitForTopic(kafka.admin, topic, 1);
    const controller = new AbortController();
    const filter = encodeURIComponent('key.endsWith("-kept")');
    const res = await fetch(`${server.url}/api/local/tail/sse?topics=${topic}&filter=${filter}`, {
      signal: controller.signal,
    });
    const events = sseMessages(res);
    expect((await events.next()).value?.event).toBe('tailBody');
    const tailed: string[] = [];
    const until = async (count: number) => {
      const deadline = setTimeout(() => controller.abort(), 15_000);
      while (tailed.length < count) {
        const next = await events.next();
        if (next.done) break;
        tailed.push(...((next.value.data as TailBody).records ?? []).map((r) => r.key ?? ''));
      }
      clearTimeout(deadline);
    };
    try {
      const keys = ['a-kept', 'b-dropped', 'c-dropped', 'd-kept'];
      await produceMany(topic, 2, (i) => ({ partition: 0, key: keys[i] ?? '', value: String(i) }));
      await until(1);
      // Quiet for IDLE_MS: the console lets the chunk go while the tail's filter still holds it.
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS + 1_000));
      const search = await fetch(`${server.url}/api/local/topic/${topic}/data?filter=${filter}`);
      expect(((await search.json()) as Page).results.map((r) => r.key)).toEqual(['a-kept']);
      await produceMany(topic, 2, (i) => ({ partition: 0, key: keys[i + 2] ?? '', value: String(i + 2) }));
      await until(2);
      expect(tailed).toEqual(['a-kept', 'd-kept']);
    } finally {
      controller.abort();
    }
  });

  it('writes its code cache once, reads it at the next start, and writes it again when V8 refuses it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-code-cache-'));
    const config = process.env.STACK_CONFIG_FILE ?? '';
    const caches = () => readdirSync(dir).filter((name) => /^kafka-console-\w+-\w+\.v8$/.test(name));
    const listed = async (url: string) => (await fetch(`${url}/api/local/topic`)).status;
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
      return check();
    };

    const first = await startConsoleProcess(config, { NODE_COMPILE_CACHE: dir });
    expect(await listed(first.url)).toBe(200);
    expect(await until(() => caches().length === 1)).toBe(true);
    first.stop();
    const file = join(dir, caches()[0] ?? '');
    const written = readFileSync(file);
    const inode = statSync(file).ino;

    // Read and kept: a start that found it refused would write it again a second after listening.
    const second = await startConsoleProcess(config, { NODE_COMPILE_CACHE: dir });
    expect(await listed(second.url)).toBe(200);
    await new Promise((r) => setTimeout(r, 2_000));
    second.stop();
    // Written anew, it would be another file renamed over this one.
    expect(statSync(file).ino).toBe(inode);

    // A damaged cache: V8 refuses it, the server starts as without one and writes a good one.
    writeFileSync(file, Buffer.alloc(written.length, 7));
    const third = await startConsoleProcess(config, { NODE_COMPILE_CACHE: dir });
    expect(await listed(third.url)).toBe(200);
    expect(await until(() => readFileSync(file)[0] !== 7)).toBe(true);
    third.stop();
    expect(caches()).toHaveLength(1);

    // A directory others may write is not trusted with code: no cache is read from it or written to it.
    const shared = mkdtempSync(join(tmpdir(), 'console-code-cache-'));
    chmodSync(shared, 0o777);
    writeFileSync(join(shared, caches()[0] ?? ''), Buffer.alloc(written.length, 7));
    const fourth = await startConsoleProcess(config, { NODE_COMPILE_CACHE: shared });
    expect(await listed(fourth.url)).toBe(200);
    await new Promise((r) => setTimeout(r, 2_000));
    fourth.stop();
    expect(readFileSync(join(shared, caches()[0] ?? ''))[0]).toBe(7);
    expect(statSync(shared).mode & 0o777).toBe(0o777);
  });

  it('exits non-zero with one line naming what is wrong when the configuration is', () => {
    const run = spawnSync(process.execPath, [bundle], {
      env: { ...process.env, CONFIG_FILE: '', CONSOLE_CLUSTERS__LOCAL__PROPERTIES__BOOTSTRAP_SERVERS: '' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'Invalid configuration: no configuration: pass --config FILE or set CONFIG_FILE\n',
    );
  });

  // Last in this file: the cache it leaves in dist/ would be read by the starts above.
  it('starts with the code cache the build made when its own directory has none', async () => {
    const config = process.env.STACK_CONFIG_FILE ?? '';
    const bundled = join(bundle, '..', 'code-cache');
    try {
      const made = spawnSync(
        process.execPath,
        [...NODE_FLAGS, bundle, '--write-code-cache', '--config', config],
        {
          env: { ...process.env, PORT: '0', CONSOLE_SERVER__HOST: '127.0.0.1' },
          encoding: 'utf8',
        },
      );
      expect(made.status).toBe(0);
      expect(readdirSync(bundled)).toEqual([expect.stringMatching(/^kafka-console-\w+-\w+\.v8$/)]);

      const dir = mkdtempSync(join(tmpdir(), 'console-code-cache-'));
      const server = await startConsoleProcess(config, { NODE_COMPILE_CACHE: dir });
      expect((await fetch(`${server.url}/api/local/topic`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 2_000));
      server.stop();
      // Read and not refused: a start without a cache, or with one V8 refused, writes its own.
      expect(readdirSync(dir).filter((name) => name.startsWith('kafka-console-'))).toEqual([]);
    } finally {
      rmSync(bundled, { recursive: true, force: true });
    }
  });
});
