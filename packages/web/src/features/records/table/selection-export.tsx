import type { DataRecord } from '@console/contract';
import { useState } from 'react';
import { useToasts } from '../../../components/toasts/toast-context';
import { type ExportFormat, jsonExportRefused, recordsToCsv, recordsToJson, saveText } from './record-export';

/**
 * The export of selected rows (docs/behaviour.md#data-tab): shown only while rows are selected; exports those
 * rows.
 */
export function SelectionExport({ topic, selected }: { topic: string; selected: DataRecord[] }) {
  const [format, setFormat] = useState<ExportFormat>('json');
  const toasts = useToasts();
  const save = () => {
    if (format === 'csv') return saveText(recordsToCsv(selected), `${topic}.csv`, 'text/csv');
    const json = recordsToJson(selected);
    if (json === null) toasts.warning(jsonExportRefused);
    else saveText(json, `${topic}.json`, 'application/json');
  };
  return (
    <div className="selection-export">
      <span>{selected.length} selected</span>
      <select
        className="select"
        aria-label="Download Format"
        value={format}
        onChange={(event) => setFormat(event.target.value as ExportFormat)}
      >
        <option value="json">JSON</option>
        <option value="csv">CSV</option>
      </select>
      <button type="button" className="btn" onClick={save}>
        Download selected
      </button>
    </div>
  );
}
