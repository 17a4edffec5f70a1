import type { ScanStop } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { freeAnswers } from '../../../kafka/fetch/answer-memory.ts';
import { ownBytes } from '../../../kafka/fetch/batches/record-batches.ts';
import type { Budget } from '../../../kafka/fetch/budget.ts';
import { readRecords } from '../../../kafka/fetch/reader.ts';
import type {
  Chunk,
  RawRecord,
  RecordScreen,
  Scanned,
  Span,
  Unreadable,
} from '../../../kafka/fetch/types.ts';
import type { BrokerInfo, TopicMeta } from '../../../kafka/metadata.ts';
import { MaskedRecord } from '../../masking/masked-record.ts';
import type { RecordMask } from '../../masking/policy.ts';
import type { DecodeContext } from '../decode/decode.ts';
import { schemaIds } from '../decode/decode.ts';
import { DecodedRecord } from '../decode/decoded-record.ts';
import type { RecordFilter } from '../expression/record-filter.ts';
import { yieldTurn } from '../expression/yield-turn.ts';
import { passes, rawRejector, recordScreen, type SearchFilters } from './filters.ts';
import { countFailures, screenFor, toTest, type Verdicts } from './parallel/screen.ts';
import type { ScanPlan } from './plan.ts';

export type ScanSource = {
  cluster: string;
  client: Admin;
  admin: Admin;
  topic: TopicMeta;
  brokers: Map<number, BrokerInfo>;
  budget: Budget;
  signal: AbortSignal;
  decode: DecodeContext;
  /** The viewer's masks on the topic (security.masking); undefined when the viewer sees it clear. */
  mask: RecordMask | undefined;
  filters: SearchFilters;
  /** The `filter` expression, tested after the search terms on the same view. */
  expression?: RecordFilter | undefined;
  endTimestamp?: number | undefined;
  /** Incremental fetch sessions (`topicData.fetchSessions`, reader.ts). */
  sessions: boolean;
  /**
   * Worker threads that test records beside the main thread (`search.workers`, parallel/screen.ts);
   * 0 or absent: every record is tested inline.
   */
  workers?: number | undefined;
};

/**
 * What one step of a scan found in one partition: the matches in scan order (ascending offsets for
 * OLDEST, descending for NEWEST) and `through`, the cursor value once they are all taken: the last
 * offset examined in the scan's direction.
 */
export type Found = { views: MaskedRecord[]; through: number };
export type Round = { type: 'round'; found: Map<number, Found>; positions: Map<number, number> };
export type ScanEnd = {
  type: 'end';
  reason: Exclude<ScanStop, 'limit'>;
  scanned: Scanned;
  /** Partitions left unread because no leader answered for them (docs/behaviour.md#a-broker-down). */
  unreadable?: Unreadable[];
};

/** How many more matches a partition may still collect: 0 stops reading it. */
export type Wanted = (partition: number) => number;

/** Loads the registry schemas a batch needs, so that its records decode synchronously. */
async function loadSchemas(source: ScanSource, records: readonly RawRecord[]): Promise<void> {
  const { schemas, detectSchemas } = source.decode;
  if (schemas && detectSchemas) await schemas.load(schemaIds(records));
}

type Rejector = ((raw: RawRecord) => boolean) | undefined;

/** What tells a record cannot match before its views are made (filters.ts rawRejector). */
const rejectorOf = (source: ScanSource): Rejector =>
  rawRejector(source.filters, source.decode, source.mask !== undefined);

/**
 * How the reader reads for a scan: with workers it only counts the records, which the workers read
 * (parallel/screen.ts); without, it rules out what it can from the bytes and makes no record object for
 * that (filters.ts recordScreen).
 */
const readingOf = (
  source: ScanSource,
  workers: boolean,
): { screen: RecordScreen | undefined; countOnly: boolean } => ({
  screen: workers ? undefined : recordScreen(source.filters, source.decode, source.mask !== undefined),
  countOnly: workers,
});

/** The records left to test once those the bytes rule out are dropped (before their schemas are loaded). */
const kept = (records: readonly RawRecord[], rejects: Rejector): readonly RawRecord[] =>
  rejects ? records.filter((raw) => !rejects(raw)) : records;

/** The search terms, then the expression on the same view (masking applied to the view covers both). */
function matchesAll(source: ScanSource, view: MaskedRecord): boolean {
  if (!passes(view, source.filters, source.endTimestamp)) return false;
  return !source.expression || source.expression.test(view, source.topic.name);
}

/**
 * Scans the plan in its direction and yields a round per answer (OLDEST) or window (NEWEST), ending with
 * `end`. Every match is reported once; a partition whose `wanted` count is reached stops early, its
 * `through` at the last match it reported. `page`: `wanted` counts per partition what one page shows,
 * and OLDEST reads about that many records, one answer handled before the next fetch (NEWEST's
 * windows are sized that way already).
 */
export function scanMatches(
  source: ScanSource,
  plan: ScanPlan,
  wanted: Wanted,
  page = false,
): AsyncGenerator<Round | ScanEnd> {
  return plan.direction === 'OLDEST' ? forward(source, plan, wanted, page) : backward(source, plan, wanted);
}

