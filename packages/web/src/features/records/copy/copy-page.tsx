import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useClusterScope } from '../../../auth/cluster-context';
import { Page } from '../../../components/layout/page';
import { Spinner } from '../../../components/spinner';
import { topicPartitionsQuery } from '../../topics/api';
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
      {partitions.data ? (
        <CopyFormView cluster={cluster.id} topic={topicId} partitions={partitions.data} />
      ) : (
        partitions.isPending && <Spinner label="Loading partitions" />
      )}
    </Page>
  );
}
