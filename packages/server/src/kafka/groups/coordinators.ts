import type { Node } from '@console/contract';
import { type Admin, FindCoordinatorKeyTypes, type findCoordinatorV6 } from '@platformatic/kafka';
import { chunked, inBatches, requestLimits } from '../cluster/request-limits.ts';
import { agreedVersion, send } from '../protocol.ts';

/** FindCoordinator names several keys per request from version 4 (KIP-699, Kafka 3.0) on. */
const BATCHED_FROM = 4;
const ATTEMPTS = 3;
/**
 * How long a group's coordinator is reused. It moves only with the leader of its __consumer_offsets
 * partition; a request that fails meanwhile asks again (withCoordinators). The broker spends about 3 KB
 * a key on FindCoordinator (measured on the stack's 4.4 broker), 10 MB for a page of 3,750 groups.
 */
const COORDINATOR_TTL_MS = 60_000;
const known = new WeakMap<Admin, Map<string, { node: Node; at: number }>>();

/**
 * Calls `use` with the coordinators of `ids` (cached ones first); when it fails, asks for them again
 * and calls it once more: a coordinator moved (NOT_COORDINATOR) or a broker went.
 */
export async function withCoordinators<T>(
  admin: Admin,
  ids: readonly string[],
  use: (coordinators: Map<string, Node>) => Promise<T>,
): Promise<T> {
  const cached = await findCoordinators(admin, ids);
  try {
    return await use(cached);
  } catch {
    const cache = known.get(admin);
    for (const id of ids) cache?.delete(id);
    return use(await findCoordinators(admin, ids));
  }
}

/**
 * The coordinator of each group, `groupsPerRequest` ids per FindCoordinator request for those not
 * known from the last minute. A coordinator still loading (a broker just started) is asked again,
 * twice at most.
 */
export async function findCoordinators(admin: Admin, ids: readonly string[]): Promise<Map<string, Node>> {
  const found = new Map<string, Node>();
  if (ids.length === 0) return found;
  let cache = known.get(admin);
  if (!cache) {
    cache = new Map();
    known.set(admin, cache);
  }
  const now = Date.now();
  const unique: string[] = [];
  for (const id of new Set(ids)) {
    const hit = cache.get(id);
    if (hit && now - hit.at < COORDINATOR_TTL_MS) found.set(id, hit.node);
    else unique.push(id);
  }
  if (unique.length === 0) return found;
  const fresh = cache;
  const batched = (await agreedVersion(admin, 'FindCoordinator')) >= BATCHED_FROM;
  const batches = chunked(unique, batched ? requestLimits(admin).groupsPerRequest : 1);
  await inBatches(admin, batches, async (keys) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = batched
          ? (
              await send<[number, string[]], findCoordinatorV6.FindCoordinatorResponse>(
                admin,
                'any',
                'FindCoordinator',
                () => [FindCoordinatorKeyTypes.GROUP, keys],
              )
            ).coordinators
          : await admin.findCoordinator({ keyType: FindCoordinatorKeyTypes.GROUP, keys });
        for (const c of answer) {
          const node = { id: c.nodeId, host: c.host, port: c.port };
          found.set(c.key, node);
          fresh.set(c.key, { node, at: now });
        }
        return;
      } catch (error) {
        if (attempt >= ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  });
  return found;
}

/** `ids` by coordinator, cut into runs of at most `groupsPerRequest`: one request each. */
export function byCoordinator(
  admin: Admin,
  coordinators: ReadonlyMap<string, Node>,
  ids: Iterable<string>,
): { coordinator: Node; ids: string[] }[] {
  const per = new Map<number, { coordinator: Node; ids: string[] }>();
  for (const id of ids) {
    const coordinator = coordinators.get(id);
    if (!coordinator) continue;
    const entry = per.get(coordinator.id) ?? { coordinator, ids: [] };
    entry.ids.push(id);
    per.set(coordinator.id, entry);
  }
  const size = requestLimits(admin).groupsPerRequest;
  return [...per.values()].flatMap(({ coordinator, ids: all }) =>
    chunked(all, size).map((run) => ({ coordinator, ids: run })),
  );
}
