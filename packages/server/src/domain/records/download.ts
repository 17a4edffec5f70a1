import type { ScanStop } from '@console/contract';
import type { MaskedRecord } from '../masking/masked-record.ts';
import { formatsOf } from './formats/detect.ts';
import { type Cursor, formatCursor } from './scan/cursor.ts';
import { takeInOrder } from './scan/merge.ts';
import type { ScanPlan } from './scan/plan.ts';
import { type ScanSource, scanMatches } from './scan/scan.ts';

export type DownloadFormat = 'JSON' | 'CSV';

/** Why a download ended before its range did (a budget the request set) and where the next one goes on. */
export type DownloadStop = { reason: ScanStop; after: string | undefined };

/** The CSV download's columns, in order; an import takes the same (import/readers.ts). */
export const CSV_COLUMNS = [
  'partition',
  'offset',
  'timestamp',
  'key',
  'value',
  'headers',
  'keySchemaId',
  'valueSchemaId',
] as const;

/**
 * Records a written piece holds at most. A round's records in one piece (a fetch answer's, about 2 MB of
 * text) made a string V8 keeps with the large objects, which only a full collection frees: a download of
 * 1.1 GB peaked at 286 to 318 MiB (2026-11-30). Pieces of records of about 1 KB are young objects.
 */
const RECORDS_A_PIECE = 64;

/**
 * Every matching record from the start position to the end the scan saw, as text pieces written one
 * after the other: never the whole file in memory. JSON is AKHQ's download element
 * (docs/api-conventions.md#download: nulls kept, `timestamp` in epoch seconds) with headers as
 * `{key, value}`; CSV has a header line. A budget the request set that stops the scan still ends a valid
 * file with every match read, and `stopped` hears why and where the next download goes on, before the
 * file's last piece.
 */
export async function* downloadText(
  source: ScanSource,
  plan: ScanPlan,
  format: DownloadFormat,
  stopped: (stop: DownloadStop) => void,
): AsyncGenerator<string> {
  const cursor: Cursor = new Map(plan.cursor);
  let first = true;
  yield format === 'JSON' ? '[' : `${CSV_COLUMNS.join(',')}\r\n`;
  for await (const event of scanMatches(source, plan, () => Number.POSITIVE_INFINITY)) {
    if (event.type === 'end') {
      if (event.reason !== 'end') stopped({ reason: event.reason, after: formatCursor(cursor) });
      break;
    }
    const views = takeInOrder(event.found, plan.direction, Number.POSITIVE_INFINITY, cursor);
    for (let at = 0; at < views.length; at += RECORDS_A_PIECE) {
      const lines = views
        .slice(at, at + RECORDS_A_PIECE)
        .map((v) => (format === 'JSON' ? jsonElement(v) : csvLine(v)));
      yield format === 'JSON' ? (first ? '' : ',') + lines.join(',') : lines.join('');
      first = false;
    }
  }
  if (format === 'JSON') yield ']';
}

function jsonElement(view: MaskedRecord): string {
  const { key, value } = view;
  return JSON.stringify({
    partition: view.raw.partition,
    offset: view.raw.offset,
    timestamp: view.raw.timestamp / 1000,
    keySchemaId: key.schemaId === undefined ? null : String(key.schemaId),
    valueSchemaId: value.schemaId === undefined ? null : String(value.schemaId),
    headers: view.headers,
    key: key.text,
    value: value.text,
    format: formatsOf(key, value),
  });
}

function csvLine(view: MaskedRecord): string {
  const { key, value } = view;
  const cells = [
    String(view.raw.partition),
    String(view.raw.offset),
    new Date(view.raw.timestamp).toISOString(),
    key.text ?? '',
    value.text ?? '',
    view.headers.length ? JSON.stringify(view.headers) : '',
    key.schemaId === undefined ? '' : String(key.schemaId),
    value.schemaId === undefined ? '' : String(value.schemaId),
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** What a spreadsheet would run as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. A cell starting
 * with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so a spreadsheet shows it as
 * text instead of running it; the JSON download keeps values as they are.
 */
export function csvCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
