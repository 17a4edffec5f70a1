import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

/**
 * Filter expressions that match none of the bench's records (amounts are 0 to 999, customers customer-N):
 * one each prefilter rules out on the text, and one no prefilter reads (arithmetic), whose every value is
 * parsed and evaluated.
 */
export const FILTERS = [
  'value.customer == "no-such-customer"',
  'value.amount > 5000',
  'value.amount + 1.0 > 5001.0',
] as const;

type Run = { ms: number; cpuMs: number; scanned: number; reason: string };
type Shape = { records: number; valueBytes: number; partitions: number; rounds: number };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const perSecond = (run: Run) => Math.round((run.scanned / run.ms) * 1000);
/** Records per second of the server's CPU time: what the rate would be with a core to itself. */
const perCpuSecond = (run: Run) => (run.scanned / run.cpuMs) * 1000;
/** Microseconds of the server's CPU time per record scanned. */
const cpuMicros = (run: Run) => Math.round((run.cpuMs / run.scanned) * 10_000) / 10;

/**
 * The target: a filter matching nothing runs at 0.5 or more of the plain no-match search's rate.
 * Each round's filtered searches are compared with that round's plain one; the medians are reported.
 */
export function writeFilterResults(shape: Shape, rounds: { plain: Run; filtered: Run[] }[]): void {
  const rows = FILTERS.map((filter, i) => {
    const ratios = rounds.map((r) => {
      const f = r.filtered[i] as Run;
      return perSecond(f) / perSecond(r.plain);
    });
    const cpuRatios = rounds.map((r) => perCpuSecond(r.filtered[i] as Run) / perCpuSecond(r.plain));
    return {
      filter,
      cpuRatios: cpuRatios.map((x) => Math.round(x * 100) / 100),
      medianCpuRatio: Math.round(median(cpuRatios) * 100) / 100,
      medianCpuMicrosPerRecord: median(rounds.map((r) => cpuMicros(r.filtered[i] as Run))),
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
    plainMedianCpuMicrosPerRecord: median(rounds.map((r) => cpuMicros(r.plain))),
    load: loadavg()[0],
    filters: rows,
  };
  const results = join(import.meta.dirname, '..', 'results');
  writeFileSync(join(results, 'search-filter.json'), `${JSON.stringify(result, null, 2)}\n`);
  const table = rows
    .map(
      (r) =>
        `| \`${r.filter}\` | ${r.medianPerSecond.toLocaleString('en')} | ${r.medianRatio} | ${r.medianCpuRatio} | ${r.medianCpuMicrosPerRecord} | ${r.medianRatio >= 0.5 ? 'met' : 'missed'} |`,
    )
    .join('\n');
  writeFileSync(
    join(results, 'search-filter.md'),
    `# Filter expression benchmark

\`node tests/bench/search/run.ts\` (\`FILTER_ONLY=1\` for these searches alone), ${result.date},
${result.machine.cpus} × ${result.machine.model}, Node ${process.version}. The search bench's topic:
${shape.records.toLocaleString('en')} JSON records of about ${shape.valueBytes} bytes in ${shape.partitions} partitions.
Each of ${shape.rounds} rounds runs the plain no-match search (\`searchByValue=no-such-needle_C\`,
median ${result.plainMedianPerSecond.toLocaleString('en')} records/s, ${result.plainMedianCpuMicrosPerRecord} µs of server CPU a record) and then each filter below over the whole
topic; the ratio is the filter's rate over the plain search's in the same round, the median shown. The
ratio by server CPU compares records per second of the server process's CPU time (/proc), which the load
of other processes on the machine moves less than wall time: load average ${loadavg()[0]?.toFixed(1)} at the end
of the run on ${cpus().length} cores.

| filter (matches nothing) | records/s | ratio to plain | ratio by server CPU | server CPU µs/record | target ≥ 0.5 |
| ------------------------ | --------- | -------------- | ------------------- | -------------------- | ------------ |
${table}

The first two are ruled out on the text (\`expression/prefilter.ts\`), no JSON parsed: a record can make
\`value.customer == "no-such-customer"\` true only if its value's text holds \`no-such-customer\`, and
\`value.amount > 5000\` only if it has a member \`"amount": <number above 5000>\` (either, or a backslash,
for JSON escapes). The third has every value read and the expression evaluated. Since 2026-11-29 the value
is read from its bytes (\`expression/json-bytes.ts\`): checked to be JSON exactly as \`JSON.parse\` would take
its text (a differential test holds the two to the same answer over 20,000 generated and mutated values),
its strings crossed 64 bytes a step by a WebAssembly scanner (\`expression/special-bytes.wat\`: a JavaScript
loop over each byte cost 2 to 2.5 ns a byte here, as much as \`JSON.parse\`), and only \`amount\` made into a
number: no text of the value, no parsed copy of its 900-byte \`note\`. Before, the value was decoded to text
and parsed: 13.7 µs of server CPU a record and 0.23 of the plain rate (2026-11-28), with 961 scavenges a
search; now 5.3 µs and 508 scavenges (\`--trace-gc\`, one search, 2026-11-29). Keeping the outermost
object's members as the check meets them, so that a member is found without walking the value again, took
\`value.amount != -1.0\` from 3.3 to 2.2-2.5 µs a record in process but did not move the server's figure (5.3 µs
in the runs before and after it, on a machine whose plain search varied from 1.9 to 2.2 µs between them).

Since the evening of 2026-11-29 the expression itself is evaluated directly when it has the common shapes
(\`expression/fast-eval.ts\`: member reads, literals, comparisons, arithmetic, \`&&\`, \`||\`, \`?:\`, \`has\`,
\`in\` a list written out, the string methods), each operation as \`@bufbuild/cel\`'s own overload does it; a
record whose values leave those cases (a missing member, a type mismatch, an overflow) is handed to the
library, so answers and failure messages are its own (\`fast-eval.test.ts\` holds the two to the same answers
over 4,000 generated expressions on generated records). The library's planner had cost more than reading
the value: each operator tried its dozen overloads in turn, each name like \`value.amount\` was first looked
up whole (\`findIdent\`), and every evaluation left about 400 bytes of garbage. In process, one after the
other: \`value.amount + 1.0 > 5001.0\` 3.9 → 2.2 µs a record, \`value.amount != -1.0\` 4.7 → 2.5 µs. In the
evening's two runs: 3.2 µs of server CPU a record and 0.70 to 0.72 of the plain rate, against 5.3 µs and
0.40 before.

What bounds it now: reading the value, about 0.9 µs a record (checking the whole value is JSON, a third of
it the copy into the scanner's memory). The prefilter's checks read the value's bytes too since the same
evening, when they are its text's UTF-8 (valid UTF-8, no mask, no configured format, not registry-framed):
a literal is looked for with \`Buffer.indexOf\`, a member's number read where the text's pattern would read
it (\`prefilter.test.ts\` holds both to the text check's answers over 3,000 generated values). Decoding
1 KB to text had cost about what reading one member from the bytes does: in the run before, the two
prefiltered filters ran at 0.78 and 0.68 of the plain search (2.9 and 3.4 µs a record), slower than the
unprefiltered one. One worker thread (\`search.workers: 1\`) made the third filter no faster on 2 cores
(5.0 to 6.1 s against 5.2 to 5.9 s inline, before the direct evaluation) at 60 MiB more RSS (peak 242
MiB); on 2026-11-30 it was 1.18 s against 1.3 inline, with the peak at 218 MiB. Since the main thread
no longer reads the records of a scan with workers (2026-11-30, search-parallel.md) the console runs
one by default on 2 cores: these three filters then ran at 1.2, 1.22 and 1.05 M records/s, and at
1.3, 0.88 and 0.85 M without workers in the run right after (WORKERS=0).

On 2026-11-30 the plain search's CPU a record fell (0.64 to 0.6 µs: no object for a record the byte
screen rules out), so the ratios by CPU fell with it while the filters' own cost did not rise; the third
filter's fell from 1.3 to 1.2 µs when the registry's schema ids came to be read where the bytes lie
instead of through a key and a value view made for every record. In its CPU profile: garbage
collection a sixth, the scanner's WebAssembly and the copy of each value into its memory a fifth, the
walk over the value's members 6 %.

\`\`\`json
${JSON.stringify(result, null, 2)}
\`\`\`
`,
  );
}
