import type { DateTimeFormat } from '@console/contract';
import { formatIsoDisplay } from '../../../components/date-time-picker/date-format';
import { formatRelativeTime } from '../../../lib/format-relative-time';

/** undefined: the batched last-record call has not answered yet; null: the topic has no record. */
export function LastRecordCell({
  value,
  format,
}: {
  value: string | null | undefined;
  format: DateTimeFormat;
}) {
  if (value === undefined)
    return (
      <span className="muted" title="Loading last record">
        …
      </span>
    );
  if (value === null) return null;
  const date = new Date(value);
  const iso = formatIsoDisplay(date);
  return (
    <time className="nowrap" dateTime={value} title={iso}>
      {format === 'ISO' ? iso : formatRelativeTime(date)}
    </time>
  );
}
