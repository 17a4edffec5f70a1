import type { DataRecord } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useReportError } from '../../api/error-reporter';
import { useClusterScope } from '../../auth/cluster-context';
import { Badge, type BadgeTone } from '../../components/badge';
import { DataTable } from '../../components/data-table/data-table';
import type { AnyColumnDef } from '../../components/data-table/types';
import { JsonViewer } from '../../components/json-viewer/json-viewer';
import { Page } from '../../components/layout/page';
import { topicNamesQuery } from '../records/api';
import { FormatBadges } from '../records/table/format-badge';
import {
  RecordHeadersCell,
  RecordKeyCell,
  RecordTimeCell,
  RecordValueCell,
} from '../records/table/record-cells';
import { DEFAULT_MAX_RECORDS, MAX_RECORDS, type TailStatus, tailRowId } from './tail-rows';
import { TopicMultiSelect } from './topic-multi-select';
import { useLiveTail } from './use-live-tail';
import './tail.css';

const column = createColumnHelper<DataRecord>();
/** docs/behaviour.md#live-tail columns, and the record's format; relative dates by default. */
const columns: AnyColumnDef<DataRecord>[] = [
  column.accessor((r) => r.topic.name, { id: 'topic', header: 'Topic' }),
  column.accessor('key', { header: 'Key', cell: ({ row }) => <RecordKeyCell record={row.original} /> }),
  column.accessor('timestamp', {
    header: 'Date',
    cell: ({ getValue }) => <RecordTimeCell value={getValue()} format="RELATIVE" />,
  }),
  column.accessor('partition', { header: 'Partition', meta: { align: 'end', shrink: true } }),
  column.accessor('offset', { header: 'Offset', meta: { align: 'end', shrink: true } }),
  column.accessor('headers', {
    header: 'Headers',
    cell: ({ getValue }) => <RecordHeadersCell headers={getValue()} />,
  }),
  column.accessor('value', { header: 'Value', cell: ({ row }) => <RecordValueCell record={row.original} /> }),
  // What each record was decoded as, as the Data tab's Schema column shows it.
  column.display({
    id: 'format',
    header: 'Format',
    cell: ({ row }) => (
      <span className="badges">
        <FormatBadges format={row.original.format} />
      </span>
    ),
  }),
];

const tones: Record<TailStatus, BadgeTone> = { STOPPED: 'neutral', STARTED: 'success', PAUSED: 'warning' };

/** docs/behaviour.md#live-tail, with its states. */
export function TailPage() {
  const { cluster } = useClusterScope();
  const [params] = useSearchParams();
  const preselected = params.get('topicId');
  const names = useQuery(topicNamesQuery(cluster.id));
  const [search, setSearch] = useState('');
  const [topics, setTopics] = useState<string[]>(preselected ? [preselected] : []);
  const [size, setSize] = useState<number>(DEFAULT_MAX_RECORDS);
  const tail = useLiveTail(cluster.id, useReportError());
  const request = { topics, search, size };

  // `?topicId=` starts at once (docs/behaviour.md#live-tail).
  const started = useRef(false);
  useEffect(() => {
    if (preselected && !started.current) {
      started.current = true;
      tail.start({ topics: [preselected], search: '', size: DEFAULT_MAX_RECORDS });
    }
  }, [preselected, tail.start]);

  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      tail.reset();
    };
  const rows = useMemo(() => tail.rows, [tail.rows]);

  return (
    <Page title="Live Tail">
      <form
        className="tail-controls"
        aria-label="Live tail"
        onSubmit={(event) => {
          event.preventDefault();
          if (topics.length) tail.start(request);
        }}
      >
        <input
          className="input"
          type="search"
          aria-label="Search"
          placeholder="Search"
          value={search}
          onChange={(event) => change(setSearch)(event.target.value)}
        />
        <TopicMultiSelect topics={names.data ?? []} selected={topics} onChange={change(setTopics)} />
        <select
          className="select"
          aria-label="Max Records"
          value={size}
          onChange={(event) => change(setSize)(Number(event.target.value))}
        >
          {MAX_RECORDS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn--primary" disabled={topics.length === 0}>
          Search
        </button>
        <div className="tail-controls__end">
          <Badge tone={tones[tail.status]}>{tail.status}</Badge>
          {tail.status === 'STARTED' && (
            <button type="button" className="btn" onClick={tail.pause}>
              Pause
            </button>
          )}
          {tail.status === 'PAUSED' && (
            <button type="button" className="btn" onClick={tail.resume}>
              Resume
            </button>
          )}
          <button type="button" className="btn" onClick={tail.clear} disabled={tail.status === 'STOPPED'}>
            Clear
          </button>
        </div>
      </form>
      {tail.status !== 'STOPPED' && (
        <DataTable
          label="Live tail records"
          data={rows}
          columns={columns}
          getRowId={tailRowId}
          rowName={(r) => `record ${tailRowId(r)}`}
          emptyText="Waiting for new records…"
          renderSubRow={(record) => (
            <JsonViewer label={`Value of ${tailRowId(record)}`} value={record.value ?? ''} />
          )}
          canExpand={(record) => record.value !== undefined}
        />
      )}
    </Page>
  );
}
