import type { DataRecord, DateTimeFormat, KeyValue } from '@console/contract';
import { useState } from 'react';
import { formatIsoDisplay } from '../../components/date-time-picker/date-format';
import { Icon } from '../../components/icon';
import { formatRelativeTime } from '../../lib/format-relative-time';

export const truncatedSuffix = 'Too large message. Full body in share button.';

/** Decoding problems show above the value as a warning (spec part 1 §2); a cut value says so. */
export function RecordValueCell({ record }: { record: DataRecord }) {
  return (
    <div className="record-value">
      {record.exceptions.map((message) => (
        <p key={message} className="record-value__warning" role="note">
          <Icon name="alert" size={14} />
          {message}
        </p>
      ))}
      {record.value === undefined ? (
        <span className="muted">null</span>
      ) : (
        <code className="record-value__text">
          {record.value}
          {record.truncated && <span className="record-value__truncated"> {truncatedSuffix}</span>}
        </code>
      )}
    </div>
  );
}

export function RecordKeyCell({ record }: { record: DataRecord }) {
  if (record.key === undefined) return <span className="muted">null</span>;
  return (
    <code className="record-key" title={record.keyBase64 ? 'Not text: shown as base64' : undefined}>
      {record.key}
    </code>
  );
}

export function RecordTimeCell({ value, format }: { value: string; format: DateTimeFormat }) {
  const date = new Date(value);
  const iso = formatIsoDisplay(date);
  return (
    <time className="nowrap" dateTime={value} title={iso}>
      {format === 'ISO' ? iso : formatRelativeTime(date)}
    </time>
  );
}

/** The header count, expanding to the key/value pairs. */
export function RecordHeadersCell({ headers }: { headers: KeyValue[] }) {
  const [open, setOpen] = useState(false);
  if (headers.length === 0) return <span className="muted">0</span>;
  return (
    <div className="record-headers">
      <button
        type="button"
        className="btn btn--ghost record-headers__toggle"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {headers.length}
        <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
      </button>
      {open && (
        <dl className="record-headers__list">
          {headers.map((header, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: header keys may repeat
            <div key={index}>
              <dt>{header.key}</dt>
              <dd>{header.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
