/**
 * The console's first page load: the JavaScript the built `packages/web/dist/index.html` makes the browser
 * fetch before anything shows, i.e. its `<script src>` and `<link rel="modulepreload">` files, each gzipped
 * at level 9 (node:zlib, as a static server or proxy that compresses ahead of time would). Screens loaded
 * on first use (route-level lazy chunks) are not in it. The stylesheets it links are listed apart, not
 * counted. The budget is 150 KB (kB of 1,000 bytes, as Vite prints them).
 *
 *   pnpm --filter @console/web build && node tests/bench/web-bundle/run.ts
 *
 * Writes tests/bench/results/web-bundle.{json,md}. Sizes only: nothing is timed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { markdownTable } from '../markdown.ts';
import { firstLoadFiles } from './first-load.ts';

const repo = join(import.meta.dirname, '..', '..', '..');
const dist = join(repo, 'packages', 'web', 'dist');
const BUDGET_KB = 150;
const LEVEL = constants.Z_BEST_COMPRESSION;

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const { scripts, stylesheets } = firstLoadFiles(html);
if (scripts.length === 0) throw new Error(`${dist}/index.html names no script: run pnpm build first`);

type FileSize = { file: string; kind: string; bytes: number; gzipBytes: number };
const measure = (href: string, kind: string): FileSize => {
  const path = join(dirname(join(dist, 'index.html')), href);
  const bytes = readFileSync(path);
  return {
    file: relative(dist, path),
    kind,
    bytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: LEVEL }).length,
  };
};

const files = scripts.map((s) => measure(s.href, s.kind));
const styles = stylesheets.map((href) => measure(href, 'stylesheet'));
const kb = (n: number) => Math.round(n / 100) / 10;
const totalGzip = files.reduce((sum, f) => sum + f.gzipBytes, 0);
const totalBytes = files.reduce((sum, f) => sum + f.bytes, 0);
const result = {
  when: new Date().toISOString(),
  node: process.version,
  gzip: { library: 'node:zlib gzipSync', level: LEVEL },
  budgetKB: BUDGET_KB,
  totalKB: kb(totalBytes),
  totalGzipKB: kb(totalGzip),
  underBudget: totalGzip <= BUDGET_KB * 1000,
  files: files.map((f) => ({ ...f, kB: kb(f.bytes), gzipKB: kb(f.gzipBytes) })),
  stylesheets: styles.map((f) => ({ ...f, kB: kb(f.bytes), gzipKB: kb(f.gzipBytes) })),
};

const results = join(repo, 'tests', 'bench', 'results');
writeFileSync(join(results, 'web-bundle.json'), `${JSON.stringify(result, null, 2)}\n`);
const row = (f: FileSize) => [f.file, f.kind, String(kb(f.bytes)), String(kb(f.gzipBytes))];
writeFileSync(
  join(results, 'web-bundle.md'),
  [
    '# First page load of the console',
    '',
    `\`node tests/bench/web-bundle/run.ts\`, ${result.when}, Node ${process.version}: the files`,
    '`packages/web/dist/index.html` names as `<script src>` and `<link rel="modulepreload">`, each gzipped with',
    `node:zlib at level ${LEVEL}; kB are 1,000 bytes. Screens load on first use and are not counted.`,
    '',
    ...markdownTable([
      ['file', 'kind', 'kB', 'gzip kB'],
      ...files.map(row),
      ['total', '', String(result.totalKB), String(result.totalGzipKB)],
    ]),
    '',
    `Budget ${BUDGET_KB} kB gzipped: ${result.underBudget ? 'met' : 'exceeded'}.`,
    '',
    'Stylesheets the page links (not counted above):',
    '',
    ...markdownTable([['file', 'kind', 'kB', 'gzip kB'], ...styles.map(row)]),
    '',
  ].join('\n'),
);
console.log(`first load: ${result.totalGzipKB} kB gzipped (level ${LEVEL}) in ${files.length} files`);
for (const f of result.files) console.log(`  ${f.file} ${f.gzipKB} kB`);
