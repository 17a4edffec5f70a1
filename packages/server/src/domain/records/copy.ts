import type { CopyBody, CopyResult } from '@console/contract';
import type { Admin, Producer } from '@platformatic/kafka';
import type { Budget } from '../../kafka/fetch/budget.ts';
import { readRecords } from '../../kafka/fetch/reader.ts';
import type { Span } from '../../kafka/fetch/types.ts';
import type { BrokerInfo, TopicMeta } from '../../kafka/metadata.ts';
import type { PartitionOffsets } from '../../kafka/offsets.ts';
import { missing } from '../../platform/errors.ts';
import { partitionFor } from './produce.ts';

export type CopyJob = {
  cluster: string;
  admin: Admin;
  client: Admin;
  from: TopicMeta;
  brokers: Map<number, BrokerInfo>;
  offsets: Map<number, PartitionOffsets>;
  to: TopicMeta;
  producer: Producer;
  budget: Budget;
  signal: AbortSignal;
  /** Incremental fetch sessions (`topicData.fetchSessions`). */
  sessions: boolean;
};

/** The listed source partitions, each from its offset (0 or below the log start: the log start) to its end now. */
export function copySpans(body: CopyBody, offsets: Map<number, PartitionOffsets>): Span[] {
  return body.map((entry, i) => {
    const o = offsets.get(entry.partition);
    if (!o) throw missing(`body.${i}.partition`, `no partition ${entry.partition} in the source topic`);
    return {
      partition: entry.partition,
      from: Math.min(o.last, Math.max(o.first, entry.offset)),
      to: o.last,
    };
  });
}

/**
 * Bytes a produce request of a copy holds at most (one record bigger than that goes alone): a fetched
 * batch may be compressed and a copy writes uncompressed, so records read together can exceed the
 * target's max.message.bytes (1 MiB by default) if written as one batch.
 */
const SEND_MAX_BYTES = 512 * 1024;

type Message = { key?: Buffer; value: Buffer | null; headers: Map<Buffer, Buffer | null> };

/** `messages` in runs of at most SEND_MAX_BYTES of keys, values and headers, in order. */
export function bySize<T extends Message>(messages: T[], max = SEND_MAX_BYTES): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let bytes = 0;
  for (const m of messages) {
    let size = (m.key?.length ?? 0) + (m.value?.length ?? 0) + 32;
    for (const [k, v] of m.headers) size += k.length + (v?.length ?? 0) + 8;
    if (run.length && bytes + size > max) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(m);
    bytes += size;
  }
  if (run.length) runs.push(run);
  return runs;
}

/**
 * Copies records with key, value, headers and timestamp (docs/api-conventions.md#copy): to the same partition
 * when both topics have as many, else where a producer would put the key. Reads and writes in steps, so at
 * most a fetch answer is held; a budget stop answers where to resume.
 */
export async function copyRecords(job: CopyJob, spans: Span[]): Promise<CopyResult> {
  const samePartitions = job.from.partitions.length === job.to.partitions.length;
  const positions = new Map(spans.map((s) => [s.partition, s.from]));
  let copied = 0;
  let stopped: CopyResult['stopped'];
  for await (const event of readRecords({ ...job, topic: job.from, spans })) {
    if (event.type === 'error') throw event.error;
    if (event.type === 'done') {
      if (event.reason !== 'end') stopped = event.reason;
      break;
    }
    if (event.type !== 'records') continue;
    const messages = event.chunks.flatMap((chunk) =>
      chunk.records.map((r) => ({
        topic: job.to.name,
        partition: samePartitions
          ? r.partition
          : r.key
            ? partitionFor(r.key, job.to.partitions.length)
            : undefined,
        key: r.key ?? undefined,
        value: r.value as Buffer,
        headers: new Map(r.headers.filter((h): h is [Buffer, Buffer] => h[0] !== null)),
        timestamp: BigInt(r.timestamp),
      })),
    );
    for (const part of bySize(messages)) await job.producer.send({ messages: part });
    copied += messages.length;
    for (const chunk of event.chunks) positions.set(chunk.partition, chunk.next);
  }
  if (job.signal.aborted) stopped ??= 'time';
  const next = stopped
    ? spans
        .filter((s) => (positions.get(s.partition) ?? s.to) < s.to)
        .map((s) => ({ partition: s.partition, offset: positions.get(s.partition) ?? s.from }))
    : undefined;
  return { records: copied, ...(stopped ? { stopped } : {}), ...(next?.length ? { next } : {}) };
}
