/**
 * Masking cost on the scan's hot path: a search's match over RecordViews of JSON records of about
 * 1000 bytes (decode, then the value search that misses), with no mask and with three rules on the
 * topic (KEEP_LAST on a field, HASH on a field, REPLACE on a header), in the same run, alternating,
 * ROUNDS (default 5) rounds of RECORDS (default 100,000) records each; medians shown. In process, no broker:
 * the broker side of a search is the same with and without masks.
 *
 *   node tests/bench/masking/run.ts
 *
 * Writes tests/bench/results/masking.{json,md}.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../../packages/server/src/config/load.ts';
import { parseFilters } from '../../../packages/server/src/kafka/records/filters.ts';
import { passes, RecordView } from '../../../packages/server/src/kafka/records/record-view.ts';
import type { RawRecord } from '../../../packages/server/src/kafka/records/types.ts';
import { MaskingPolicy } from '../../../packages/server/src/masking/policy.ts';
import { markdownTable } from '../markdown.ts';

const RECORDS = Number(process.env.RECORDS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

const { security } = parseConfig({
  clusters: { local: { properties: { 'bootstrap.servers': 'k:9092' } } },
  security: {
    maskingSecret: 'x'.repeat(32),
    masking: [
      { topics: ['pay\\..*'], paths: ['value.card.number'], mask: 'KEEP_LAST', keep: 4 },
      { topics: ['pay\\..*'], paths: ['value.email'], mask: 'HASH' },
      { topics: ['pay\\..*'], paths: ['headers.authorization'], mask: 'REPLACE' },
    ],
  },
});
const mask = new MaskingPolicy(security.masking, security.maskingSecret)
  .viewer([])
  .topic('local', 'pay.cards');
const records: RawRecord[] = Array.from({ length: RECORDS }, (_, i) => ({
  partition: 0,
  offset: i,
  timestamp: i,
  key: Buffer.from(`customer-${i}`),
  value: Buffer.from(
    JSON.stringify({
      id: i,
      card: { number: `41111111${String(i).padStart(8, '0')}` },
      email: `user${i}@example.com`,
      status: i % 2 ? 'PAID' : 'FAILED',
      note: 'x'.repeat(820),
    }),
  ),
  headers: [[Buffer.from('authorization'), Buffer.from(`Bearer token-${i}`)]],
}));
const filters = parseFilters({ searchByValue: 'no-such-text' });

function run(masked: boolean): number {
  const context = {
    topic: 'pay.cards',
    schemas: undefined,
    detectSchemas: false,
    ...(masked ? { mask } : {}),
  };
  const start = performance.now();
  let matched = 0;
  for (const raw of records) if (passes(new RecordView(raw, context), filters, undefined)) matched++;
  if (matched !== 0) throw new Error('the search should match nothing');
  return (performance.now() - start) / 1000;
}

const rounds: { plain: number; masked: number }[] = [];
run(false);
run(true);
for (let r = 0; r < ROUNDS; r++) rounds.push({ plain: run(false), masked: run(true) });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const plain = median(rounds.map((r) => r.plain));
const masked = median(rounds.map((r) => r.masked));
const rate = (s: number) => Math.round(RECORDS / s).toLocaleString('en-US');
const ratio = Math.round((plain / masked) * 100) / 100;
const when = new Date().toISOString();
const results = join(import.meta.dirname, '..', 'results');
writeFileSync(
  join(results, 'masking.json'),
  `${JSON.stringify({ when, RECORDS, ROUNDS, rounds, plain, masked, ratio }, null, 2)}\n`,
);
writeFileSync(
  join(results, 'masking.md'),
  [
    '# Masking benchmark',
    '',
    `\`node tests/bench/masking/run.ts\`, ${when}, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}.`,
    `${RECORDS.toLocaleString('en-US')} JSON records of about 1000 bytes, decoded and searched for a value none holds, in process;`,
    `${ROUNDS} rounds alternating, medians shown (rounds in the JSON).`,
    '',
    ...markdownTable([
      ['search', 'seconds', 'records/s'],
      ['no mask', plain.toFixed(3), rate(plain)],
      ['3 rules (KEEP_LAST, HASH, REPLACE header)', masked.toFixed(3), rate(masked)],
    ]),
    '',
    `Masked to unmasked rate: ${ratio}.`,
    '',
  ].join('\n'),
);
console.log(`plain ${plain.toFixed(3)} s, masked ${masked.toFixed(3)} s, ratio ${ratio}`);
