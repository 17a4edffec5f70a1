import type { Node } from '@console/contract';
import { type Admin, FindCoordinatorKeyTypes, type findCoordinatorV6 } from '@platformatic/kafka';
import { chunked, inBatches, requestLimits } from '../../kafka/cluster/request-limits.ts';
import { readMetadata } from '../../kafka/metadata.ts';
import { agreedVersion, send } from '../../kafka/protocol.ts';

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
 * Calls `use` with the coordinators of `ids` (cached ones first); when it fails, asks the brokers for
 * them (FindCoordinator) and calls it once more: a coordinator moved (NOT_COORDINATOR) or a broker went.
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
    leadersKnown.delete(admin);
    return use(await findCoordinators(admin, ids, { ask: true }));
  }
}

const OFFSETS_TOPIC = '__consumer_offsets';

/** Java's `String.hashCode` (UTF-16 code units, 32-bit overflow), as Kafka hashes a group id. */
export function javaHashCode(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(31, hash) + text.charCodeAt(i)) | 0;
  return hash;
}

/** The `__consumer_offsets` partition holding a group, as Kafka picks it: `Utils.abs(hashCode) % partitions`. */
export function offsetsPartition(group: string, partitions: number): number {
  const hash = javaHashCode(group);
  return (hash === -2147483648 ? 0 : Math.abs(hash)) % partitions;
}

type Leaders = { partitions: number; leaders: Map<number, Node> } | undefined;
const leadersKnown = new WeakMap<Admin, { at: number; value: Promise<Leaders> }>();

/** The leader of each `__consumer_offsets` partition, one Metadata request kept as long as coordinators. */
function offsetsLeaders(admin: Admin, now: number): Promise<Leaders> {
  const hit = leadersKnown.get(admin);
  if (hit && now - hit.at < COORDINATOR_TTL_MS) return hit.value;
  const value = readMetadata(admin, [OFFSETS_TOPIC]).then(
    (view): Leaders => {
      const partitions = view.topics.get(OFFSETS_TOPIC)?.partitions ?? [];
      if (partitions.length === 0) return undefined;
      const leaders = new Map<number, Node>();
      for (const p of partitions) {
        const b = view.brokers.get(p.leader);
        if (b) leaders.set(p.id, { id: b.id, host: b.host, port: b.port });
      }
      return { partitions: partitions.length, leaders };
    },
    () => undefined,
  );
  leadersKnown.set(admin, { at: now, value });
  return value;
}

/**
 * Coordinators read from the leaders of `__consumer_offsets`: a group's coordinator leads its partition
 * there. Ids whose partition has no leader, or all of them when the topic is not visible (no DESCRIBE
 * on it), are left to FindCoordinator.
 */
async function coordinatorsFromLeaders(
  admin: Admin,
  ids: readonly string[],
  now: number,
): Promise<Map<string, Node>> {
  const found = new Map<string, Node>();
  const known = await offsetsLeaders(admin, now);
  if (!known) return found;
  for (const id of ids) {
    const node = known.leaders.get(offsetsPartition(id, known.partitions));
    if (node) found.set(id, node);
  }
  return found;
}

/**
 * The coordinator of each group not known from the last minute: from the leaders of `__consumer_offsets`
 * (one Metadata request a minute, whatever the number of groups), else, and always with `ask` (after a request
 * to one failed), `groupsPerRequest` ids per FindCoordinator request. A coordinator still loading (a
 * broker just started) is asked again, twice at most.
 */
export async function findCoordinators(
  admin: Admin,
  ids: readonly string[],
  options: { ask?: boolean } = {},
): Promise<Map<string, Node>> {
  const found = new Map<string, Node>();
  if (ids.length === 0) return found;
  let cache = known.get(admin);
  if (!cache) {
    cache = new Map();
    known.set(admin, cache);
  }
  const now = Date.now();
  let unique: string[] = [];
  for (const id of new Set(ids)) {
    const hit = cache.get(id);
    if (hit && now - hit.at < COORDINATOR_TTL_MS) found.set(id, hit.node);
    else unique.push(id);
  }
  if (unique.length === 0) return found;
  const fresh = cache;
  if (!options.ask) {
    const led = await coordinatorsFromLeaders(admin, unique, now);
    for (const [id, node] of led) {
      found.set(id, node);
      fresh.set(id, { node, at: now });
    }
    unique = unique.filter((id) => !led.has(id));
    if (unique.length === 0) return found;
  }
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
