import type { DataRecord, DateTimeFormat, KeyValue } from '@console/contract';
import { useState } from 'react';
import { Badge } from '../../../components/badge';
import { formatIsoDisplay } from '../../../components/date-time-picker/date-format';
import { Icon } from '../../../components/icon';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { Highlighted } from '../viewer/highlighted';
import { showAs, type ViewMode } from '../viewer/view-as';

export const truncatedSuffix = 'Too large message. Full body in share button.';

export type PartView = { mode: ViewMode; terms: readonly string[] };
const TEXT: PartView = { mode: 'text', terms: [] };

/**
 * The part in the chosen mode, the search's matches marked (text and JSON only: hex and base64 are bytes).
 */
function PartText({ text, base64, view }: { text: string; base64: boolean; view: PartView }) {
  const shown = showAs(text, base64, view.mode);
  const marked = (view.mode === 'text' || view.mode === 'json') && !base64;
  return (
    <>
      {shown.note && <span className="record-part__note">{shown.note} </span>}
      {marked ? <Highlighted text={shown.text} terms={view.terms} /> : shown.text}
    </>
  );
}

/** Marks a part that is not UTF-8 text, whichever way it is shown. */
const BinaryBadge = () => (
  <Badge tone="info" title="Not valid UTF-8: the bytes are shown as base64">
    binary
  </Badge>
);

/**
 * Decoding problems show above the value as a warning (docs/behaviour.md#errors-and-messages); a cut value
 * says so.
 */
export function RecordValueCell({ record, view = TEXT }: { record: DataRecord; view?: PartView }) {
  return (
    <div className="record-value">
      {record.exceptions.map((message) => (
        <p key={message} className="record-value__warning" role="note">
          <Icon name="alert" size={14} />
          {message}
        </p>
      ))}
      {record.valueBase64 && <BinaryBadge />}
      {record.value === undefined ? (
        <span className="muted">null</span>
      ) : (
        <code className={`record-value__text record-value__text--${view.mode}`}>
          <PartText text={record.value} base64={record.valueBase64 ?? false} view={view} />
          {record.truncated && <span className="record-value__truncated"> {truncatedSuffix}</span>}
        </code>
      )}
    </div>
  );
}

/** Keys up to this many characters never wrap; longer ones wrap between words only. */
const SHORT_KEY = 48;

export function RecordKeyCell({ record, view = TEXT }: { record: DataRecord; view?: PartView }) {
  if (record.key === undefined) return <span className="muted">null</span>;
  const shown = showAs(record.key, record.keyBase64 ?? false, view.mode).text;
  return (
    <span className="record-key-cell">
      {record.keyBase64 && <BinaryBadge />}
      <code className={`record-key${shown.length <= SHORT_KEY ? ' record-key--short' : ''}`}>
        <PartText text={record.key} base64={record.keyBase64 ?? false} view={view} />
      </code>
    </span>
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
