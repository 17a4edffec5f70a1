import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../../auth/cluster-context';
import { Page } from '../../../components/layout/page';
import { Spinner } from '../../../components/spinner';
import { subjectsQuery } from '../api';
import { initialGenerateValues } from './generate-form';
import { GenerateFormView } from './generate-form-view';
import './generate.css';

/**
 * Generate test data into a topic (docs/behaviour.md#produce-and-copy): from a registry subject or a JSON
 * template of faker expressions; Preview shows a few values and writes nothing.
 */
export function GeneratePage() {
  const { topicId = '' } = useParams();
  const { cluster } = useClusterScope();
  const withSchemas = useCan('SCHEMA', 'READ') && cluster.registry;
  const subjects = useQuery({ ...subjectsQuery(cluster.id), enabled: withSchemas });
  const ready = !withSchemas || !subjects.isPending;
  return (
    <Page title={`Generate into ${topicId}`}>
      {ready ? (
        <GenerateFormView
          cluster={cluster.id}
          topic={topicId}
          subjects={subjects.data ?? []}
          initial={initialGenerateValues(topicId, subjects.data ?? [])}
        />
      ) : (
        <Spinner label="Loading subjects" />
      )}
    </Page>
  );
}
