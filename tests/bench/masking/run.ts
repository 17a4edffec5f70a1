/**
 * Masking cost on the scan's hot path: a search's match over MaskedRecords of JSON records of about
 * 1000 bytes (decode, then the value search), with no mask and with three rules on the topic (KEEP_LAST
 * on a field, HASH on a field, REPLACE on a header), for a term no record holds and for one every clear
 * record holds inside a masked field (every record masked), in the same run, alternating,
 * ROUNDS (default 5) rounds of RECORDS (default 100,000) records each; medians shown. In process, no broker:
 * the broker side of a search is the same with and without masks.
 *
 *   node tests/bench/masking/run.ts
 *
 * Writes tests/bench/results/masking.{json,md}.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { MaskedRecord } from '../../../packages/server/src/domain/masking/masked-record.ts';
import { MaskingPolicy } from '../../../packages/server/src/domain/masking/policy.ts';
import { DecodedRecord } from '../../../packages/server/src/domain/records/decode/decoded-record.ts';
import { parseFilters, passes } from '../../../packages/server/src/domain/records/scan/filters.ts';
import type { RawRecord } from '../../../packages/server/src/kafka/fetch/types.ts';
import { parseConfig } from '../../../packages/server/src/platform/config/load.ts';
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
/**
 * `miss`: a term no record holds, clear or masked: the search screen (masking/screen.ts) rules masked
 * records out from their clear text. `masked`: a term every clear value holds inside a masked field (the
 * emails' domain): the screen cannot tell, so every record is masked, then matched (none matches masked).
 */
const SEARCHES = {
  miss: parseFilters({ searchByValue: 'no-such-text' }),
  masked: parseFilters({ searchByValue: 'example.com' }),
};

function run(masked: boolean, search: keyof typeof SEARCHES): number {
  const filters = SEARCHES[search];
  const context = { topic: 'pay.cards', schemas: undefined, detectSchemas: false };
  const viewer = masked ? mask : undefined;
  // CPU time of this process: the machine's other work moves it less than wall time.
  const start = process.cpuUsage();
  let matched = 0;
  for (const raw of records)
    if (passes(new MaskedRecord(new DecodedRecord(raw, context), viewer), filters, undefined)) matched++;
  const expected = search === 'masked' && !masked ? RECORDS : 0;
  if (matched !== expected) throw new Error(`the search matched ${matched}, not ${expected}`);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

const rounds: { plain: number; masked: number; plainAll: number; maskedAll: number }[] = [];
run(false, 'miss');
run(true, 'miss');
run(false, 'masked');
run(true, 'masked');
for (let r = 0; r < ROUNDS; r++)
  rounds.push({
    plain: run(false, 'miss'),
    masked: run(true, 'miss'),
    plainAll: run(false, 'masked'),
    maskedAll: run(true, 'masked'),
  });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const plain = median(rounds.map((r) => r.plain));
const masked = median(rounds.map((r) => r.masked));
const plainAll = median(rounds.map((r) => r.plainAll));
const maskedAll = median(rounds.map((r) => r.maskedAll));
const rate = (s: number) => Math.round(RECORDS / s).toLocaleString('en-US');
const ratio = Math.round((plain / masked) * 100) / 100;
const ratioAll = Math.round((plainAll / maskedAll) * 100) / 100;
const when = new Date().toISOString();
const results = join(import.meta.dirname, '..', 'results');
writeFileSync(
  join(results, 'masking.json'),
  `${JSON.stringify({ when, load: loadavg()[0], RECORDS, ROUNDS, rounds, plain, masked, ratio, plainAll, maskedAll, ratioAll }, null, 2)}\n`,
);
writeFileSync(
  join(results, 'masking.md'),
  [
    '# Masking benchmark',
    '',
    `\`node tests/bench/masking/run.ts\`, ${when}, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}.`,
    `Load average ${loadavg()[0]?.toFixed(1)} when it ended (other work shares the machine).`,
    `${RECORDS.toLocaleString('en-US')} JSON records of about 1000 bytes, decoded and searched in process, without and with`,
    `3 rules on the topic (KEEP_LAST on a field, HASH on a field, REPLACE on a header);`,
    `${ROUNDS} rounds alternating, medians shown (rounds in the JSON); seconds of this process's CPU time.`,
    '',
    ...markdownTable([
      ['search', 'mask', 'seconds', 'records/s', 'masked / unmasked'],
      ['`no-such-text` (no record holds it)', 'none', plain.toFixed(3), rate(plain), ''],
      ['`no-such-text` (no record holds it)', '3 rules', masked.toFixed(3), rate(masked), String(ratio)],
      ['`example.com` (in every clear email)', 'none', plainAll.toFixed(3), rate(plainAll), ''],
      [
        '`example.com` (in every clear email)',
        '3 rules',
        maskedAll.toFixed(3),
        rate(maskedAll),
        String(ratioAll),
      ],
    ]),
    '',
    'The first search is the common case, a term no record holds: the search screen (`masking/screen.ts`)',
    'rules a masked record out from its clear text when no mask can have written the term, without masking',
    'it. The second is the worst case: the clear text holds the term, so every record is masked before it is',
    'matched (and none matches: the term is inside the hashed email), as every record a browse, a download or',
    'a tail shows is. Masking a record: one `JSON.parse` to know the value is JSON, a scan to the masked',
    'fields, the masks spliced into the text (`masking/json-fields.ts`), one HMAC per hashed field.',
    '',
  ].join('\n'),
);
console.log(`plain ${plain.toFixed(3)} s, masked ${masked.toFixed(3)} s, ratio ${ratio}`);
