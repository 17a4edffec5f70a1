import type { GroupState } from '@console/contract';
import { Badge, type BadgeTone } from '../../components/badge';

/** docs/behaviour.md#consumer-groups: STABLE green, PREPARING_REBALANCE blue, any other state amber. */
export function groupStateTone(state: GroupState): BadgeTone {
  if (state === 'STABLE') return 'success';
  return state === 'PREPARING_REBALANCE' ? 'info' : 'warning';
}

export function GroupStateBadge({ state }: { state: GroupState }) {
  return <Badge tone={groupStateTone(state)}>{state}</Badge>;
}
