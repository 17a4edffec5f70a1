import { timeSteps } from './calendar';

const label = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

type Props = { value: Date | null; onPick: (minutes: number) => void };

/** Time of day in 15-minute steps (docs/behaviour.md#forms). */
export function TimeSelect({ value, onPick }: Props) {
  const current = value ? value.getHours() * 60 + value.getMinutes() : '';
  return (
    <label className="time-select">
      <span>Time</span>
      <select className="select" value={current} onChange={(event) => onPick(Number(event.target.value))}>
        {value === null && <option value="">--:--</option>}
        {timeSteps(value).map((minutes) => (
          <option key={minutes} value={minutes}>
            {label(minutes)}
          </option>
        ))}
      </select>
    </label>
  );
}
