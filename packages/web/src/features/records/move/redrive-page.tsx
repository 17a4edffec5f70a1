import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useClusterScope } from '../../../auth/cluster-context';
import { FormField, fieldProps } from '../../../components/form/form-field';
import { topicNamesQuery } from '../api';
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
          <div className="form-field" role="radiogroup" aria-labelledby="redrive-rule">
            <span className="form-field__label" id="redrive-rule">
              Target
            </span>
            <div className="form-field__control move-form__choices">
              {Object.entries(RULE_LABELS).map(([rule, label]) => (
                <label key={rule} className="filter-bar__check">
                  <input
                    type="radio"
                    name="redrive-rule"
                    checked={target.rule === rule}
                    onChange={() => set({ rule: rule as RedriveTarget['rule'] })}
                  />
                  {label}
                </label>
              ))}
            </div>
          </div>
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
          <div className="form-field" role="radiogroup" aria-labelledby="redrive-partitioning">
            <span className="form-field__label" id="redrive-partitioning">
              Partition
            </span>
            <div className="form-field__control move-form__choices">
              <label className="filter-bar__check">
                <input
                  type="radio"
                  name="redrive-partitioning"
                  checked={target.partitioning === 'keep'}
                  onChange={() => set({ partitioning: 'keep' })}
                />
                The original one, as the error headers name it
              </label>
              <label className="filter-bar__check">
                <input
                  type="radio"
                  name="redrive-partitioning"
                  checked={target.partitioning === 'key'}
                  onChange={() => set({ partitioning: 'key' })}
                />
                By key, as Kafka's producer does
              </label>
            </div>
          </div>
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
