import type { ImportLineError, ImportQuery, ImportResult } from '@console/contract';
import type { Producer } from '@platformatic/kafka';
import { AppError } from '../../../platform/errors.ts';
import { bySize } from '../copy.ts';
import { messagesOf, type Outgoing } from '../produce.ts';
import { type ImportTarget, importRecord, isFieldProblem, schemaIdsOf } from './import-record.ts';
import { csvRows, jsonArrayRows, ndjsonRows, type RawRow } from './readers.ts';
import type { Spooled } from './spool.ts';

export type ImportMedia = 'application/json' | 'application/x-ndjson' | 'text/csv';

/** Bad lines an answer lists; `skipped` counts every one. */
const MAX_LISTED_ERRORS = 100;
/** Records a produce request carries at most (and at most 512 KB of them, as a copy's). */
const SEND_MAX_RECORDS = 1_000;

const READERS: Record<ImportMedia, (chunks: AsyncIterable<string>) => AsyncGenerator<RawRow>> = {
  'application/json': jsonArrayRows,
  'application/x-ndjson': ndjsonRows,
  'text/csv': csvRows,
};

type Checked = { line: number; record: Outgoing } | { line: number; error: string };

/** Every record of the file in order, encoded for the topic, or the reason its line cannot be written. */
async function* checked(file: Spooled, media: ImportMedia, target: ImportTarget): AsyncGenerator<Checked> {
  let roundRobin = 0;
  const next = () => roundRobin++;
  const now = Date.now();
  for await (const row of READERS[media](file.read())) {
    if ('error' in row) {
      yield row;
      continue;
    }
    const ids = schemaIdsOf(row.fields);
    if (ids.length && target.schemas) await target.schemas.load(ids);
    try {
      yield { line: row.line, record: importRecord(row.fields, target, next, now) };
    } catch (error) {
      if (!isFieldProblem(error)) throw error;
      yield { line: row.line, error: error.message };
    }
  }
}

export type ImportJob = {
  file: Spooled;
  media: ImportMedia;
  target: ImportTarget;
  options: ImportQuery;
  /** Writes one run of records, in order; resolves once the broker acknowledged them all. */
  send: (records: Outgoing[]) => Promise<void>;
  signal: AbortSignal;
};

/**
 * Reads the file once to check every line (nothing written when one is bad and `onError` is `stop`, or for
 * a dry run), then once more to write the good records in order, a run of at most SEND_MAX_RECORDS and
 * 512 KB at a time, each acknowledged before the next is read: memory holds one run, whatever the size
 * of the file. A client that leaves stops the writing between two runs.
 */
export async function importFile(job: ImportJob): Promise<ImportResult> {
  const { file, media, target, options } = job;
  const errors: ImportLineError[] = [];
  let good = 0;
  let bad = 0;
  for await (const item of checked(file, media, target)) {
    job.signal.throwIfAborted();
    if ('error' in item) {
      bad++;
      if (errors.length < MAX_LISTED_ERRORS) errors.push({ line: item.line, message: item.error });
    } else good++;
  }
  if (bad > 0 && options.onError === 'stop' && !options.dryRun) {
    throw new AppError(
      'BAD_REQUEST',
      `${bad} bad record(s), the first on line ${errors[0]?.line}: nothing written`,
      {
        fields: errors.map((e) => ({ field: `body.line.${e.line}`, message: e.message })),
      },
    );
  }
  if (options.dryRun) return { written: good, skipped: bad, errors, dryRun: true };
  let written = 0;
  let run: Outgoing[] = [];
  const window = new SendWindow();
  const flush = async () => {
    for (const part of bySize(run.map(asMessage))) await window.add(job.send(part.map((m) => m.record)));
    written += run.length;
    run = [];
  };
  for await (const item of checked(file, media, target)) {
    if ('error' in item) continue;
    run.push(item.record);
    if (run.length >= SEND_MAX_RECORDS) {
      job.signal.throwIfAborted();
      await flush();
    }
  }
  if (run.length) await flush();
  await window.drain();
  return { written, skipped: bad, errors, dryRun: false };
}

/** Produce requests a write keeps in flight: the idempotent producer keeps their order (at most 5). */
const IN_FLIGHT = 4;

/**
 * The sends under way: the next run is read and encoded while the broker writes the last ones, and a
 * full window waits for its oldest. A failed send fails the import at the next `add` or at `drain`.
 */
class SendWindow {
  readonly #pending: Promise<void>[] = [];

  async add(send: Promise<void>): Promise<void> {
    // Never unhandled: each is awaited in turn below.
    send.catch(() => undefined);
    this.#pending.push(send);
    if (this.#pending.length >= IN_FLIGHT) await this.#pending.shift();
  }

  async drain(): Promise<void> {
    while (this.#pending.length) await this.#pending.shift();
  }
}

/** The shape bySize measures. */
function asMessage(record: Outgoing) {
  return {
    record,
    key: record.key ?? undefined,
    value: record.value,
    headers: new Map(record.headers),
  };
}

/** Sends a run through the console's idempotent producer: the broker keeps each partition's order. */
export function sender(producer: Producer, topic: string) {
  return async (records: Outgoing[]) => {
    await producer.send({ messages: messagesOf(topic, records) });
  };
}
