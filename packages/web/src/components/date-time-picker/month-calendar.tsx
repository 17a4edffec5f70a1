import { useState } from 'react';
import { Icon } from '../icon';
import { monthGrid, sameDay } from './calendar';

const weekdays = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const monthName = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' });

type Props = { selected: Date | null; onPick: (day: Date) => void };

/** Remount (via `key`) to follow a selected date typed into another month. */
export function MonthCalendar({ selected, onPick }: Props) {
  const start = selected ?? new Date();
  const [shown, setShown] = useState(() => new Date(start.getFullYear(), start.getMonth(), 1));
  const today = new Date();
  const move = (delta: number) => setShown((d) => new Date(d.getFullYear(), d.getMonth() + delta, 1));
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
      <table className="calendar__grid" aria-label={monthName.format(shown)}>
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
                    onClick={() => onPick(day)}
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
