import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../../auth/cluster-context';
import { Page } from '../../../components/layout/page';
import { Spinner } from '../../../components/spinner';
import { topicPartitionsQuery } from '../../topics/api';
import { topicPaths } from '../../topics/topic-paths';
import { subjectsQuery } from '../api';
import { initialProduceValues } from './produce-form';
import { ProduceFormView } from './produce-form-view';
import { type CopiedRecord, clearCopiedRecord, readCopiedRecord } from './produce-values';
import '../records.css';

/**
 * The Produce page (docs/behaviour.md#produce-and-copy): waits for the partitions and the subjects, then
 * shows the form.
 */
export function ProducePage() {
  const { topicId = '' } = useParams();
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const withSchemas = useCan('SCHEMA', 'READ') && cluster.registry;
  const partitions = useQuery(topicPartitionsQuery(cluster.id, topicId));
  const subjects = useQuery({ ...subjectsQuery(cluster.id), enabled: withSchemas });
  const ready = partitions.data && (!withSchemas || !subjects.isPending);
  // 'produceToTopicValues' is read once (docs/behaviour.md#data-tab): kept for this page, removed from
  // storage.
  const [copied] = useState(() => readCopiedRecord(topicId));
  useEffect(() => clearCopiedRecord(), []);

  return (
    <Page title={`Produce to ${topicId}`}>
      {ready ? (
        <ProduceFormView
          cluster={cluster.id}
          topic={topicId}
          partitions={partitions.data.map((p) => p.id)}
          subjects={subjects.data ?? []}
          initial={withCopied(initialProduceValues(topicId, subjects.data ?? []), copied)}
          onDone={() => navigate(topicPaths.topic(cluster.id, topicId))}
        />
      ) : (
        partitions.isPending && <Spinner label="Loading topic" />
      )}
    </Page>
  );
}

function withCopied(values: ReturnType<typeof initialProduceValues>, copied: CopiedRecord | null) {
  if (!copied) return values;
  return { ...values, key: copied.key ?? '', value: copied.value ?? '', headers: copied.headers };
}
