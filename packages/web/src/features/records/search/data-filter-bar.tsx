import type { DateTimeFormat } from '@console/contract';
import { formatOffsetIso } from '../../../components/date-time-picker/date-format';
import { DateTimePicker } from '../../../components/date-time-picker/date-time-picker';
import { Icon } from '../../../components/icon';
import type { Sort } from '../cursor';
import { parseStartOffsets, startOffsetsText } from '../cursor';
import type { DataUrlState } from '../data-url';
import { OffsetsMenu } from '../table/offsets-menu';

type Props = {
  state: DataUrlState;
  sort: Sort;
  partitions: number[];
  format: DateTimeFormat;
  onFormat: (format: DateTimeFormat) => void;
  /** Any filter change starts over from the first page (docs/behaviour.md#data-tab). */
  onChange: (change: Partial<DataUrlState>) => void;
  onDownload: () => void;
};

/**
 * The Data tab's filter bar (docs/behaviour.md#data-tab): sort, partition, time range, offsets, time format,
 * download.
 */
export function DataFilterBar({ state, sort, partitions, format, onFormat, onChange, onDownload }: Props) {
  return (
    <div className="filter-bar data-filter-bar" role="toolbar" aria-label="Record filters">
      <select
        className="select"
        aria-label="Sort"
        value={sort}
        onChange={(event) => onChange({ sort: event.target.value as Sort })}
      >
        <option value="OLDEST">Oldest</option>
        <option value="NEWEST">Newest</option>
      </select>
      <select
        className="select"
        aria-label="Partition"
        value={state.partition ?? 'All'}
        onChange={(event) =>
          onChange({ partition: event.target.value === 'All' ? undefined : Number(event.target.value) })
        }
      >
        <option value="All">All partitions</option>
        {partitions.map((p) => (
          <option key={p} value={p}>
            Partition {p}
          </option>
        ))}
      </select>
      <TimeFilter label="Start" value={state.timestamp} onChange={(timestamp) => onChange({ timestamp })} />
      <TimeFilter
        label="End"
        value={state.endTimestamp}
        onChange={(endTimestamp) => onChange({ endTimestamp })}
      />
      <OffsetsMenu
        partitions={partitions}
        current={parseStartOffsets(state.offsets)}
        onApply={(offsets) => onChange({ offsets: startOffsetsText(offsets) })}
      />
      <select
        className="select"
        aria-label="Time format"
        value={format}
        onChange={(event) => onFormat(event.target.value as DateTimeFormat)}
      >
        <option value="RELATIVE">Relative time</option>
        <option value="ISO">ISO time</option>
      </select>
      <div className="filter-bar__end">
        <button type="button" className="btn" onClick={onDownload}>
          <Icon name="download" />
          Download query result
        </button>
      </div>
    </div>
  );
}

function TimeFilter(props: {
  label: string;
  value: string | undefined;
  onChange: (iso: string | undefined) => void;
}) {
  const { label, value, onChange } = props;
  return (
    <span className="time-filter">
      <span className="time-filter__label">{label}</span>
      <DateTimePicker
        label={`${label} time`}
        value={value ? new Date(value) : null}
        onChange={(date) => onChange(formatOffsetIso(date))}
      />
      {value && (
        <button
          type="button"
          className="btn btn--ghost btn--icon"
          aria-label={`Remove ${label.toLowerCase()} time`}
          onClick={() => onChange(undefined)}
        >
          <Icon name="close" size={14} />
        </button>
      )}
    </span>
  );
}
