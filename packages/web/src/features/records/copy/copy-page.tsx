import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { useClusterScope } from '../../../auth/cluster-context';
import { Page } from '../../../components/layout/page';
import { Spinner } from '../../../components/spinner';
import { topicPartitionsQuery } from '../../topics/api';
import { topicPaths } from '../../topics/topic-paths';
import { CopyFormView } from './copy-form-view';
import '../records.css';

/**
 * Copy topic (docs/behaviour.md#produce-and-copy): per-partition start offsets into a topic of any cluster.
 */
export function CopyPage() {
  const { topicId = '' } = useParams();
  const { cluster } = useClusterScope();
  const partitions = useQuery(topicPartitionsQuery(cluster.id, topicId));
  return (
    <Page title={`Copy topic ${topicId} from cluster ${cluster.id}`}>
      <p className="page-help">
        To copy only the records a filter keeps, a time range, at a chosen pace, with progress and Stop, use{' '}
        <Link to={topicPaths.replay(cluster.id, topicId)}>Replay</Link>.
      </p>
      {partitions.data ? (
        <CopyFormView cluster={cluster.id} topic={topicId} partitions={partitions.data} />
      ) : (
        partitions.isPending && <Spinner label="Loading partitions" />
      )}
    </Page>
  );
}
