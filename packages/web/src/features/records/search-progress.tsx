import type { SearchEnd } from '@console/contract';

const stopReasons: Record<SearchEnd['reason'], string> = {
  end: 'Reached the end of the range.',
  limit: 'Page full.',
  records: 'Stopped: the records budget of this scan ran out; next page goes on from here.',
  bytes: 'Stopped: the bytes budget of this scan ran out; next page goes on from here.',
  time: 'Stopped: the time budget of this scan ran out; next page goes on from here.',
};

type Props = {
  percent: number;
  running: boolean;
  stopped: boolean;
  end: SearchEnd | undefined;
  error: string | undefined;
  found: number;
};

/** The search stream's progress, 2 decimals (spec part 1 §4), and why it ended: done, stopped or failed. */
export function SearchProgress({ percent, running, stopped, end, error, found }: Props) {
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
    </div>
  );
}
