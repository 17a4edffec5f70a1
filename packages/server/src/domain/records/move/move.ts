import {
  MOVE_EVENT,
  type MoveCounts,
  type MoveEnd,
  type MoveEvent,
  type MoveProgress,
} from '@console/contract';
import type { Producer } from '@platformatic/kafka';
import type { RawRecord } from '../../../kafka/fetch/types.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { bySize } from '../copy.ts';
import { partitionFor } from '../produce.ts';
import { formatCursor } from '../scan/cursor.ts';
import { percentDone } from '../scan/plan.ts';
import { type ScanSource, scanMatches } from '../scan/scan.ts';
import type { MovePlan } from './move-plan.ts';
import { Pace, slices } from './pace.ts';
import type { Destination } from './targets.ts';

/** What the console knows of a target topic: its partition count, or why nothing may go there. */
export type TargetState = { partitions: number } | 'missing' | 'denied';

/**
 * One redrive or replay (docs/api-conventions.md#redrive-and-replay): the records the plan and filter keep,
 * each sent where `destination` says, with its key, value, timestamp and `headers`.
 */
export type MoveJob = {
  source: ScanSource;
  plan: MovePlan;
  destination: (record: RawRecord) => Destination | undefined;
  headers: (record: RawRecord) => Map<Buffer, Buffer>;
  partitioning: 'keep' | 'key';
  /** Looked up once per target topic; a topic missing or denied stops a run before anything goes there. */
  target: (topic: string) => Promise<TargetState>;
  producer: Producer;
  ratePerSecond: number | undefined;
  /** Set by Stop: the run ends after the records in flight, with a cursor that counts them. */
  stopped: () => boolean;
};

/** A progress event at most this often (and always before the end or an error). */
const PROGRESS_EVERY_MS = 250;

type Outgoing = {
  topic: string;
  partition: number | undefined;
  key: Buffer | undefined;
  value: Buffer;
  headers: Map<Buffer, Buffer>;
  timestamp: bigint;
};

/** Counts and cursor, shared by the dry run and the run. */
class Tally {
  readonly cursor: Map<number, number>;
  readonly targets = new Map<string, number>();
  readonly missing = new Set<string>();
  readonly denied = new Set<string>();
  matched = 0;
  unresolved = 0;
  sent = 0;
  positions = new Map<number, number>();

  readonly job: MoveJob;

  constructor(job: MoveJob) {
    this.job = job;
    this.cursor = new Map(job.plan.plan.cursor);
  }

  counts(): MoveProgress {
    const after = formatCursor(this.cursor);
    const { plan } = this.job.plan;
    return {
      read: this.job.source.budget.records,
      matched: this.matched,
      sent: this.sent,
      targets: Object.fromEntries(this.targets),
      unresolved: this.unresolved,
      ...(after ? { after } : {}),
      percent: Math.round(percentDone(plan, this.positions) * 100) / 100,
    };
  }
}

/** Where `record` goes in a target of `partitions` partitions (undefined: the producer's choice). */
function partitionIn(
  job: MoveJob,
  record: RawRecord,
  to: Destination,
  partitions: number,
): number | undefined {
  if (job.partitioning === 'keep') {
    const kept =
      to.partition ?? (job.source.topic.partitions.length === partitions ? record.partition : undefined);
    if (kept !== undefined && kept >= 0 && kept < partitions) return kept;
  }
  return record.key ? partitionFor(record.key, partitions) : undefined;
}

/**
 * Each round of the scan: the kept records with their destination and their target's state, or the
 * records whose headers name none (counted as unresolved).
 */
async function* rounds(job: MoveJob, tally: Tally) {
  const known = new Map<string, TargetState>();
  for await (const event of scanMatches(job.source, job.plan.plan, () => Number.POSITIVE_INFINITY)) {
    if (event.type === 'end') return event.reason as MoveEnd['reason'];
    const kept: { record: RawRecord; to: Destination; state: TargetState }[] = [];
    for (const [, found] of event.found) {
      for (const view of found.views) {
        const record = view.raw;
        if (job.plan.picked && !job.plan.picked(record.partition, record.offset)) continue;
        tally.matched++;
        const to = job.destination(record);
        if (!to) {
          tally.unresolved++;
          continue;
        }
        let state = known.get(to.topic);
        if (!state) {
          state = await job.target(to.topic);
          known.set(to.topic, state);
        }
        kept.push({ record, to, state });
      }
    }
    yield { kept, found: event.found, positions: event.positions };
  }
  return 'end' as MoveEnd['reason'];
}

/** Marks the round read: the cursor at the last offset examined per partition. */
function advance(
  tally: Tally,
  round: { found: Map<number, { through: number }>; positions: Map<number, number> },
) {
  for (const [partition, found] of round.found) tally.cursor.set(partition, found.through);
  tally.positions = round.positions;
}

