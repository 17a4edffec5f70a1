// Whether the brokers `stack:up` is asked for can hold the partitions they are meant to carry open. These
// machines allow a process 20,000 open files (`ulimit -Hn`, which root cannot raise here): a single broker
// given 20,000 one-partition topics died with "Too many open files" a minute in. `stack:up` refuses such
// a start up front and says what to do instead.
import { readFileSync } from 'node:fs';

/**
 * Files a broker keeps open per partition: one per log segment. Measured on the stack's Kafka 4.4.0:
 * 400 new one-partition topics added exactly 400 descriptors, all `.log` files; the `.index` and
 * `.timeindex` files are memory-mapped and their descriptors closed. A fresh partition has one segment.
 */
export const FILES_PER_PARTITION = 1;
/**
 * Descriptors a broker holds besides its partitions: about 140 when idle (jars, epoll, the controller
 * quorum), plus client connections, `__consumer_offsets`, the console's own topics and the segments a
 * busy partition rolls.
 */
export const RESERVED_FILES = 1_500;

/** The process's hard limit on open files (what a broker started from it inherits), from /proc. */
export function hardOpenFileLimit(limits = readFileSync('/proc/self/limits', 'utf8')): number {
  const line = limits.split('\n').find((l) => l.startsWith('Max open files'));
  const hard = line?.trim().split(/\s+/)[4];
  if (hard === undefined) return Number.POSITIVE_INFINITY;
  return hard === 'unlimited' ? Number.POSITIVE_INFINITY : Number(hard);
}

/** The most partitions one broker can carry under `limit` open files. */
export function partitionsPerBrokerWithin(limit: number): number {
  return Math.max(0, Math.floor((limit - RESERVED_FILES) / FILES_PER_PARTITION));
}

/**
 * Why `brokers` brokers cannot carry `partitions` partitions (replicas counted: a topic of replication
 * factor 3 counts three times) under `limit` open files each, or undefined when they can.
 */
export function openFilesProblem(partitions: number, brokers: number, limit: number): string | undefined {
  const perBroker = Math.ceil(partitions / Math.max(1, brokers));
  const needed = perBroker * FILES_PER_PARTITION + RESERVED_FILES;
  if (needed <= limit) return undefined;
  const most = partitionsPerBrokerWithin(limit);
  const brokersNeeded = Math.max(3, Math.ceil(partitions / Math.max(1, most)));
  return (
    `${partitions} partitions on ${brokers} broker${brokers === 1 ? '' : 's'} is ${perBroker} a broker, ` +
    `about ${needed} open files each (${FILES_PER_PARTITION} a partition segment + ${RESERVED_FILES} for the rest), ` +
    `over this machine's limit of ${limit} open files a process (ulimit -Hn): a broker past it dies with ` +
    `"Too many open files". A broker holds at most ${most} partitions here; spread them over more brokers, ` +
    `each with its own limit: stack:up --brokers ${brokersNeeded}.`
  );
}

/**
 * The partitions the caller expects the stack to carry: `--partitions N`, else STACK_PARTITIONS (what a
 * benchmark exports before `stack:up`), else undefined (no check).
 */
export function requestedPartitions(argv: readonly string[], env = process.env): number | undefined {
  const i = argv.indexOf('--partitions');
  const raw = i >= 0 ? argv[i + 1] : env.STACK_PARTITIONS;
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`partitions must be a whole number, got '${raw}'`);
  return n;
}
