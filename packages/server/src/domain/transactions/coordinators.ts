import { type Admin, FindCoordinatorKeyTypes } from '@platformatic/kafka';
import { chunked, inBatches, requestLimits } from '../../kafka/cluster/request-limits.ts';

/** The coordinator of each transactional id, `groupsPerRequest` ids per FindCoordinator request. */
export async function transactionCoordinators(
  admin: Admin,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const batches = chunked([...new Set(ids)], requestLimits(admin).groupsPerRequest);
  await inBatches(admin, batches, async (keys) => {
    const answer = await admin.findCoordinator({ keyType: FindCoordinatorKeyTypes.TRANSACTION, keys });
    for (const c of answer) found.set(c.key, c.nodeId);
  });
  return found;
}
