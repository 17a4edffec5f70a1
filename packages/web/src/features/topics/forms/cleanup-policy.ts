import type { ConfigEntry } from '@console/contract';

/** Empty Topic needs a delete cleanup policy (spec part 1 §5); unknown configs count as not. */
export function canEmptyTopic(configs: readonly ConfigEntry[] | undefined): boolean {
  const policy = configs?.find((config) => config.name === 'cleanup.policy')?.value ?? '';
  return policy
    .split(',')
    .map((part) => part.trim())
    .includes('delete');
}
