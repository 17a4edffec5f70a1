import type { ApiError } from '../../../api/errors';

export type ImportMedia = 'application/json' | 'application/x-ndjson' | 'text/csv';

export const MEDIA_LABELS: Record<ImportMedia, string> = {
  'application/json': "JSON (the console's download)",
  'application/x-ndjson': 'JSON lines (one record a line)',
  'text/csv': 'CSV with a header line',
};

/** The format a file's name says: `.csv`, `.jsonl`/`.ndjson`, else JSON (the download's `.json`). */
export function mediaOf(fileName: string): ImportMedia {
  const name = fileName.toLowerCase();
  if (name.endsWith('.csv')) return 'text/csv';
  if (name.endsWith('.jsonl') || name.endsWith('.ndjson')) return 'application/x-ndjson';
  return 'application/json';
}

export type LineError = { line: number; message: string };

/** The bad lines of a refused import (400, `fields` of `body.line.<n>`); empty for any other failure. */
export function lineErrors(error: ApiError | null | undefined): LineError[] {
  return (error?.details.fields ?? []).flatMap((f) => {
    const line = /^body\.line\.(\d+)$/.exec(f.field)?.[1];
    return line ? [{ line: Number(line), message: f.message }] : [];
  });
}
