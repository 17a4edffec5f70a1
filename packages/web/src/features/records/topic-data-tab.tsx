import type { DataRecord, DateTimeFormat } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { routerBasename } from '../../api/deployment';
import { useCan } from '../../auth/cluster-context';
import { useToasts } from '../../components/toasts/toast-context';
import { copyText } from '../../lib/clipboard';
import { uiOptionsQuery } from '../clusters/api';
import { topicConfigsQuery, topicPartitionsQuery } from '../topics/api';
import { topicPaths } from '../topics/topic-paths';
import { downloadUrl } from './api';
import { cursorAtEnd } from './cursor';
import { dataUrl, downloadQuery, hasSearch, parseDataUrl, searchFields, withFilters } from './data-url';
import { saveCopiedRecord } from './produce/produce-values';
import { DataFilterBar } from './search/data-filter-bar';
import { filterErrorOf } from './search/filter-expression-field';
import { RecordSearchForm } from './search/record-search-form';
import { SearchProgress } from './search/search-progress';
import { DeleteRecordDialog } from './table/delete-record-dialog';
import { DownloadDialog } from './table/download-dialog';
import { saveText, saveUrl } from './table/record-export';
import { RecordTable } from './table/record-table';
import { useRecordRows } from './table/use-record-rows';
import { RecordCount } from './viewer/record-count';
import { useRecordViews } from './viewer/use-record-views';
import { type ViewModes, ViewSwitch } from './viewer/view-switch';
import './records.css';

type Props = { cluster: string; topic: string };

