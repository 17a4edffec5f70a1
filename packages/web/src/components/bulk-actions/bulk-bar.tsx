import type { ReactNode } from 'react';
import './bulk-actions.css';

type Props = { count: number; noun: string; onClear: () => void; children: ReactNode };

/** What can be done with the rows ticked in a list; shown only while some are. */
export function BulkBar({ count, noun, onClear, children }: Props) {
  if (count === 0) return null;
  return (
    <section className="bulk-bar" aria-label={`Selected ${noun}s`}>
      <span className="bulk-bar__count">
        {count} {noun}
        {count === 1 ? '' : 's'} selected
      </span>
      {children}
      <button type="button" className="btn" onClick={onClear}>
        Clear selection
      </button>
    </section>
  );
}
