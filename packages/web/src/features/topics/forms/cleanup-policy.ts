import type { ConfigEntry } from '@console/contract';

/** Empty Topic needs a delete cleanup policy (docs/behaviour.md#topic-page); unknown configs count as not. */
export function canEmptyTopic(configs: readonly ConfigEntry[] | undefined): boolean {
  const policy = configs?.find((config) => config.name === 'cleanup.policy')?.value ?? '';
  return policy
    .split(',')
    .map((part) => part.trim())
    .includes('delete');
}
