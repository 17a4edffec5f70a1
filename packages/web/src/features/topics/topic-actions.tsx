import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCan } from '../../auth/cluster-context';
import { topicConfigsQuery } from './api';
import { canEmptyTopic } from './forms/cleanup-policy';
import { EmptyTopicDialog } from './forms/empty-topic-dialog';
import type { TopicTab } from './page/topic-tab';
import { topicPaths } from './topic-paths';

type Props = { cluster: string; topic: string; tab: TopicTab; canReadConfigs: boolean };

const emptyHint = 'Only enabled for topics with Delete Cleanup Policy';

/** Page-level buttons of the topic page with the permissions of docs/behaviour.md#topic-page. */
export function TopicActions({ cluster, topic, tab, canReadConfigs }: Props) {
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const canDeleteData = useCan('TOPIC_DATA', 'DELETE');
  const canWriteData = useCan('TOPIC_DATA', 'CREATE');
  const canReadData = useCan('TOPIC_DATA', 'READ');
  // Increase Partition shows to TOPIC_DATA CREATE (docs/behaviour.md#topic-page); the call itself needs TOPIC
  // UPDATE (docs/security.md#access-matrix), so the button asks for both
  // (docs/ui-design.md#the-server-decides).
  const canUpdateTopic = useCan('TOPIC', 'UPDATE');
  const canIncrease = canWriteData && canUpdateTopic;
  const configs = useQuery({
    ...topicConfigsQuery(cluster, topic),
    enabled: canDeleteData && canReadConfigs,
  });
  const emptyAllowed = canEmptyTopic(configs.data);

  return (
    <div className="page-actions">
      {canDeleteData && (
        <span title={emptyAllowed ? undefined : emptyHint}>
          <button
            type="button"
            className="btn"
            disabled={!emptyAllowed}
            onClick={() => setConfirmEmpty(true)}
          >
            Empty Topic
          </button>
          <EmptyTopicDialog
            cluster={cluster}
            topic={topic}
            open={confirmEmpty}
            onClose={() => setConfirmEmpty(false)}
          />
        </span>
      )}
      {canWriteData && (
        <Link className="btn" to={topicPaths.copy(cluster, topic)}>
          Copy Topic
        </Link>
      )}
      {canWriteData && (
        <Link className="btn" to={topicPaths.import(cluster, topic)}>
          Import
        </Link>
      )}
      {canWriteData && (
        <Link className="btn" to={topicPaths.generate(cluster, topic)}>
          Generate
        </Link>
      )}
      {canReadData && (
        <Link className="btn" to={topicPaths.replay(cluster, topic)}>
          Replay
        </Link>
      )}
      {canReadData && (
        <Link className="btn" to={topicPaths.redrive(cluster, topic)}>
          Redrive
        </Link>
      )}
      {canReadData && (
        <Link className="btn" to={topicPaths.tail(cluster, topic)}>
          Live Tail
        </Link>
      )}
      {canIncrease && tab === 'partitions' && (
        <Link className="btn" to={topicPaths.increasePartition(cluster, topic)}>
          Increase Partition
        </Link>
      )}
      {canWriteData && (
        <Link className="btn btn--primary" to={topicPaths.produce(cluster, topic)}>
          Produce to topic
        </Link>
      )}
    </div>
  );
}
