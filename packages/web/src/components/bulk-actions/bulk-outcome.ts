import { ApiError, NetworkError } from '../../api/errors';

export type BulkOutcome = { item: string; ok: boolean; message?: string };

/** Why one item failed, in the server's words when it answered. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return error instanceof Error ? error.message : 'failed';
}

/**
 * Runs `run` for each item one after the other (each call is permission-checked by the server on its own
 * object), and says per item whether it worked and, if not, why. Sequential on purpose: a bulk delete
 * of 50 topics should not become 50 admin requests at once.
 */
export async function runEach(
  items: readonly string[],
  run: (item: string) => Promise<unknown>,
  onProgress?: (done: BulkOutcome[]) => void,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  for (const item of items) {
    try {
      await run(item);
      outcomes.push({ item, ok: true });
    } catch (error) {
      outcomes.push({ item, ok: false, message: failureMessage(error) });
    }
    onProgress?.([...outcomes]);
  }
  return outcomes;
}
