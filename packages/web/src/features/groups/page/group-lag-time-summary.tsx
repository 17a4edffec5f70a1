import type { GroupLagTime } from '@console/contract';
import { formatDuration } from '../../../lib/format-duration';

/** "3.5 min", or what the server says instead of a time to clear. */
export function clearText(lagTime: GroupLagTime): string {
  if (lagTime.timeToClearMs === null) return 'Not shrinking';
  return lagTime.timeToClearMs === 0 ? 'No lag' : formatDuration(lagTime.timeToClearMs, 1);
}

/** The group's highest time lag and its time to clear, above its partitions. */
export function GroupLagTimeSummary({
  lagTime,
  failed,
}: {
  lagTime: GroupLagTime | undefined;
  failed: boolean;
}) {
  if (!lagTime) return <p className="muted">{failed ? 'Time lag unavailable.' : 'Reading the time lag…'}</p>;
  const source = lagTime.rate?.source === 'HISTORY' ? 'the lag history' : 'samples a few seconds apart';
  return (
    <dl className="lag-time-summary" aria-label="Time lag">
      <div>
        <dt>Max time lag</dt>
        <dd>{formatDuration(lagTime.maxLagMs, 1)}</dd>
      </div>
      <div>
        <dt>Time to clear</dt>
        <dd title={lagTime.rate ? `Measured from ${source}` : undefined}>{clearText(lagTime)}</dd>
      </div>
    </dl>
  );
}
