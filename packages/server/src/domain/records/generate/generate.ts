import { setTimeout as sleep } from 'node:timers/promises';
import type { GenerateBody, GeneratedPreview, GenerateResult } from '@console/contract';
import { base, en, Faker } from '@faker-js/faker';
import type { TopicMeta } from '../../../kafka/metadata.ts';
import { conflict, missing } from '../../../platform/errors.ts';
import type { SchemaCache } from '../decode/registry.ts';
import type { Outgoing } from '../produce.ts';
import { headersMaker, type Maker, subjectMaker, templateMaker } from './sources.ts';

/**
 * Fake records into a topic (docs/api-conventions.md#generate). This module and faker load on the first
 * generate (write-service.ts imports it then), so a console that never generates never loads them.
 */

/** Records made and sent at a time: memory holds a few runs, whatever the count. */
const BATCH = 500;
/** Produce requests kept in flight; the idempotent producer keeps their order (at most 5). */
const IN_FLIGHT = 4;
/** Rate mode sends what is due every TICK_MS. */
const TICK_MS = 100;
/** With a seed, dates are relative to this instant, so a seeded run repeats on another day. */
const SEEDED_REFERENCE_DATE = new Date('2025-01-01T00:00:00.000Z');

export type GenerateJob = {
  body: GenerateBody;
  /** `?preview=N`: make N records and answer them, write nothing. */
  preview: number | undefined;
  topic: TopicMeta;
  compacted: boolean;
  schemas: SchemaCache | undefined;
  /** Where a Java producer puts a key (produce.ts), passed in so this chunk shares no Kafka code. */
  partitionFor: (key: Buffer, partitions: number) => number;
  /** Writes a run of records (send.ts); resolves once the broker acknowledged them all. */
  send: (records: Outgoing[]) => Promise<void>;
  signal: AbortSignal;
};

export async function generateRecords(job: GenerateJob): Promise<GenerateResult> {
  const { body, topic } = job;
  const partitions = topic.partitions.length;
  if (body.partition !== undefined && body.partition >= partitions) {
    throw missing('body.partition', `topic '${topic.name}' has ${partitions} partition(s)`);
  }
  const keyed = body.keySubject !== undefined || body.keyTemplate !== undefined;
  if (job.compacted && !keyed) {
    throw conflict(
      `Key missing for generating onto compacted topic '${topic.name}': give keyTemplate or keySubject`,
    );
  }
  const faker = new Faker({ locale: [en, base] });
  if (body.seed !== undefined) {
    faker.seed(body.seed);
    faker.setDefaultRefDate(SEEDED_REFERENCE_DATE);
  }
  const value = body.subject
    ? await subjectMaker('subject', body.subject, job.schemas, faker)
    : templateMaker('template', body.template, faker);
  const key: Maker | undefined = body.keySubject
    ? await subjectMaker('keySubject', body.keySubject, job.schemas, faker)
    : body.keyTemplate !== undefined
      ? templateMaker('keyTemplate', body.keyTemplate, faker)
      : undefined;
  const headers = body.headers ? headersMaker(body.headers, faker) : () => [];

  if (job.preview !== undefined) {
    const preview: GeneratedPreview[] = Array.from({ length: job.preview }, (_, i) => ({
      key: key?.(i).shown() ?? null,
      value: value(i).shown(),
    }));
    return { written: 0, preview };
  }

  let roundRobin = Math.floor(Math.random() * partitions);
  const make = (from: number, count: number): Outgoing[] => {
    const timestamp = Date.now();
    return Array.from({ length: count }, (_, n) => {
      const index = from + n;
      const k = key?.(index).bytes ?? null;
      if (job.compacted && k === null) {
        throw conflict(`Record ${index} has no key: a compacted topic refuses it`);
      }
      return {
        partition: body.partition ?? (k ? job.partitionFor(k, partitions) : roundRobin++ % partitions),
        key: k,
        value: value(index).bytes,
        headers: headers(index),
        timestamp,
        shown: { key: null, value: null },
      };
    });
  };
  const window = new SendWindow(job.send);
  const total = body.count ?? Math.round((body.ratePerSecond ?? 0) * (body.durationSeconds ?? 0));
  let made = 0;
  let stopped = false;
  const started = performance.now();
  while (made < total) {
    if (job.signal.aborted) {
      stopped = true;
      break;
    }
    let due = total;
    if (body.count === undefined) {
      const elapsed = performance.now() - started;
      due = Math.min(total, Math.floor(((body.ratePerSecond ?? 0) * elapsed) / 1000));
      if (due <= made) {
        await sleep(TICK_MS - (elapsed % TICK_MS), undefined, { signal: job.signal }).catch(() => undefined);
        continue;
      }
    }
    const count = Math.min(BATCH, due - made);
    const records = make(made, count);
    made += count;
    await window.add(records);
  }
  await window.drain();
  return { written: window.written, ...(stopped ? { stopped: true } : {}) };
}

/**
 * Sends in flight, oldest first: the next run is made while the broker writes the last ones, and a full
 * window waits for its oldest. A failed send fails the run at the next `add` or at `drain`.
 */
class SendWindow {
  readonly #pending: Promise<void>[] = [];
  readonly #send: (records: Outgoing[]) => Promise<void>;
  written = 0;

  constructor(send: (records: Outgoing[]) => Promise<void>) {
    this.#send = send;
  }

  async add(records: Outgoing[]): Promise<void> {
    const send = this.#send(records).then(() => {
      this.written += records.length;
    });
    // Never unhandled: each is awaited in turn below.
    send.catch(() => undefined);
    this.#pending.push(send);
    if (this.#pending.length >= IN_FLIGHT) await this.#pending.shift();
  }

  async drain(): Promise<void> {
    while (this.#pending.length) await this.#pending.shift();
  }
}
