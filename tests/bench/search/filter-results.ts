import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';

/** Filter expressions that match none of the bench's records (amounts are 0 to 999, customers customer-N). */
export const FILTERS = ['value.customer == "no-such-customer"', 'value.amount > 5000'] as const;

type Run = { ms: number; scanned: number; reason: string };
type Shape = { records: number; valueBytes: number; partitions: number; rounds: number };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const perSecond = (run: Run) => Math.round((run.scanned / run.ms) * 1000);

/**
 * Issue 17's target: a filter matching nothing runs at 0.5 or more of the plain no-match search's rate.
 * Each round's filtered searches are compared with that round's plain one; the medians are reported.
 */
export function writeFilterResults(shape: Shape, rounds: { plain: Run; filtered: Run[] }[]): void {
  const rows = FILTERS.map((filter, i) => {
    const ratios = rounds.map((r) => {
      const f = r.filtered[i] as Run;
      return perSecond(f) / perSecond(r.plain);
    });
    return {
      filter,
      medianPerSecond: median(rounds.map((r) => perSecond(r.filtered[i] as Run))),
      ratios: ratios.map((x) => Math.round(x * 100) / 100),
      medianRatio: Math.round(median(ratios) * 100) / 100,
    };
  });
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
    ...shape,
    plainMedianPerSecond: median(rounds.map((r) => perSecond(r.plain))),
    filters: rows,
  };
  const results = join(import.meta.dirname, '..', 'results');
  writeFileSync(join(results, 'search-filter.json'), `${JSON.stringify(result, null, 2)}\n`);
  const table = rows
    .map(
      (r) =>
        `| \`${r.filter}\` | ${r.medianPerSecond.toLocaleString('en')} | ${r.medianRatio} | ${r.medianRatio >= 0.5 ? 'met' : 'missed'} |`,
    )
    .join('\n');
  writeFileSync(
    join(results, 'search-filter.md'),
    `# Filter expression benchmark (issue 17)

\`node tests/bench/search/run.ts\` (\`FILTER_ONLY=1\` for these searches alone), ${result.date},
${result.machine.cpus} × ${result.machine.model}, Node ${process.version}. The search bench's topic:
${shape.records.toLocaleString('en')} JSON records of about ${shape.valueBytes} bytes in ${shape.partitions} partitions.
Each of ${shape.rounds} rounds runs the plain no-match search (\`searchByValue=no-such-needle_C\`,
median ${result.plainMedianPerSecond.toLocaleString('en')} records/s) and then each filter below over the whole
topic; the ratio is the filter's rate over the plain search's in the same round, the median shown.

| filter (matches nothing) | records/s | ratio to plain | target ≥ 0.5 |
| ------------------------ | --------- | -------------- | ------------ |
${table}

The first filter is ruled out on the text: a record can make \`value.customer == "no-such-customer"\` true
only if its value's text holds \`no-such-customer\` (or a backslash, for JSON escapes), so no JSON is
parsed (\`expression/prefilter.ts\`). The second needs every value parsed and the expression evaluated.

\`\`\`json
${JSON.stringify(result, null, 2)}
\`\`\`
`,
  );
}
