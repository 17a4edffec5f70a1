import type { DataRecord } from '@console/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useClusterScope } from '../../../auth/cluster-context';
import { useToasts } from '../../../components/toasts/toast-context';
import { topicPaths } from '../../topics/topic-paths';
import { type ExportFormat, jsonExportRefused, recordsToCsv, recordsToJson, saveText } from './record-export';

/**
 * The export of selected rows (docs/behaviour.md#data-tab): shown only while rows are selected; exports those
 * rows, or opens a redrive or replay of just them (docs/behaviour.md#redrive-and-replay).
 */
export function SelectionExport({ topic, selected }: { topic: string; selected: DataRecord[] }) {
  const [format, setFormat] = useState<ExportFormat>('json');
  const toasts = useToasts();
  const { cluster } = useClusterScope();
  const picked = { selection: selected.map((r) => ({ partition: r.partition, offset: r.offset })) };
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
      <Link className="btn" to={topicPaths.redrive(cluster.id, topic)} state={picked}>
        Redrive selected
      </Link>
      <Link className="btn" to={topicPaths.replay(cluster.id, topic)} state={picked}>
        Replay selected
      </Link>
    </div>
  );
}
