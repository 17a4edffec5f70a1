import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useClusterScope } from '../../../auth/cluster-context';
import { Spinner } from '../../../components/spinner';
import { Page } from '../../shell/page';
import { topicPartitionsQuery } from '../../topics/api';
import { CopyFormView } from './copy-form-view';
import '../records.css';

/** Spec part 2 §2 Copy topic: per-partition start offsets into a topic of any cluster. */
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
