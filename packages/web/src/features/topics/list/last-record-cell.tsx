import type { DateTimeFormat } from '@console/contract';
import { RecordTimeCell } from '../../records/table/record-cells';

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
  return <RecordTimeCell value={value} format={format} />;
}