async function* forward(
  source: ScanSource,
  plan: ScanPlan,
  wanted: Wanted,
  page: boolean,
): AsyncGenerator<Round | ScanEnd> {
  const spans: Span[] = plan.partitions.map((p) => ({ partition: p.partition, from: p.position, to: p.hi }));
  const positions = new Map(plan.partitions.map((p) => [p.partition, p.position]));
  const screen = screenFor(source, page);
  const reading = {
    ...source,
    spans,
    wants: (p: number) => wanted(p) > 0,
    ...readingOf(source, screen !== undefined),
    ...(page ? { wanted } : {}),
  };
  const rejects = rejectorOf(source);
  // Events handed to the workers, taken back in the order they were read.
  const ahead: { chunks: Chunk[]; verdicts: Promise<Verdicts | undefined> | undefined }[] = [];
  async function* settle(keep: number): AsyncGenerator<Round> {
    while (ahead.length > keep) {
      const next = ahead.shift();
      if (!next) return;
      const round = await forwardRound(source, next.chunks, await next.verdicts, wanted, positions, rejects);
      freeAnswers(next.chunks);
      if (round) yield round;
    }
  }
  for await (const event of readRecords(reading)) {
    if (event.type === 'error') throw event.error;
    if (event.type === 'done') {
      yield* settle(0);
      if (source.signal.aborted) return;
      yield { type: 'end', reason: event.reason, scanned: event.scanned, unreadable: event.unreadable };
      return;
    }
    if (event.type !== 'records') continue;
    ahead.push({ chunks: event.chunks, verdicts: screen?.submit(event.chunks) });
    yield* settle(screen?.depth ?? 0);
  }
}

/** One reader event's matches, its chunks tested in order (`verdicts`: what the workers kept of each). */
async function forwardRound(
  source: ScanSource,
  chunks: Chunk[],
  verdicts: Verdicts | undefined,
  wanted: Wanted,
  positions: Map<number, number>,
  rejects: Rejector,
): Promise<Round | undefined> {
  const found = new Map<number, Found>();
  for (const [i, chunk] of chunks.entries()) {
    let room = wanted(chunk.partition);
    if (room <= 0) continue;
    const views: MaskedRecord[] = [];
    let through = chunk.next - 1;
    const verdict = verdicts?.[i];
    const tested = kept(toTest(chunk, verdict).records, rejects);
    await loadSchemas(source, tested);
    for (const raw of tested) {
      // An expression may cost up to its time limit a record: the event loop gets a turn every few ms.
      if (source.expression?.yieldDue()) await yieldTurn();
      const view = new MaskedRecord(new DecodedRecord(raw, source.decode), source.mask);
      if (matchesAll(source, view)) {
        // A match keeps its own bytes, not the answer they lie in (record-batches.ts BatchRecord.own).
        ownBytes(raw);
        views.push(view);
        if (--room === 0) {
          through = view.raw.offset;
          break;
        }
      }
    }
    countFailures(source.expression, verdict, through);
    positions.set(chunk.partition, through + 1);
    found.set(chunk.partition, { views, through });
  }
  return found.size ? { type: 'round', found, positions: new Map(positions) } : undefined;
}

/** Records read per partition in the first NEWEST window; later windows grow fourfold. */
const FIRST_WINDOW = 64;
const MAX_WINDOW = 50_000;
/** A window holds its matches until it is read through: about this many bytes per partition at most. */
const WINDOW_BYTES = 8 * 1024 * 1024;

/**
 * NEWEST: Kafka only reads forward, so each partition is read in windows below its position, the newest
 * first; each window's matches are reported highest offset first once the window is read through.
 *
 * A budget never cuts a window: what lies above a cut would be unread, and the cursor, one offset per
 * partition, cannot go on below what was read while keeping what was not. So each round's windows are
 * sized to the records and bytes the budget has left, read whole, and the budget is checked between
 * rounds; a time budget may run over by the round in flight (a window is at most MAX_WINDOW records and
 * about WINDOW_BYTES per partition). Whatever stops the scan, every match read is reported and the cursor
 * goes on exactly below it.
 */
