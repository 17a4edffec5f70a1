import type { OffsetPreviewRow, OffsetUpdate } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useClusterScope } from '../../../auth/cluster-context';
import { formatOffsetIso } from '../../../components/date-time-picker/date-format';
import { DateTimePicker } from '../../../components/date-time-picker/date-time-picker';
import { Page } from '../../../components/layout/page';
import { fetchGroupOffsetsAt, groupMembersQuery, groupOffsetsQuery } from '../api';
import { groupPaths } from '../group-paths';
import { usePreviewOffsets, useUpdateOffsets } from '../mutations';
import { OffsetPreviewTable } from './offset-preview-table';
import {
  atTime,
  resetTo,
  setAllChecked,
  type TopicInput,
  toOffsetUpdate,
  toTopicInputs,
} from './offsets-form';
import '../../records/records.css';
import '../groups.css';
import { FlowImpact } from '../../topology/flow-impact';

/**
 * Update offsets (docs/behaviour.md#consumer-groups); Update shows the dry-run preview, Confirm commits it.
 */
export function UpdateOffsetsPage() {
  const { consumerGroupId = '' } = useParams();
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const offsets = useQuery(groupOffsetsQuery(cluster.id, consumerGroupId));
  const members = useQuery(groupMembersQuery(cluster.id, consumerGroupId));
  const active = members.data?.length ?? 0;
  const [topics, setTopics] = useState<TopicInput[] | null>(null);
  const [time, setTime] = useState<Date | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ body: OffsetUpdate; rows: OffsetPreviewRow[] } | null>(null);
  const dryRun = usePreviewOffsets(cluster.id, consumerGroupId);
  const update = useUpdateOffsets(cluster.id, consumerGroupId);
  useEffect(() => {
    if (offsets.data && topics === null) setTopics(toTopicInputs(offsets.data));
  }, [offsets.data, topics]);

  const change = (next: TopicInput[]) => {
    setTopics(next);
    setPreview(null);
    setError(null);
  };
  const byTime = async (date: Date) => {
    setTime(date);
    const found = await fetchGroupOffsetsAt(cluster.id, consumerGroupId, formatOffsetIso(date));
    if (topics) change(atTime(topics, found));
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!topics) return;
    const result = toOffsetUpdate(topics);
    if ('error' in result) return setError(result.error);
    dryRun.mutate(result.body, { onSuccess: (rows) => setPreview({ body: result.body, rows }) });
  };
  const confirm = () => {
    if (!preview) return;
    update.mutate(preview.body, {
      onSuccess: () => navigate(groupPaths.group(cluster.id, consumerGroupId, 'topics')),
    });
  };

  return (
    <Page title={`Update offsets: ${consumerGroupId}`}>
      {active > 0 && (
        <p className="offsets-active" role="note">
          This group has {active} active member{active === 1 ? '' : 's'}: the group must be inactive first, so
          stop its consumers before updating its offsets. The preview works meanwhile.
        </p>
      )}
      <FlowImpact cluster={cluster.id} group={consumerGroupId} />
      <form className="panel form" aria-label="Update offsets" noValidate onSubmit={submit}>
        <div className="copy-form__tools" role="toolbar" aria-label="Offset helpers">
          <button type="button" className="btn" onClick={() => topics && change(setAllChecked(topics, true))}>
            Check all
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => topics && change(setAllChecked(topics, false))}
          >
            Uncheck all
          </button>
          <button type="button" className="btn" onClick={() => topics && change(resetTo(topics, 'first'))}>
            Reset to first offsets
          </button>
          <button type="button" className="btn" onClick={() => topics && change(resetTo(topics, 'last'))}>
            Reset to last offsets
          </button>
          <span className="copy-form__tool">
            <span className="muted">Filter Timestamp</span>
            <DateTimePicker label="Filter Timestamp" value={time} onChange={(date) => void byTime(date)} />
          </span>
        </div>
        {offsets.isPending && <p className="muted">Loading offsets…</p>}
        {topics?.length === 0 && <p className="muted">No offsets found.</p>}
        {topics?.map((t, index) => (
          <TopicFieldset
            key={t.topic}
            topic={t}
            onChange={(next) => change(topics.map((q, i) => (i === index ? next : q)))}
          />
        ))}
        {error && (
          <p className="form-field__error" role="alert">
            {error}
          </p>
        )}
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={dryRun.isPending || !topics}>
            Update
          </button>
        </div>
      </form>
      {preview && (
        <section className="panel offsets-preview" aria-label="Preview">
          <h2 className="offsets-preview__title">Preview: nothing is committed until you confirm</h2>
          <OffsetPreviewTable rows={preview.rows} />
          <div className="form__actions">
            <button
              type="button"
              className="btn"
              onClick={() => setPreview(null)}
              disabled={update.isPending}
            >
              Cancel
            </button>
            <button type="button" className="btn btn--primary" onClick={confirm} disabled={update.isPending}>
              Confirm
            </button>
          </div>
        </section>
      )}
    </Page>
  );
}

function TopicFieldset({ topic, onChange }: { topic: TopicInput; onChange: (next: TopicInput) => void }) {
  return (
    <fieldset className="offsets-topic">
      <legend>
        <label className="filter-bar__check">
          <input
            type="checkbox"
            className="checkbox"
            checked={topic.checked}
            onChange={(event) => onChange({ ...topic, checked: event.target.checked })}
          />
          {topic.topic}
        </label>
      </legend>
      <div className="offsets-topic__partitions">
        {topic.partitions.map((p, index) => {
          const id = `offset-${topic.topic}-${p.partition}`;
          return (
            <div key={p.partition} className="offsets-topic__partition">
              <label htmlFor={id}>Partition: {p.partition}</label>
              <input
                id={id}
                className="input"
                inputMode="numeric"
                placeholder="Offset"
                disabled={!topic.checked}
                value={p.offset}
                onChange={(event) =>
                  onChange({
                    ...topic,
                    partitions: topic.partitions.map((q, i) =>
                      i === index ? { ...q, offset: event.target.value } : q,
                    ),
                  })
                }
              />
              <span className="muted nowrap">
                {p.first} → {p.last}
              </span>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
