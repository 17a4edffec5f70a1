import type { Admin } from '@platformatic/kafka';

/**
 * How big one request to a broker may be and how many of the batched ones a cluster's client sends at
 * once (config `kafkaClient`): whatever the cluster holds, a request names at most `groupsPerRequest`
 * groups (FindCoordinator, OffsetFetch, DescribeGroups) and `partitionsPerRequest` partitions
 * (ListOffsets, OffsetFetch).
 */
export type RequestLimits = {
  groupsPerRequest: number;
  partitionsPerRequest: number;
  requestConcurrency: number;
};

export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  groupsPerRequest: 100,
  partitionsPerRequest: 1000,
  requestConcurrency: 4,
};

type Limited = { limits: RequestLimits; running: number; waiting: (() => void)[] };
const limited = new WeakMap<Admin, Limited>();

/** Gives a client the limits of its cluster (the pool does, as it makes each client). */
export function setRequestLimits(admin: Admin, limits: RequestLimits): void {
  limited.set(admin, { limits, running: 0, waiting: [] });
}

function state(admin: Admin): Limited {
  let found = limited.get(admin);
  if (!found) {
    found = { limits: DEFAULT_REQUEST_LIMITS, running: 0, waiting: [] };
    limited.set(admin, found);
  }
  return found;
}

export const requestLimits = (admin: Admin): RequestLimits => state(admin).limits;

/**
 * Runs `send` for every batch, at most `requestConcurrency` batched requests of the client in flight
 * at once (across all the calls running on it), and returns the answers in batch order.
 */
export async function inBatches<B, R>(
  admin: Admin,
  batches: readonly B[],
  send: (batch: B) => Promise<R>,
): Promise<R[]> {
  const s = state(admin);
  return Promise.all(
    batches.map(async (batch) => {
      while (s.running >= s.limits.requestConcurrency) {
        await new Promise<void>((resolve) => s.waiting.push(resolve));
      }
      s.running++;
      try {
        return await send(batch);
      } finally {
        s.running--;
        s.waiting.shift()?.();
      }
    }),
  );
}

/** `items` cut into runs of at most `size`. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs;
}
