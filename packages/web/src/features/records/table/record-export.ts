import type { DataRecord } from '@console/contract';

export type ExportFormat = 'csv' | 'json';

export const jsonExportRefused = 'Unable to export data in JSON. Please use CSV instead';

const csvCell = (value: string | number | undefined) => {
  const text = value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The selected rows as CSV, one line per record, headers as a JSON object. */
export function recordsToCsv(records: readonly DataRecord[]): string {
  const lines = [['partition', 'offset', 'timestamp', 'key', 'value', 'headers'].join(',')];
  for (const r of records) {
    const headers = r.headers.length
      ? JSON.stringify(Object.fromEntries(r.headers.map((h) => [h.key, h.value])))
      : '';
    lines.push([r.partition, r.offset, r.timestamp, r.key, r.value, headers].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The selected rows as a JSON array with each value parsed (docs/behaviour.md#data-tab); null when a value is
 * not JSON, and the caller shows the warning instead.
 */
export function recordsToJson(records: readonly DataRecord[]): string | null {
  const out: unknown[] = [];
  for (const r of records) {
    let value: unknown = null;
    if (r.value !== undefined) {
      try {
        value = JSON.parse(r.value);
      } catch {
        return null;
      }
    }
    out.push({
      partition: r.partition,
      offset: r.offset,
      timestamp: r.timestamp,
      key: r.key ?? null,
      value,
      headers: r.headers,
    });
  }
  return JSON.stringify(out, null, 2);
}

/** Saves text as a file through a temporary link. */
export function saveText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  saveUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
