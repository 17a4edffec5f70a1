import type { Admin } from '@platformatic/kafka';
import { readMetadata } from '../metadata.ts';

/**
 * Creates one of the console's own topics when it is missing: one partition (its readers follow it in
 * order), replicated up to 3 times as the brokers allow. Another replica creating it at the same time is
 * not an error.
 */
export async function ensureInternalTopic(
  admin: Admin,
  name: string,
  configs: Record<string, string>,
): Promise<void> {
  const view = await readMetadata(admin, [name]);
  if (view.topics.has(name)) return;
  try {
    await admin.createTopics({
      topics: [name],
      partitions: 1,
      replicas: Math.min(3, Math.max(1, view.brokers.size)),
      configs: Object.entries(configs).map(([key, value]) => ({ name: key, value })),
    });
  } catch (error) {
    if (!String((error as Error).message).includes('already exists') && !hasCode(error, 36)) throw error;
  }
}

function hasCode(error: unknown, code: number): boolean {
  const seen = new Set<unknown>();
  const walk = (e: unknown): boolean => {
    if (!e || typeof e !== 'object' || seen.has(e)) return false;
    seen.add(e);
    const o = e as { errorCode?: unknown; errors?: unknown; cause?: unknown; response?: unknown };
    if (o.errorCode === code) return true;
    const nested = [o.cause, o.response, ...(Array.isArray(o.errors) ? o.errors : [])];
    return nested.some(walk) || Object.values(o).some((v) => typeof v === 'object' && walk(v));
  };
  return walk(error);
}
