import { useState } from 'react';
import { FormField } from '../../components/form/form-field';
import { useChangeReplication, useStartReassignment } from './api';

/** Broker ids typed as `1, 2, 3`; undefined when any is not a whole number. */
export function parseBrokers(text: string): number[] | undefined {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) return undefined;
  return parts.map(Number);
}

const throttleOf = (text: string) => (text.trim() ? Number(text) : undefined);

/** Two ways to move data: new replicas for one partition, or a new replication factor for a whole topic. */
export function ReassignForm({ cluster }: { cluster: string }) {
  const start = useStartReassignment(cluster);
  const change = useChangeReplication(cluster);
  const [topic, setTopic] = useState('');
  const [partition, setPartition] = useState('0');
  const [replicas, setReplicas] = useState('');
  const [factor, setFactor] = useState('');
  const [throttle, setThrottle] = useState('');
  const [error, setError] = useState<Record<string, string>>({});

  const throttleError = throttle.trim() && !(Number(throttle) >= 1024) ? 'at least 1024 bytes/s' : undefined;

  const move = () => {
    const brokers = parseBrokers(replicas);
    const problems: Record<string, string> = {};
    if (!topic.trim()) problems.topic = 'give a topic';
    if (!/^\d+$/.test(partition)) problems.partition = 'a partition number';
    if (!brokers) problems.replicas = 'broker ids, comma-separated';
    if (throttleError) problems.throttle = throttleError;
    setError(problems);
    if (Object.keys(problems).length || !brokers) return;
    const t = throttleOf(throttle);
    start.mutate({
      partitions: [{ topic: topic.trim(), partition: Number(partition), replicas: brokers }],
      ...(t !== undefined ? { throttle: t } : {}),
    });
  };

  const replicate = () => {
    const problems: Record<string, string> = {};
    if (!topic.trim()) problems.topic = 'give a topic';
    if (!/^\d+$/.test(factor) || Number(factor) < 1) problems.factor = 'a whole number, 1 or more';
    if (throttleError) problems.throttle = throttleError;
    setError(problems);
    if (Object.keys(problems).length) return;
    const t = throttleOf(throttle);
    change.mutate({
      topic: topic.trim(),
      replicationFactor: Number(factor),
      ...(t !== undefined ? { throttle: t } : {}),
    });
  };

  return (
    <form className="reassign-form" aria-label="Move partitions" onSubmit={(event) => event.preventDefault()}>
      <h2>Move partitions</h2>
      <FormField id="reassign-topic" label="Topic" error={error.topic}>
        <input
          id="reassign-topic"
          className="input"
          value={topic}
          onChange={(e) => setTopic(e.target.value)}
        />
      </FormField>
      <FormField id="reassign-throttle" label="Throttle (bytes/s, optional)" error={error.throttle}>
        <input
          id="reassign-throttle"
          className="input"
          inputMode="numeric"
          value={throttle}
          onChange={(e) => setThrottle(e.target.value)}
        />
      </FormField>
      <fieldset className="reassign-form__group">
        <legend>One partition</legend>
        <FormField id="reassign-partition" label="Partition" error={error.partition}>
          <input
            id="reassign-partition"
            className="input"
            inputMode="numeric"
            value={partition}
            onChange={(e) => setPartition(e.target.value)}
          />
        </FormField>
        <FormField
          id="reassign-replicas"
          label="New replicas (broker ids, leader first)"
          error={error.replicas}
        >
          <input
            id="reassign-replicas"
            className="input"
            placeholder="1, 2, 3"
            value={replicas}
            onChange={(e) => setReplicas(e.target.value)}
          />
        </FormField>
        <button type="button" className="btn btn--primary" disabled={start.isPending} onClick={move}>
          Move partition
        </button>
      </fieldset>
      <fieldset className="reassign-form__group">
        <legend>Whole topic</legend>
        <FormField id="reassign-factor" label="New replication factor" error={error.factor}>
          <input
            id="reassign-factor"
            className="input"
            inputMode="numeric"
            value={factor}
            onChange={(e) => setFactor(e.target.value)}
          />
        </FormField>
        <button type="button" className="btn btn--primary" disabled={change.isPending} onClick={replicate}>
          Change replication factor
        </button>
      </fieldset>
    </form>
  );
}