async function* backward(
  source: ScanSource,
  plan: ScanPlan,
  wanted: Wanted,
): AsyncGenerator<Round | ScanEnd> {
  const { budget } = source;
  const state = new Map(
    plan.partitions.map((p) => [p.partition, { ...p, window: FIRST_WINDOW, avgBytes: 0 }]),
  );
  const positions = new Map(plan.partitions.map((p) => [p.partition, p.position]));
  const screen = screenFor(source, false);
  const read = readingOf(source, screen !== undefined);
  const rejects = rejectorOf(source);
  // A partition no leader answered for is dropped from the scan, its position kept, and named at the end.
  const lost = new Map<number, Unreadable>();
  const unreadable = () => [...lost.values()];
  while (!source.signal.aborted) {
    const open = [...state.values()].filter((s) => s.position > s.lo && wanted(s.partition) > 0);
    if (open.length === 0) {
      yield { type: 'end', reason: 'end', scanned: budget.scanned(), unreadable: unreadable() };
      return;
    }
    const stop = budget.exhausted();
    if (stop) {
      yield { type: 'end', reason: stop, scanned: budget.scanned(), unreadable: unreadable() };
      return;
    }
    const spans = windowSpans(open, budget.left());
    const windows = new Map<number, Window>(
      spans.map((s) => [s.partition, { span: s, matches: [], dropped: false, bytes: 0, count: 0 }]),
    );
    // Events handed to the workers, taken back in the order they were read.
    const ahead: { chunks: Chunk[]; verdicts: Promise<Verdicts | undefined> | undefined }[] = [];
    const settle = async (keep: number) => {
      while (ahead.length > keep) {
        const next = ahead.shift();
        if (!next) continue;
        await windowRound(source, next.chunks, await next.verdicts, windows, wanted, rejects);
        freeAnswers(next.chunks);
      }
    };
    for await (const event of readRecords({ ...source, spans, whole: true, ...read })) {
      if (event.type === 'error') throw event.error;
      if (event.type === 'done') {
        for (const u of event.unreadable) lost.set(u.partition, u);
        break;
      }
      if (event.type !== 'records') continue;
      ahead.push({ chunks: event.chunks, verdicts: screen?.submit(event.chunks) });
      await settle(screen?.depth ?? 0);
    }
    await settle(0);
    if (source.signal.aborted) return;
    const found = new Map<number, Found>();
    for (const [partition, w] of windows) {
      const s = state.get(partition);
      if (!s) continue;
      if (lost.has(partition)) {
        // Its window was not read through: nothing of it is reported, and the cursor stays where it was.
        state.delete(partition);
        continue;
      }
      const lowest = w.matches[0];
      const through = w.dropped && lowest ? lowest.raw.offset : w.span.from;
      const views = w.matches.reverse();
      s.position = through;
      s.window *= 4;
      if (w.count > 0) s.avgBytes = Math.max(1, Math.ceil(w.bytes / w.count));
      positions.set(partition, through);
      found.set(partition, { views, through });
    }
    if (found.size) yield { type: 'round', found, positions: new Map(positions) };
  }
}

type Window = { span: Span; matches: MaskedRecord[]; dropped: boolean; bytes: number; count: number };

/**
 * One reader event of a NEWEST round into its windows: every record counted, the matches kept, at most
 * the partition's `wanted` of them, the lowest dropped first (`verdicts`: what the workers kept).
 */
async function windowRound(
  source: ScanSource,
  chunks: Chunk[],
  verdicts: Verdicts | undefined,
  windows: Map<number, Window>,
  wanted: Wanted,
  rejects: Rejector,
): Promise<void> {
  for (const [i, chunk] of chunks.entries()) {
    const w = windows.get(chunk.partition);
    if (!w) continue;
    const room = wanted(chunk.partition);
    const verdict = verdicts?.[i];
    const { records, payloadBytes } = toTest(chunk, verdict);
    w.bytes += payloadBytes;
    w.count += chunk.count;
    const tested = kept(records, rejects);
    await loadSchemas(source, tested);
    for (const raw of tested) {
      // An expression may cost up to its time limit a record: the event loop gets a turn every few ms.
      if (source.expression?.yieldDue()) await yieldTurn();
      const view = new MaskedRecord(new DecodedRecord(raw, source.decode), source.mask);
      if (!matchesAll(source, view)) continue;
      ownBytes(raw);
      w.matches.push(view);
      if (w.matches.length > room) {
        w.matches.shift();
        w.dropped = true;
      }
    }
    countFailures(source.expression, verdict, Number.POSITIVE_INFINITY);
  }
}

/** A NEWEST partition between windows: reading goes on below `position`, down to `lo`. */
type WindowState = { partition: number; lo: number; position: number; window: number; avgBytes: number };

/**
 * The next window of each open partition: its grown size, at most MAX_WINDOW records and about
 * WINDOW_BYTES, and all of them together within the records and bytes the budget has left (each at
 * least one record, so a round always gets somewhere; partitions past the records left wait).
 */
export function windowSpans(open: readonly WindowState[], left: { records: number; bytes: number }): Span[] {
  const spans: Span[] = [];
  let records = left.records;
  const share = Math.floor(left.records / open.length);
  for (const s of open) {
    if (records <= 0) break;
    const byBytes = s.avgBytes > 0 ? Math.floor(WINDOW_BYTES / s.avgBytes) : MAX_WINDOW;
    const byBudgetBytes = s.avgBytes > 0 ? Math.floor(left.bytes / open.length / s.avgBytes) : MAX_WINDOW;
    const size = Math.max(
      1,
      Math.min(s.window, MAX_WINDOW, byBytes, byBudgetBytes, Math.max(1, share), records),
    );
    const from = Math.max(s.lo, s.position - size);
    spans.push({ partition: s.partition, from, to: s.position });
    records -= s.position - from;
  }
  return spans;
}
