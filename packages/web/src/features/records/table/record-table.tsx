import type { DataRecord, DateTimeFormat } from '@console/contract';
import type { RowSelectionState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import type { RowActions } from '../../../components/data-table/types';
import { JsonViewer } from '../../../components/json-viewer/json-viewer';
import { type RecordViews, recordColumns, recordId } from './record-columns';
import { SelectionExport } from './selection-export';

type Props = {
  topic: string;
  records: DataRecord[] | undefined;
  loading: boolean;
  failed: boolean;
  format: DateTimeFormat;
  actions: RowActions<DataRecord>;
  views: RecordViews;
};

/** The records with selection (for the export) and the value's JSON viewer under an expanded row. */
export function RecordTable({ topic, records, loading, failed, format, actions, views }: Props) {
  const [selection, setSelection] = useState<RowSelectionState>({});
  const columns = useMemo(() => recordColumns(topic, format, views), [topic, format, views]);
  const selected = useMemo(
    () => (records ?? []).filter((record) => selection[recordId(record)]),
    [records, selection],
  );
  return (
    <>
      {selected.length > 0 && <SelectionExport topic={topic} selected={selected} />}
      <DataTable
        label="Records"
        data={records}
        columns={columns}
        getRowId={recordId}
        rowName={(r) => `record ${recordId(r)}`}
        loading={loading}
        failed={failed}
        selection={selection}
        onSelectionChange={setSelection}
        renderSubRow={(record) => (
          <JsonViewer label={`Value of ${recordId(record)}`} value={record.value ?? ''} />
        )}
        canExpand={(record) => record.value !== undefined}
        actions={actions}
      />
    </>
  );
}