/** docs/behaviour.md#data-tab: the address holds every filter, so back restores them and searches again. */
export function TopicDataTab({ cluster, topic }: Props) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const toasts = useToasts();
  const state = parseDataUrl(params);
  const options = useQuery(uiOptionsQuery(cluster));
  const sort = state.sort ?? options.data?.topicData.sort ?? 'OLDEST';
  const [chosenFormat, setFormat] = useState<DateTimeFormat | null>(null);
  const format = chosenFormat ?? options.data?.topicData.dateTimeFormat ?? 'RELATIVE';
  const partitions = useQuery(topicPartitionsQuery(cluster, topic));
  const partitionIds = useMemo(() => (partitions.data ?? []).map((p) => p.id), [partitions.data]);
  const canDelete = useCan('TOPIC_DATA', 'DELETE');
  const canProduce = useCan('TOPIC_DATA', 'CREATE');
  const canReadConfigs = useCan('TOPIC', 'READ_CONFIG');
  const configs = useQuery({
    ...topicConfigsQuery(cluster, topic),
    enabled: canDelete && canReadConfigs && hasSearch(state),
  });
  const compacted = (configs.data?.find((c) => c.name === 'cleanup.policy')?.value ?? '').includes('compact');
  const rows = useRecordRows(cluster, topic, state, sort, compacted, options.isSuccess);
  // An Oldest-first page that read every partition to its end offset has no next page yet, though
  // the server keeps a cursor for records written later. The offsets are read again with each page, so
  // records written since the last reading turn Next back on (offsets only grow: an older reading can
  // only say "the end" too early, never too late).
  const { refetch: refetchPartitions, dataUpdatedAt: partitionsAt } = partitions;
  useEffect(() => {
    if (rows.pageUpdatedAt > partitionsAt) void refetchPartitions();
  }, [rows.pageUpdatedAt, partitionsAt, refetchPartitions]);
  const atEnd =
    rows.search === undefined &&
    sort === 'OLDEST' &&
    rows.next !== undefined &&
    partitions.data !== undefined &&
    cursorAtEnd(rows.next, partitions.data, state.partition);
  const next = atEnd ? undefined : rows.next;
  const [toDelete, setToDelete] = useState<DataRecord | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [modes, setModes] = useState<ViewModes>({ key: 'text', value: 'text' });
  const views = useRecordViews(modes, state.searchByKey, state.searchByValue);

  const dataPath = topicPaths.topic(cluster, topic, 'data');
  const singleParams = (r: DataRecord) =>
    dataUrl({ single: true, partition: r.partition, offset: r.offset }).toString();
  const actions = {
    share: async (record: DataRecord) => {
      await copyText(`${window.location.origin}${routerBasename}${dataPath}?${singleParams(record)}`);
      toasts.success('Message url is copied to your clipboard!');
      navigate(`${dataPath}?${singleParams(record)}`);
    },
    copy: async (record: DataRecord) => {
      if (canProduce) {
        saveCopiedRecord(topic, record);
        navigate(topicPaths.produce(cluster, topic));
        return;
      }
      await copyText(JSON.stringify(record, null, 2));
      toasts.success('Message is copied to your clipboard!');
    },
    ...(state.single
      ? {
          download: (record: DataRecord) =>
            saveText(record.value ?? '', `${topic}-${record.partition}-${record.offset}.txt`, 'text/plain'),
        }
      : {}),
    ...(canDelete && rows.canDeleteRecords ? { delete: setToDelete } : {}),
  };

  const go = (change: Parameters<typeof withFilters>[1]) => setParams(dataUrl(withFilters(state, change)));

  return (
    <div className="topic-data">
      <DataFilterBar
        state={state}
        sort={sort}
        partitions={partitionIds}
        format={format}
        onFormat={setFormat}
        onChange={go}
        onDownload={() => setDownloading(true)}
      />
      <RecordSearchForm
        key={`search?${params}`}
        current={searchFields(state)}
        filter={state.filter}
        filterError={filterErrorOf(rows.search?.error)}
        searching={rows.search?.running ?? false}
        onSearch={(filters) => go(filters)}
        onStop={rows.stop}
        onClear={() => setParams(new URLSearchParams())}
      />
      {rows.search && (
        <SearchProgress
          {...rows.search}
          found={rows.records?.length ?? 0}
          onContinue={(after) => setParams(dataUrl({ ...state, after }))}
        />
      )}
      {state.single && (
        <p className="single-record">
          Showing the record at partition {state.partition}, offset {state.offset}.{' '}
          <Link to={dataPath}>Show all records</Link>
        </p>
      )}
      {rows.unavailable.length > 0 && <UnavailablePartitions partitions={rows.unavailable} />}
      <ViewSwitch modes={modes} onChange={setModes} />
      <RecordTable
        key={`table?${params}`}
        views={views}
        topic={topic}
        records={rows.records}
        loading={rows.loading}
        failed={rows.failed}
        format={format}
        actions={actions}
      />
      {rows.records && <RecordCount shown={rows.records.length} scanned={rows.scanned} />}
      {!state.single && (
        <div className="record-pager">
          <button
            type="button"
            className="btn"
            disabled={state.after === undefined}
            onClick={() => setParams(dataUrl({ ...state, after: undefined }))}
          >
            First page
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={next === undefined}
            onClick={() => setParams(dataUrl({ ...state, after: next }))}
          >
            Next page
          </button>
        </div>
      )}
      <DeleteRecordDialog
        cluster={cluster}
        topic={topic}
        record={toDelete}
        onClose={() => setToDelete(null)}
      />
      <DownloadDialog
        open={downloading}
        onClose={() => setDownloading(false)}
        onDownload={(fileFormat) =>
          saveUrl(
            downloadUrl(cluster, topic, downloadQuery(state, sort), fileFormat),
            `${topic}.${fileFormat}`,
          )
        }
      />
    </div>
  );
}

/** Partitions a read could not reach (docs/behaviour.md#a-broker-down): the rows shown come from the others. */
function UnavailablePartitions({ partitions }: { partitions: { partition: number; reason: string }[] }) {
  return (
    <div className="unavailable-partitions" role="status">
      <strong>
        {partitions.length === 1 ? 'Partition' : 'Partitions'} {partitions.map((p) => p.partition).join(', ')}{' '}
        could not be read:
      </strong>{' '}
      {partitions.map((p) => `${p.partition}: ${p.reason}`).join('; ')}. The records shown come from the other
      partitions.
    </div>
  );
}
