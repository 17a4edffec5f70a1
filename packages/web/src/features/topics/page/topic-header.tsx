import type { Topic } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCan } from '../../../auth/cluster-context';
import { formatBytes } from '../../../lib/format-bytes';
import { humanisedValue } from '../../configs/config-kind';
import { topicConfigsQuery } from '../api';
import { DeleteTopicDialog } from '../forms/delete-topic-dialog';
import { topicPaths } from '../topic-paths';

type Props = { cluster: string; topic: Topic; canReadConfigs: boolean };

/** `retention.ms` in words: -1 keeps records forever. */
function retention(value: string | undefined): string {
  if (value === undefined) return '…';
  if (value.trim() === '-1') return 'forever';
  return humanisedValue('retention.ms', value) ?? value;
}

/** Breadcrumb and the topic's figures above its tabs, with Delete. */
export function TopicHeader({ cluster, topic, canReadConfigs }: Props) {
  const navigate = useNavigate();
  const canDelete = useCan('TOPIC', 'DELETE');
  const [confirm, setConfirm] = useState(false);
  const configs = useQuery({ ...topicConfigsQuery(cluster, topic.name), enabled: canReadConfigs });
  const config = (name: string) => configs.data?.find((c) => c.name === name)?.value;
  const records = topic.partitions.reduce((sum, p) => sum + (p.lastOffset - p.firstOffset), 0);
  const under = topic.partitions.filter((p) => p.nodes.some((n) => !n.inSyncReplicas)).length;
  // No leader: its records cannot be read or written until a replica's broker is back.
  const offline = topic.partitions.filter((p) => p.leader === undefined).length;
  const figures: [string, string][] = [
    ['Partitions', topic.partitions.length.toLocaleString('en')],
    ['Records', `≈ ${records.toLocaleString('en')}`],
    ['Size', topic.logDirSize === undefined ? 'unknown' : formatBytes(topic.logDirSize)],
    ['Under-replicated', under.toLocaleString('en')],
  ];
  if (offline) figures.push(['Offline', offline.toLocaleString('en')]);
  if (canReadConfigs) {
    figures.push(['Retention', retention(config('retention.ms'))]);
    figures.push(['Cleanup policy', config('cleanup.policy') ?? '…']);
  }

  return (
    <div className="topic-header">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={topicPaths.list(cluster)}>Topics</Link>
          </li>
          <li aria-current="page">{topic.name}</li>
        </ol>
      </nav>
      <div className="topic-header__row">
        <dl className="topic-header__figures">
          {figures.map(([label, value]) => (
            <div
              key={label}
              className={
                (label === 'Under-replicated' && under) || label === 'Offline'
                  ? 'topic-header__bad'
                  : undefined
              }
            >
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {canDelete && (
          <button type="button" className="btn btn--danger" onClick={() => setConfirm(true)}>
            Delete topic
          </button>
        )}
      </div>
      <DeleteTopicDialog
        cluster={cluster}
        topic={confirm ? topic.name : null}
        onClose={() => setConfirm(false)}
        onDeleted={() => navigate(topicPaths.list(cluster))}
      />
    </div>
  );
}
