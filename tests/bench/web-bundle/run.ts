/**
 * The console's first page load: the JavaScript the built `packages/web/dist/index.html` makes the browser
 * fetch before anything shows, i.e. its `<script src>` and `<link rel="modulepreload">` files, each gzipped
 * at level 9 (node:zlib, as a server or proxy that compresses ahead of time would). Screens loaded on first
 * use (route-level lazy chunks) are not in it. The stylesheets it links are listed apart, not counted. The
 * budget is 150 kB (of 1,000 bytes, as Vite prints them). Sizes only: nothing is timed.
 *
 *   pnpm --filter @console/web build && node tests/bench/web-bundle/run.ts
 *   BASELINE=/tmp/old/packages/web/dist BASELINE_NAME='e784a36' node tests/bench/web-bundle/run.ts
 *
 * BASELINE measures another build beside it (say, of an older commit), named BASELINE_NAME in the results.
 *
 * Writes tests/bench/results/web-bundle.{json,md}.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { markdownTable } from '../markdown.ts';
import { firstLoadFiles } from './first-load.ts';

const repo = join(import.meta.dirname, '..', '..', '..');
const BUDGET_KB = 150;
const LEVEL = constants.Z_BEST_COMPRESSION;

type FileSize = { file: string; kind: string; bytes: number; gzipBytes: number; kB: number; gzipKB: number };
type Load = {
  dist: string;
  totalKB: number;
  totalGzipKB: number;
  files: FileSize[];
  stylesheets: FileSize[];
};

const kb = (n: number) => Math.round(n / 100) / 10;

/** What a built console's index.html loads at once, each file's size raw and gzipped. */
function measureDist(dist: string): Load {
  const { scripts, stylesheets } = firstLoadFiles(readFileSync(join(dist, 'index.html'), 'utf8'));
  if (scripts.length === 0) throw new Error(`${dist}/index.html names no script: run pnpm build first`);
  const measure = (href: string, kind: string): FileSize => {
    const path = join(dist, href);
    const bytes = readFileSync(path);
    const gzipBytes = gzipSync(bytes, { level: LEVEL }).length;
    return {
      file: relative(dist, path),
      kind,
      bytes: bytes.length,
      gzipBytes,
      kB: kb(bytes.length),
      gzipKB: kb(gzipBytes),
    };
  };
  const files = scripts.map((s) => measure(s.href, s.kind));
  return {
    dist: dist.startsWith(repo) ? relative(repo, dist) : dist,
    totalKB: kb(files.reduce((sum, f) => sum + f.bytes, 0)),
    totalGzipKB: kb(files.reduce((sum, f) => sum + f.gzipBytes, 0)),
    files,
    stylesheets: stylesheets.map((href) => measure(href, 'stylesheet')),
  };
}

const current = measureDist(join(repo, 'packages', 'web', 'dist'));
const baseline = process.env.BASELINE ? measureDist(process.env.BASELINE) : undefined;
const result = {
  when: new Date().toISOString(),
  node: process.version,
  gzip: { library: 'node:zlib gzipSync', level: LEVEL },
  budgetKB: BUDGET_KB,
  underBudget: current.totalGzipKB <= BUDGET_KB,
  current,
  ...(baseline ? { baseline: { name: process.env.BASELINE_NAME ?? '', ...baseline } } : {}),
};

const table = (load: Load) =>
  markdownTable([
    ['file', 'kind', 'kB', 'gzip kB'],
    ...load.files.map((f) => [f.file, f.kind, String(f.kB), String(f.gzipKB)]),
    ['total', '', String(load.totalKB), String(load.totalGzipKB)],
  ]);
const results = join(repo, 'tests', 'bench', 'results');
writeFileSync(join(results, 'web-bundle.json'), `${JSON.stringify(result, null, 2)}\n`);
writeFileSync(
  join(results, 'web-bundle.md'),
  [
    '# First page load of the console',
    '',
    `\`node tests/bench/web-bundle/run.ts\`, ${result.when}, Node ${process.version}: the files`,
    '`packages/web/dist/index.html` names as `<script src>` and `<link rel="modulepreload">`, each gzipped with',
    `node:zlib at level ${LEVEL}; kB are 1,000 bytes. Screens load on first use and are not counted.`,
    '',
    ...table(current),
    '',
    `Budget ${BUDGET_KB} kB gzipped: ${result.underBudget ? 'met' : 'exceeded'}.`,
    '',
    `Stylesheet${current.stylesheets.length === 1 ? '' : 's'} the page links, not counted above: ${current.stylesheets
      .map((f) => `${f.file} ${f.kB} kB, ${f.gzipKB} kB gzipped`)
      .join('; ')}.`,
    ...(baseline
      ? [
          '',
          `Baseline${process.env.BASELINE_NAME ? ` (${process.env.BASELINE_NAME})` : ''}, the build in \`${baseline.dist}\`, measured the same way:`,
          '',
          ...table(baseline),
        ]
      : []),
    '',
  ].join('\n'),
);
console.log(
  `first load: ${current.totalGzipKB} kB gzipped (level ${LEVEL}) in ${current.files.length} files`,
);
for (const f of current.files) console.log(`  ${f.file} ${f.gzipKB} kB`);
if (baseline) console.log(`baseline: ${baseline.totalGzipKB} kB gzipped in ${baseline.files.length} files`);
