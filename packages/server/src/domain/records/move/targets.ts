import type { RawRecord } from '../../../kafka/fetch/types.ts';

/**
 * Where a dead letter came from, as the tool that wrote it says (docs/api-conventions.md#redrive-and-replay).
 * Kafka Connect, with `errors.deadletterqueue.context.headers.enable=true`, writes its `__connect.errors.*`
 * headers as UTF-8 text; Spring Kafka's DeadLetterPublishingRecoverer writes `kafka_dlt-original-topic` as
 * text and `kafka_dlt-original-partition` as a 4-byte big-endian int.
 */
export const CONNECT_TOPIC = '__connect.errors.topic';
export const CONNECT_PARTITION = '__connect.errors.partition';
export const SPRING_TOPIC = 'kafka_dlt-original-topic';
export const SPRING_PARTITION = 'kafka_dlt-original-partition';

/** The headers a redrive drops unless asked to keep them: the error context both tools add. */
export function isErrorHeader(name: string): boolean {
  return name.startsWith('__connect.errors.') || name.startsWith('kafka_dlt-');
}

export type TargetRule =
  | { rule: 'auto' | 'connect' | 'spring' }
  | { rule: 'header'; header: string }
  | { rule: 'topic'; topic: string };

/** A record's destination: the topic, and the partition its headers name (the original one), if any. */
export type Destination = { topic: string; partition: number | undefined };

const text = (value: Buffer | null | undefined): string | undefined =>
  value && value.length > 0 ? value.toString('utf8') : undefined;

function header(record: RawRecord, name: string): Buffer | null | undefined {
  for (const [k, v] of record.headers)
    if (k && k.length === name.length && k.toString('utf8') === name) return v;
  return undefined;
}

/** Connect's partition is decimal text; Spring's a 4-byte big-endian int (text accepted as well). */
function partitionOf(value: Buffer | null | undefined): number | undefined {
  if (!value || value.length === 0) return undefined;
  const asText = value.toString('utf8');
  if (/^\d{1,10}$/.test(asText)) return Number(asText);
  if (value.length === 4) return value.readInt32BE(0);
  return undefined;
}

function fromHeaders(
  record: RawRecord,
  topicHeader: string,
  partitionHeader: string,
): Destination | undefined {
  const topic = text(header(record, topicHeader));
  return topic ? { topic, partition: partitionOf(header(record, partitionHeader)) } : undefined;
}

/** The destination the rule gives the record; undefined when its headers name none (not sent, counted). */
export function destinationOf(rule: TargetRule, record: RawRecord): Destination | undefined {
  switch (rule.rule) {
    case 'topic':
      return { topic: rule.topic, partition: undefined };
    case 'header': {
      const topic = text(header(record, rule.header));
      return topic ? { topic, partition: undefined } : undefined;
    }
    case 'connect':
      return fromHeaders(record, CONNECT_TOPIC, CONNECT_PARTITION);
    case 'spring':
      return fromHeaders(record, SPRING_TOPIC, SPRING_PARTITION);
    case 'auto':
      return (
        fromHeaders(record, CONNECT_TOPIC, CONNECT_PARTITION) ??
        fromHeaders(record, SPRING_TOPIC, SPRING_PARTITION)
      );
  }
}

/** The record's headers as the producer takes them, error context dropped unless kept; null names skipped. */
export function outgoingHeaders(record: RawRecord, keepErrorHeaders: boolean): Map<Buffer, Buffer> {
  const headers = new Map<Buffer, Buffer>();
  for (const [k, v] of record.headers) {
    if (!k) continue;
    if (!keepErrorHeaders && isErrorHeader(k.toString('utf8'))) continue;
    // A null value stays null, as the copy sends it.
    headers.set(k, v as Buffer);
  }
  return headers;
}
