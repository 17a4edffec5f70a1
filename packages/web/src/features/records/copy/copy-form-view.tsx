import type { Partition } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCan, useClusterScope } from '../../../auth/cluster-context';
import { formatOffsetIso } from '../../../components/date-time-picker/date-format';
import { DateTimePicker } from '../../../components/date-time-picker/date-time-picker';
import { FormField, fieldProps } from '../../../components/form/form-field';
import { topicConfigsQuery } from '../../topics/api';
import { useCreateTopic } from '../../topics/mutations';
import { topicPaths } from '../../topics/topic-paths';
import { fetchOffsetsAt, topicNamesQuery } from '../api';
import { useCopyTopic } from '../mutations';
import {
  type CopyErrors,
  copyPartitions,
  hasCopyErrors,
  lastMessages,
  offsetsAtTime,
  toCopyBody,
  validateCopy,
} from './copy-form';
import {
  type NewTopic,
  newTopicDefaults,
  overriddenConfigs,
  toTopicCreate,
  validateNewTopic,
} from './copy-new-topic';
import { CopyNewTopicFields } from './copy-new-topic-fields';

type Props = { cluster: string; topic: string; partitions: Partition[] };

export function CopyFormView({ cluster, topic, partitions: source }: Props) {
  const { clusters } = useClusterScope();
  const navigate = useNavigate();
  const copy = useCopyTopic(cluster, topic);
  const [toCluster, setToCluster] = useState(cluster);
  const [toTopic, setToTopic] = useState('');
  const [partitions, setPartitions] = useState(() => copyPartitions(source));
  const [lastCount, setLastCount] = useState('10');
  const [time, setTime] = useState<Date | null>(null);
  const [errors, setErrors] = useState<CopyErrors | null>(null);
  // Internal topics (the cluster's internal-name patterns) are never offered as targets.
  const names = useQuery(topicNamesQuery(toCluster, 'HIDE_INTERNAL'));
  const targets = (names.data ?? []).filter((name) => toCluster !== cluster || name !== topic);
  const [creating, setCreating] = useState(false);
  const [newTopic, setNewTopic] = useState<NewTopic>(() => newTopicDefaults(topic, source));
  const canReadConfigs = useCan('TOPIC', 'READ_CONFIG');
  // Creating the target needs TOPIC CREATE: without it only existing topics are offered.
  const canCreate = useCan('TOPIC', 'CREATE');
  const sourceConfigs = useQuery({
    ...topicConfigsQuery(cluster, topic),
    enabled: creating && canReadConfigs,
  });
  const configs = sourceConfigs.data ? overriddenConfigs(sourceConfigs.data) : undefined;
  const create = useCreateTopic(toCluster);
  const allNames = names.data ?? [];
  const configsLoading = creating && canReadConfigs && sourceConfigs.isPending;
  const newErrors = creating && errors ? validateNewTopic(newTopic, allNames) : {};

  const update = (next: typeof partitions, target = toTopic) => {
    setPartitions(next);
    if (errors) setErrors(validateCopy(target, next));
  };
  const byTime = async (date: Date) => {
    setTime(date);
    update(offsetsAtTime(partitions, await fetchOffsetsAt(cluster, topic, formatOffsetIso(date))));
  };
  const run = (target: string) =>
    copy.mutate(
      { toCluster, toTopic: target, offsets: toCopyBody(partitions) },
      {
        onSuccess: (result) => {
          if (result.next) return update(partitions.map((p) => nextOffset(p, result.next)));
          navigate(topicPaths.topic(toCluster, target, 'data'));
        },
      },
    );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateCopy(creating ? newTopic.name : toTopic, partitions);
    setErrors(found);
    if (hasCopyErrors(found)) return;
    if (!creating) return run(toTopic);
    if (Object.keys(validateNewTopic(newTopic, allNames)).length > 0) return;
    // The copy runs only once the topic exists; a refused creation (toasted) copies nothing.
    create.mutate(toTopicCreate(newTopic, configs ?? {}), { onSuccess: (made) => run(made.name) });
  };

  return (
    <form className="panel form copy-form" aria-label="Copy topic" noValidate onSubmit={submit}>
      <FormField id="copy-cluster" label="Target cluster" error={undefined}>
        <select
          className="select"
          id="copy-cluster"
          value={toCluster}
          onChange={(event) => {
            setToCluster(event.target.value);
            setToTopic('');
          }}
        >
          {clusters.map((c) => (
            <option key={c.id} value={c.id}>
              {c.id}
            </option>
          ))}
        </select>
      </FormField>
      <fieldset className="copy-form__target">
        <legend>Target topic</legend>
        <label className="filter-bar__check">
          <input type="radio" name="copy-target" checked={!creating} onChange={() => setCreating(false)} />
          An existing topic
        </label>
        {canCreate && (
          <label className="filter-bar__check">
            <input type="radio" name="copy-target" checked={creating} onChange={() => setCreating(true)} />A
            new topic
          </label>
        )}
      </fieldset>
      {creating ? (
        <CopyNewTopicFields
          topic={newTopic}
          errors={newErrors}
          configs={canReadConfigs && !sourceConfigs.isError ? (configs ?? {}) : undefined}
          onChange={setNewTopic}
        />
      ) : (
        <FormField id="copy-topic" label="Target topic" error={errors?.toTopic}>
          <select
            className="select"
            {...fieldProps('copy-topic', errors?.toTopic)}
            value={toTopic}
            onChange={(event) => {
              setToTopic(event.target.value);
              if (errors) setErrors(validateCopy(event.target.value, partitions));
            }}
          >
            <option value="">Choose item...</option>
            {targets.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <div className="copy-form__tools" role="toolbar" aria-label="Offset helpers">
        <button
          type="button"
          className="btn"
          onClick={() => update(partitions.map((p) => ({ ...p, checked: true })))}
        >
          Check all
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => update(partitions.map((p) => ({ ...p, checked: false })))}
        >
          Uncheck all
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => update(partitions.map((p) => ({ ...p, offset: String(p.first) })))}
        >
          Reset to first offsets
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => update(partitions.map((p) => ({ ...p, offset: String(p.last) })))}
        >
          Reset to last offsets
        </button>
        <span className="copy-form__tool">
          <input
            className="input copy-form__count"
            aria-label="Last messages per partition"
            inputMode="numeric"
            value={lastCount}
            onChange={(event) => setLastCount(event.target.value)}
          />
          <button
            type="button"
            className="btn"
            disabled={!/^\d+$/.test(lastCount.trim())}
            onClick={() => update(lastMessages(partitions, Number(lastCount)))}
          >
            Last x per partition
          </button>
        </span>
        <span className="copy-form__tool">
          <span className="muted">From time</span>
          <DateTimePicker label="Offsets at time" value={time} onChange={(date) => void byTime(date)} />
        </span>
      </div>
      {errors?.partitions && (
        <p className="form-field__error" role="alert">
          {errors.partitions}
        </p>
      )}
      <div className="copy-form__partitions">
        {partitions.map((p, index) => {
          const error = errors?.offsets[p.id];
          const id = `copy-offset-${p.id}`;
          const change = (next: Partial<typeof p>) =>
            update(partitions.map((q, i) => (i === index ? { ...q, ...next } : q)));
          return (
            <fieldset key={p.id} className="copy-form__partition">
              <label className="filter-bar__check">
                <input
                  type="checkbox"
                  className="checkbox"
                  checked={p.checked}
                  onChange={(event) => change({ checked: event.target.checked })}
                />
                Partition: {p.id}
              </label>
              <input
                className="input"
                inputMode="numeric"
                placeholder="Offset"
                aria-label={`Offset of partition ${p.id}`}
                {...fieldProps(id, error)}
                disabled={!p.checked}
                value={p.offset}
                onChange={(event) => change({ offset: event.target.value })}
              />
              <span className="muted nowrap">
                {p.first} → {p.last}
              </span>
              {error && (
                <p className="form-field__error" id={`${id}-error`} role="alert">
                  {error}
                </p>
              )}
            </fieldset>
          );
        })}
      </div>
      <div className="form__actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={
            (errors !== null && hasCopyErrors(errors)) || copy.isPending || create.isPending || configsLoading
          }
        >
          {creating ? 'Create and copy' : 'Copy'}
        </button>
      </div>
    </form>
  );
}

/** After a budget stopped the copy, the offsets move to where it got to, ready to run again. */
function nextOffset<T extends { id: number; offset: string }>(
  p: T,
  next: { partition: number; offset: number }[] | undefined,
): T {
  const at = next?.find((n) => n.partition === p.id);
  return at ? { ...p, offset: String(at.offset) } : p;
}
