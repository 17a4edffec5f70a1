import { useEffect, useRef, useState } from 'react';
import { Icon } from '../icon';
import { dayAfterKey, monthGrid, sameDay } from './calendar';

const weekdays = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const monthName = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' });
const dayLabel = new Intl.DateTimeFormat('en', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

type Props = {
  selected: Date | null;
  onPick: (day: Date) => void;
  /** Moves focus to the active day on mount (the calendar was opened from the keyboard or its button). */
  autoFocus?: boolean;
};

/**
 * Remount (via `key`) to follow a selected date typed into another month. The grid of days is one tab
 * stop: the active day alone is focusable and the arrow keys move it (WAI-ARIA date picker dialog).
 */
export function MonthCalendar({ selected, onPick, autoFocus = false }: Props) {
  const start = selected ?? new Date();
  const [shown, setShown] = useState(() => new Date(start.getFullYear(), start.getMonth(), 1));
  const [active, setActive] = useState(
    () => new Date(start.getFullYear(), start.getMonth(), start.getDate()),
  );
  const [moved, setMoved] = useState(autoFocus);
  const grid = useRef<HTMLTableElement>(null);
  const today = new Date();
  const move = (delta: number) => {
    const month = new Date(shown.getFullYear(), shown.getMonth() + delta, 1);
    setShown(month);
    setActive(month);
  };
  const onKey = (event: React.KeyboardEvent) => {
    const next = dayAfterKey(active, event.key);
    if (!next) return;
    event.preventDefault();
    setActive(next);
    setShown(new Date(next.getFullYear(), next.getMonth(), 1));
    setMoved(true);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the active day after a key press.
  useEffect(() => {
    if (moved) grid.current?.querySelector<HTMLButtonElement>('[tabindex="0"]')?.focus();
  }, [active, moved]);
  const days = monthGrid(shown.getFullYear(), shown.getMonth());
  const weeks = Array.from({ length: 6 }, (_, w) => days.slice(w * 7, w * 7 + 7));

  return (
    <div className="calendar">
      <div className="calendar__nav">
        <button
          type="button"
          className="btn btn--ghost btn--icon"
          aria-label="Previous month"
          onClick={() => move(-1)}
        >
          <Icon name="chevronLeft" />
        </button>
        <span className="calendar__month" aria-live="polite">
          {monthName.format(shown)}
        </span>
        <button
          type="button"
          className="btn btn--ghost btn--icon"
          aria-label="Next month"
          onClick={() => move(1)}
        >
          <Icon name="chevronRight" />
        </button>
      </div>
      <table className="calendar__grid" aria-label={monthName.format(shown)} ref={grid} onKeyDown={onKey}>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day} scope="col">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.getTime()}>
              {week.map((day) => (
                <td key={day.getTime()}>
                  <button
                    type="button"
                    className={[
                      'calendar__day',
                      day.getMonth() !== shown.getMonth() && 'calendar__day--outside',
                      sameDay(day, today) && 'calendar__day--today',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                    aria-pressed={selected !== null && sameDay(day, selected)}
                    aria-label={dayLabel.format(day)}
                    tabIndex={sameDay(day, active) ? 0 : -1}
                    onClick={() => {
                      setActive(day);
                      onPick(day);
                    }}
                  >
                    {day.getDate()}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
