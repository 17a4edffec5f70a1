import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useClusterScope } from '../../../auth/cluster-context';
import { FormField, fieldProps } from '../../../components/form/form-field';
import { topicNamesQuery } from '../api';
import { MoveChoices } from './move-choices';
import { emptySource, type MoveSource, replayBody } from './move-form';
import { MovePage } from './move-page';
import type { PickedRecords } from './redrive-page';

/**
 * Replay (docs/behaviour.md#redrive-and-replay): the copy of a range of records, filtered and paced, with
 * progress, Stop and Resume, to a topic of this or another cluster.
 */
export function ReplayPage() {
  const { topicId = '' } = useParams();
  const { cluster, clusters } = useClusterScope();
  const picked = (useLocation().state as PickedRecords | null)?.selection;
  const [source, setSource] = useState<MoveSource>(() => emptySource(picked));
  const [toCluster, setToCluster] = useState(cluster.id);
  const [toTopic, setToTopic] = useState('');
  const [partitioning, setPartitioning] = useState<'keep' | 'key'>('keep');
  const names = useQuery(topicNamesQuery(toCluster, 'HIDE_INTERNAL'));
  const targets = (names.data ?? []).filter((n) => toCluster !== cluster.id || n !== topicId);
  return (
    <MovePage
      cluster={cluster.id}
      topic={topicId}
      kind="replay"
      title={`Replay ${topicId}`}
      verb="Replay"
      source={source}
      onSource={setSource}
      build={() => replayBody(source, { toCluster, toTopic, partitioning })}
      help="Copy a range of records to another topic: by time, partition or a filter, at the pace you choose. Key, value, timestamp and headers are kept. Stop ends after the records in flight; Resume goes on from there."
      target={(errors) => (
        <fieldset className="move-form__group">
          <legend>Send the records to</legend>
          <FormField id="replay-cluster" label="Cluster" error={undefined}>
            <select
              className="select"
              id="replay-cluster"
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
          <FormField id="replay-topic" label="Topic" error={errors.topic}>
            <select
              className="select"
              {...fieldProps('replay-topic', errors.topic)}
              value={toTopic}
              onChange={(event) => setToTopic(event.target.value)}
            >
              <option value="">Choose a topic</option>
              {targets.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </FormField>
          <MoveChoices
            id="replay-partitioning"
            label="Partition"
            choices={[
              ['keep', 'The same as in this topic (when the target has as many)'],
              ['key', "By key, as Kafka's producer does"],
            ]}
            value={partitioning}
            onChange={setPartitioning}
          />
        </fieldset>
      )}
    />
  );
}
