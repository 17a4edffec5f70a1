import type { StreamsGroupProtocol, StreamsGroupState } from '@console/contract';
import { Badge } from '../../components/badge';

export function ProtocolBadge({ protocol }: { protocol: StreamsGroupProtocol }) {
  return <Badge tone={protocol === 'streams' ? 'info' : 'neutral'}>{protocol.toUpperCase()}</Badge>;
}

/** Success when stable, danger when dead, info while the group rebalances, warning otherwise (docs/ui-design.md). */
export function StateBadge({ state }: { state: StreamsGroupState }) {
  const tone =
    state === 'STABLE'
      ? 'success'
      : state === 'DEAD'
        ? 'danger'
        : ['ASSIGNING', 'RECONCILING', 'PREPARING_REBALANCE', 'COMPLETING_REBALANCE'].includes(state)
          ? 'info'
          : 'warning';
  return <Badge tone={tone}>{state}</Badge>;
}
