import { useState } from 'react';
import { Icon } from '../icon';
import { clampPage } from './page-choices';
import './pagination.css';

type Props = {
  page: number;
  /** Total number of pages; at least 1 is shown. */
  totalPages: number;
  onChange: (page: number) => void;
};

/**
 * Previous/next arrows, disabled at the ends, around an editable page number
 * (docs/behaviour.md#lists-and-tables).
 */
export function Pagination({ page, totalPages, onChange }: Props) {
  const last = Math.max(totalPages, 1);
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const next = clampPage(draft, last);
    setDraft(null);
    if (next !== null && next !== page) onChange(next);
  };
  return (
    <nav className="pagination" aria-label="Pagination">
      <button
        type="button"
        className="btn btn--icon"
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => onChange(Math.min(page - 1, last))}
      >
        <Icon name="chevronLeft" />
      </button>
      <input
        className="input pagination__page"
        aria-label="Page number"
        inputMode="numeric"
        value={draft ?? String(page)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          commit();
        }}
      />
      <span className="pagination__total">of {last}</span>
      <button
        type="button"
        className="btn btn--icon"
        aria-label="Next page"
        disabled={page >= last}
        onClick={() => onChange(page + 1)}
      >
        <Icon name="chevronRight" />
      </button>
    </nav>
  );
}