/** The dry run: reads what a run would, sends nothing, answers the counts per target. */
export async function countMove(job: MoveJob): Promise<MoveCounts & { reason: MoveEnd['reason'] }> {
  const tally = new Tally(job);
  const scan = rounds(job, tally);
  let next = await scan.next();
  while (!next.done) {
    for (const { to, state } of next.value.kept) {
      if (state === 'missing') tally.missing.add(to.topic);
      else if (state === 'denied') tally.denied.add(to.topic);
      tally.targets.set(to.topic, (tally.targets.get(to.topic) ?? 0) + 1);
    }
    advance(tally, next.value);
    next = await scan.next();
  }
  const { sent: _, ...counts } = tally.counts();
  const failures = job.source.expression?.report();
  return {
    ...counts,
    missing: [...tally.missing],
    denied: [...tally.denied],
    ...(failures ? { filterFailures: failures } : {}),
    // A dry run is never stopped: it ends with the range or its scan budget.
    reason: next.value === 'stopped' ? 'end' : next.value,
  };
}

/**
 * The run: `moveStart`, `moveProgress` events with the counts and the cursor (each after the records it
 * counts are acknowledged), then `moveEnd`. Stop, or the client leaving, ends it between two sends: the
 * cursor then stands at the last record acknowledged in each partition, so a resume sends nothing twice.
 * A round whose records include a missing or denied target stops the run before any of that round is
 * sent, the progress event just before the error holding where to resume.
 */
export async function* runMove(job: MoveJob, id: string): AsyncGenerator<MoveEvent> {
  yield { event: MOVE_EVENT.start, data: { id } };
  const tally = new Tally(job);
  const pace = new Pace(job.ratePerSecond);
  const signal = job.source.signal;
  const halted = () => job.stopped() || signal.aborted;
  let lastProgress = Date.now();
  const scan = rounds(job, tally);
  let reason: MoveEnd['reason'] = 'end';
  try {
    for (let next = await scan.next(); ; next = await scan.next()) {
      if (next.done) {
        reason = halted() ? 'stopped' : next.value;
        break;
      }
      const round = next.value;
      const refused = round.kept.find((k) => typeof k.state === 'string');
      if (refused) {
        yield { event: MOVE_EVENT.progress, data: tally.counts() };
        throw refused.state === 'missing'
          ? notFound(`Target topic '${refused.to.topic}' does not exist: create it, then resume`)
          : new AppError('FORBIDDEN', `You may not write to target topic '${refused.to.topic}'`);
      }
      const messages = round.kept.map(({ record, to, state }) => ({
        topic: to.topic,
        partition: partitionIn(job, record, to, (state as { partitions: number }).partitions),
        key: record.key ?? undefined,
        value: record.value as Buffer,
        headers: job.headers(record),
        timestamp: BigInt(record.timestamp),
        from: record,
      }));
      let all = true;
      for await (const sent of sendAll(job, tally, pace, messages, halted)) {
        if (!sent) {
          all = false;
          break;
        }
        const now = Date.now();
        if (now - lastProgress >= PROGRESS_EVERY_MS) {
          lastProgress = now;
          yield { event: MOVE_EVENT.progress, data: tally.counts() };
        }
      }
      if (!all) {
        reason = 'stopped';
        break;
      }
      advance(tally, round);
      const now = Date.now();
      if (now - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = now;
        yield { event: MOVE_EVENT.progress, data: tally.counts() };
      }
      if (halted()) {
        reason = 'stopped';
        break;
      }
    }
  } finally {
    await scan.return('end');
  }
  const failures = job.source.expression?.report();
  yield {
    event: MOVE_EVENT.end,
    data: { ...tally.counts(), reason, ...(failures ? { filterFailures: failures } : {}) },
  };
}

/**
 * Sends the round's records in order, paced, in runs the target takes; after each acknowledged run the
 * cursor stands at each partition's last record sent, and it yields true. False when halted before all
 * were sent.
 */
async function* sendAll(
  job: MoveJob,
  tally: Tally,
  pace: Pace,
  messages: (Outgoing & { from: RawRecord })[],
  halted: () => boolean,
): AsyncGenerator<boolean> {
  for (const part of bySize(messages)) {
    for (const slice of slices(part, pace.slice)) {
      if (halted()) return yield false;
      await pace.wait(slice.length, job.source.signal);
      if (halted()) return yield false;
      await job.producer.send({ messages: slice.map(({ from: _, ...m }) => m) });
      for (const m of slice) {
        tally.targets.set(m.topic, (tally.targets.get(m.topic) ?? 0) + 1);
        tally.cursor.set(m.from.partition, m.from.offset);
      }
      tally.sent += slice.length;
      yield true;
    }
  }
}
