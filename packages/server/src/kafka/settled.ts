import { setTimeout } from 'node:timers/promises';

const ATTEMPTS = 40;
const WAIT_MS = 50;

/**
 * Kafka's controller answers a change (a topic, its partitions, a config, a quota, an ACL, a SCRAM
 * credential) once it has committed it; the broker that answers the next read may apply it a moment later,
 * its metadata image a step behind. `read` is asked again every 50 ms, for up to two seconds, until `shows`
 * its answer, so a page read right after a change shows it. The last answer is returned either way: a
 * change that never shows is the read's to describe, not an error (docs/api-conventions.md#after-a-change).
 */
export async function readUntil<T>(read: () => Promise<T>, shows: (answer: T) => boolean): Promise<T> {
  let answer = await read();
  for (let attempt = 1; attempt < ATTEMPTS && !shows(answer); attempt++) {
    await setTimeout(WAIT_MS);
    answer = await read();
  }
  return answer;
}

/**
 * Waits as readUntil does, for a change whose answer needs nothing from the read: a read that fails ends
 * the wait and is not the change's error, the change having been committed.
 */
export async function untilShown<T>(read: () => Promise<T>, shows: (answer: T) => boolean): Promise<void> {
  await readUntil(read, shows).catch(() => undefined);
}
