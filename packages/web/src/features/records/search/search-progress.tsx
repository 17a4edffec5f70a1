import type { SearchEnd } from '@console/contract';

const stopReasons: Record<SearchEnd['reason'], string> = {
  end: 'Reached the end of the range.',
  limit: 'Page full.',
  records: 'Stopped: the records budget of this scan ran out.',
  bytes: 'Stopped: the bytes budget of this scan ran out.',
  time: 'Stopped: the time budget of this scan ran out.',
};

/** A budget stopped the scan before the end of its range: it can go on from its cursor. */
const budgetStop = (end: SearchEnd | undefined): end is SearchEnd & { after: string } =>
  end !== undefined && end.after !== undefined && end.reason !== 'end' && end.reason !== 'limit';

type Props = {
  percent: number;
  running: boolean;
  stopped: boolean;
  end: SearchEnd | undefined;
  error: string | undefined;
  found: number;
  /** Searches the next range with the same filters, from where a budget stopped this one. */
  onContinue: (after: string) => void;
};

/**
 * The search stream's progress, 2 decimals (docs/behaviour.md#search-progress), and why it ended: done,
 * stopped or failed; when a budget ended it, "Continue from here" searches on from its cursor, so any topic
 * can be searched to its end in steps.
 */
export function SearchProgress({ percent, running, stopped, end, error, found, onContinue }: Props) {
  const shown = Math.min(100, Math.max(0, percent));
  const label = `${shown.toFixed(2)}%`;
  const status = running
    ? 'Searching…'
    : error !== undefined
      ? `Failed: ${error}`
      : stopped
        ? 'Stopped.'
        : end
          ? stopReasons[end.reason]
          : '';
  return (
    <div className="search-progress">
      <div
        className="search-progress__bar"
        role="progressbar"
        aria-label="Search progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number(shown.toFixed(2))}
        aria-valuetext={label}
      >
        <div className="search-progress__fill" style={{ width: `${shown}%` }} />
      </div>
      <span
        className={`search-progress__text${error !== undefined ? ' search-progress__text--failed' : ''}`}
        aria-live="polite"
      >
        {label} · {found} found{status ? ` · ${status}` : ''}
        {end && !running ? ` (${end.scanned.records.toLocaleString('en')} records scanned)` : ''}
      </span>
      {end?.filterFailures && !running && (
        <span className="search-progress__failures">
          The filter failed on {end.filterFailures.count.toLocaleString('en')} record
          {end.filterFailures.count === 1 ? '' : 's'} (left out), first: {end.filterFailures.message}
        </span>
      )}
      {!running && budgetStop(end) && (
        <button type="button" className="btn" onClick={() => onContinue(end.after)}>
          Continue from here
        </button>
      )}
    </div>
  );
}
