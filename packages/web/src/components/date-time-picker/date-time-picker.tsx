import { useCallback, useRef, useState } from 'react';
import { Icon } from '../icon';
import { useDismiss } from '../use-dismiss';
import { withDay, withMinutes } from './calendar';
import { formatPickerDate, parsePickerDate } from './date-format';
import { MonthCalendar } from './month-calendar';
import { TimeSelect } from './time-select';
import './date-time-picker.css';

type Props = {
  label: string;
  value: Date | null;
  onChange: (date: Date) => void;
};

/**
 * Text field in dd-MM-yyyy HH:mm with a month calendar, quarter-hour times and Clear (= now). Typing in
 * the field never opens the calendar: its button or Alt+Down does, and Escape closes it.
 */
export function DateTimePicker({ label, value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  /** Focus moves into the calendar when it opens, not when typing moves it to another month. */
  const [focusGrid, setFocusGrid] = useState(false);
  const show = () => {
    setOpen(true);
    setFocusGrid(true);
  };
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);

  const text = draft ?? (value ? formatPickerDate(value) : '');
  const invalid = draft !== null && draft.trim() !== '' && parsePickerDate(draft) === null;
  const type = (next: string) => {
    setDraft(next);
    setFocusGrid(false);
    const parsed = parsePickerDate(next);
    if (parsed) onChange(parsed);
  };
  const base = value ?? new Date();

  return (
    <div className="dtp" ref={root}>
      <div className="dtp__field">
        <input
          className="input dtp__input"
          aria-label={label}
          placeholder="dd-MM-yyyy HH:mm"
          value={text}
          aria-invalid={invalid}
          onChange={(event) => type(event.target.value)}
          onBlur={() => setDraft(null)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setDraft(null);
            if (event.key === 'ArrowDown' && event.altKey) {
              event.preventDefault();
              show();
            }
          }}
        />
        <button
          type="button"
          className="btn btn--icon dtp__toggle"
          aria-label={`${open ? 'Close' : 'Open'} calendar for ${label}`}
          aria-expanded={open}
          onClick={() => (open ? close() : show())}
        >
          <Icon name="calendar" />
        </button>
      </div>
      {open && (
        <div className="dtp__panel" role="dialog" aria-label={`${label} calendar`}>
          <MonthCalendar
            key={value ? `${value.getFullYear()}-${value.getMonth()}` : 'none'}
            selected={value}
            autoFocus={focusGrid}
            onPick={(day) => onChange(withDay(base, day))}
          />
          <div className="dtp__footer">
            <TimeSelect value={value} onPick={(minutes) => onChange(withMinutes(base, minutes))} />
            <button type="button" className="btn" onClick={() => onChange(new Date())}>
              Clear
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
