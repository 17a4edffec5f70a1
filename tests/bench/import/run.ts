/**
 * Import benchmark: a JSON-lines file of SIZE_MB (default 1024) MB, ~1 KB records with keys, headers and
 * timestamps, imported into a 6-partition topic through the console as production runs it (the bundle of
 * `pnpm build`, its own process), against kcat writing the same records (`kcat -P -l`, one record a line,
 * librdkafka) in the same run. Reports MB/s and records/s of both, the ratio, and the console's RSS
 * throughout (target: under 200 MiB however big the file).
 *
 *   pnpm stack:up && pnpm build && node tests/bench/import/run.ts      # SIZE_MB=100 for a smaller run
 *
 * Writes tests/bench/results/import.{json,md}; deletes its topics and file, also on Ctrl-C.
 */
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { Admin } from '@platformatic/kafka';
import { loadConfig } from '../../../packages/server/src/platform/config/load.ts';
import { consoleConfigFile } from '../../stack/paths.ts';
import { type ConsoleProcess, startConsoleProcess } from '../../support/console-process.ts';
import { markdownTable } from '../markdown.ts';

const repo = join(import.meta.dirname, '..', '..', '..');
const SIZE_MB = Number(process.env.SIZE_MB ?? 1024);
const VALUE_BYTES = 1000;
const PARTITIONS = 6;
const CLUSTER = 'local';
const run = promisify(execFile);

const configFile = process.env.STACK_CONFIG_FILE ?? consoleConfigFile;
const config = loadConfig(['--config', configFile], {});
const bootstrap = config.clusters[CLUSTER]?.properties['bootstrap.servers'] ?? '';
if (!bootstrap) throw new Error(`no cluster '${CLUSTER}' in ${configFile}: run pnpm stack:up first`);

const admin = new Admin({
  clientId: 'bench-import',
  bootstrapBrokers: bootstrap.split(','),
  timeout: 120_000,
});
const stamp = Date.now().toString(36);
const topics = [`bench-import-${stamp}`, `bench-import-kcat-${stamp}`];
const file = join(tmpdir(), `bench-import-${stamp}.ndjson`);
const values = join(tmpdir(), `bench-import-${stamp}.values`);
let server: ConsoleProcess | undefined;

async function cleanup() {
  server?.stop();
  rmSync(file, { force: true });
  rmSync(values, { force: true });
  await admin.deleteTopics({ topics }).catch(() => undefined);
  await admin.close();
}
process.once('SIGINT', async () => {
  await cleanup();
  process.exit(130);
});

/** The file, written in pieces: the console's download element shape, one a line; kcat gets the values. */
async function writeFiles(): Promise<number> {
  const out = createWriteStream(file);
  const raw = createWriteStream(values);
  const filler = 'x'.repeat(VALUE_BYTES - 60);
  const target = SIZE_MB * 1024 * 1024;
  let bytes = 0;
  let records = 0;
  const start = Date.UTC(2024, 0, 1);
  while (bytes < target) {
    const lines: string[] = [];
    const plain: string[] = [];
    for (let i = 0; i < 1000; i++, records++) {
      const value = `{"id":${records},"status":"${records % 3 ? 'OK' : 'FAILED'}","pad":"${filler}"}`;
      lines.push(
        JSON.stringify({
          key: `order-${records}`,
          value,
          headers: [{ key: 'source', value: 'bench' }],
          timestamp: (start + records) / 1000,
        }),
      );
      plain.push(value);
    }
    const text = `${lines.join('\n')}\n`;
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    if (!raw.write(`${plain.join('\n')}\n`))
      await new Promise<void>((resolve) => raw.once('drain', () => resolve()));
  }
  await Promise.all([
    new Promise<void>((r) => out.end(() => r())),
    new Promise<void>((r) => raw.end(() => r())),
  ]);
  return records;
}

try {
  await admin.createTopics({ topics, partitions: PARTITIONS, replicas: 1 });
  console.log(`writing a ${SIZE_MB} MB JSON-lines file`);
  const records = await writeFiles();
  const bytes = statSync(file).size;
  server = await startConsoleProcess(configFile);
  const idleRss = server.rssMiB();
  let peakRss = idleRss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, server?.rssMiB() ?? 0);
  }, 50);

  console.log(`importing ${records} records (${bytes} bytes) through the console`);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/${CLUSTER}/topic/${topics[0]}/data/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-ndjson' },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const answer = (await res.json()) as { written?: number };
  const consoleMs = performance.now() - started;
  clearInterval(timer);
  peakRss = Math.max(peakRss, server.peakRssMiB());
  if (answer.written !== records)
    throw new Error(`console wrote ${JSON.stringify(answer)}, expected ${records}`);
  console.log(`  ${Math.round(consoleMs)} ms, peak RSS ${peakRss} MiB`);

  console.log('the same values through kcat -P');
  const kcatStarted = performance.now();
  await run(process.env.KCAT ?? 'kcat', ['-P', '-b', bootstrap, '-t', topics[1] ?? '', '-l', values], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const kcatMs = performance.now() - kcatStarted;
  console.log(`  ${Math.round(kcatMs)} ms`);

  const perSecond = (n: number, ms: number) => Math.round((n / ms) * 1000);
  const mb = bytes / 1024 / 1024;
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version },
    load1: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    file: { megabytes: Math.round(mb), records },
    console: {
      ms: Math.round(consoleMs),
      mbPerSecond: Math.round((mb / consoleMs) * 10_000) / 10,
      recordsPerSecond: perSecond(records, consoleMs),
      idleRssMiB: idleRss,
      peakRssMiB: peakRss,
    },
    kcat: { ms: Math.round(kcatMs), recordsPerSecond: perSecond(records, kcatMs) },
    ratio: Math.round((kcatMs / consoleMs) * 100) / 100,
  };
  const results = join(repo, 'tests', 'bench', 'results');
  writeFileSync(join(results, 'import.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(
    join(results, 'import.md'),
    [
      '# Import benchmark',
      '',
      `\`node tests/bench/import/run.ts\`, ${result.date}, ${result.machine.cpus} × ${result.machine.cpu}, Node ${result.machine.node}, load ${result.load1}.`,
      `A JSON-lines file of ${result.file.megabytes} MB, ${records} records of ~${VALUE_BYTES} bytes (key, one header, timestamp), into a`,
      `${PARTITIONS}-partition topic of the stack's broker. The console checks the whole file first, then writes it (two reads of`,
      'the file it keeps in the temp directory); kcat writes the same values from a file of one value a line, no key or header.',
      '',
      ...markdownTable([
        ['writer', 'time (s)', 'records/s', 'ratio to kcat', 'peak RSS (MiB)'],
        [
          'console import',
          String(result.console.ms / 1000),
          String(result.console.recordsPerSecond),
          String(result.ratio),
          String(peakRss),
        ],
        ['kcat -P -l', String(result.kcat.ms / 1000), String(result.kcat.recordsPerSecond), '1', '-'],
      ]),
      '',
      `- Console RSS: ${idleRss} MiB idle, peak ${peakRss} MiB during the import (target < 200 MiB: ${peakRss < 200 ? 'met' : 'missed'}).`,
      '',
      '```json',
      JSON.stringify(result, null, 2),
      '```',
      '',
    ].join('\n'),
  );
  console.log(`wrote ${join(results, 'import.md')}`);
} finally {
  await cleanup();
}
