import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useClusterScope } from '../../../auth/cluster-context';
import { FormField, fieldProps } from '../../../components/form/form-field';
import { topicNamesQuery } from '../api';
import { MoveChoices } from './move-choices';
import { emptySource, type MoveSource, type RedriveTarget, RULE_LABELS, redriveBody } from './move-form';
import { MovePage } from './move-page';

/** Records picked on the Data tab arrive in the navigation's state. */
export type PickedRecords = { selection?: { partition: number; offset: number }[] };

/**
 * Redrive a dead-letter topic (docs/behaviour.md#redrive-and-replay): each record back to the topic its
 * headers name (Kafka Connect's or Spring Kafka's), a header of the user's choice, or one topic.
 */
export function RedrivePage() {
  const { topicId = '' } = useParams();
  const { cluster } = useClusterScope();
  const picked = (useLocation().state as PickedRecords | null)?.selection;
  const [source, setSource] = useState<MoveSource>(() => emptySource(picked));
  const [target, setTarget] = useState<RedriveTarget>({
    rule: 'auto',
    header: '',
    topic: '',
    partitioning: 'keep',
    keepErrorHeaders: false,
  });
  const names = useQuery({
    ...topicNamesQuery(cluster.id, 'HIDE_INTERNAL'),
    enabled: target.rule === 'topic',
  });
  const set = (patch: Partial<RedriveTarget>) => setTarget({ ...target, ...patch });
  return (
    <MovePage
      cluster={cluster.id}
      topic={topicId}
      kind="redrive"
      title={`Redrive ${topicId}`}
      verb="Redrive"
      source={source}
      onSource={setSource}
      build={() => redriveBody(source, target)}
      help="Send dead-lettered records back once their cause is fixed. Count first: the dry run says how many records go to each topic and writes nothing. Key, value, timestamp and headers are kept; the error headers are dropped unless you keep them."
      target={(errors) => (
        <fieldset className="move-form__group">
          <legend>Send each record to</legend>
          <MoveChoices
            id="redrive-rule"
            label="Target"
            choices={Object.entries(RULE_LABELS) as [RedriveTarget['rule'], string][]}
            value={target.rule}
            onChange={(rule) => set({ rule })}
          />
          {target.rule === 'header' && (
            <FormField id="redrive-header" label="Header" error={errors.header}>
              <input
                className="input"
                {...fieldProps('redrive-header', errors.header)}
                value={target.header}
                onChange={(event) => set({ header: event.target.value })}
              />
            </FormField>
          )}
          {target.rule === 'topic' && (
            <FormField id="redrive-topic" label="Topic" error={errors.topic}>
              <select
                className="select"
                {...fieldProps('redrive-topic', errors.topic)}
                value={target.topic}
                onChange={(event) => set({ topic: event.target.value })}
              >
                <option value="">Choose a topic</option>
                {(names.data ?? [])
                  .filter((n) => n !== topicId)
                  .map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
              </select>
            </FormField>
          )}
          <MoveChoices
            id="redrive-partitioning"
            label="Partition"
            choices={[
              ['keep', 'The original one, as the error headers name it'],
              ['key', "By key, as Kafka's producer does"],
            ]}
            value={target.partitioning}
            onChange={(partitioning) => set({ partitioning })}
          />
          <label className="filter-bar__check">
            <input
              type="checkbox"
              checked={target.keepErrorHeaders}
              onChange={(event) => set({ keepErrorHeaders: event.target.checked })}
            />
            Keep the error headers (__connect.errors.*, kafka_dlt-*)
          </label>
        </fieldset>
      )}
    />
  );
}
