import type { Node } from '@console/contract';
import { type Admin, FindCoordinatorKeyTypes, type findCoordinatorV6 } from '@platformatic/kafka';
import { chunked, inBatches, requestLimits } from '../cluster/request-limits.ts';
import { agreedVersion, send } from '../protocol.ts';

/** FindCoordinator names several keys per request from version 4 (KIP-699, Kafka 3.0) on. */
const BATCHED_FROM = 4;
const ATTEMPTS = 3;

/**
 * The coordinator of each group, `groupsPerRequest` ids per FindCoordinator request. A coordinator
 * still loading (a broker just started) is asked again, twice at most.
 */
export async function findCoordinators(admin: Admin, ids: readonly string[]): Promise<Map<string, Node>> {
  const found = new Map<string, Node>();
  if (ids.length === 0) return found;
  const unique = [...new Set(ids)];
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
        for (const c of answer) found.set(c.key, { id: c.nodeId, host: c.host, port: c.port });
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
