import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { useClusterScope } from '../../../auth/cluster-context';
import { FormField, fieldProps } from '../../../components/form/form-field';
import { Page } from '../../../components/layout/page';
import { Spinner } from '../../../components/spinner';
import { useForm } from '../../../lib/use-form';
import { topicPartitionsQuery } from '../api';
import { useIncreasePartitions } from '../mutations';
import { topicPaths } from '../topic-paths';
import { wholeNumber } from './create-topic-form';

/** Increase partitions: the new total, at least the current count. */
export function IncreasePartitionsPage() {
  const { topicId = '' } = useParams();
  const { cluster } = useClusterScope();
  const partitions = useQuery(topicPartitionsQuery(cluster.id, topicId));
  return (
    <Page title="Increase topic partition">
      {partitions.data ? (
        <IncreaseForm cluster={cluster.id} topic={topicId} current={partitions.data.length} />
      ) : (
        partitions.isPending && <Spinner label="Loading partitions" />
      )}
    </Page>
  );
}

function IncreaseForm({ cluster, topic, current }: { cluster: string; topic: string; current: number }) {
  const navigate = useNavigate();
  const increase = useIncreasePartitions(cluster, topic);
  const schema = useMemo(() => z.object({ partition: wholeNumber('Partition', current) }), [current]);
  const form = useForm(schema, { partition: String(current) });
  const error = form.errors.partition;
  const onSubmit = form.submit(({ partition }) =>
    increase.mutate(partition, { onSuccess: () => navigate(topicPaths.list(cluster)) }),
  );

  return (
    <form className="panel form" aria-label="Increase topic partition" noValidate onSubmit={onSubmit}>
      <FormField id="partition-count" label="Partitions" error={error}>
        <input
          className="input"
          type="number"
          min={current}
          {...fieldProps('partition-count', error)}
          value={form.values.partition}
          onChange={(event) => form.set('partition', event.target.value)}
        />
      </FormField>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={form.invalid || increase.isPending}>
          Update
        </button>
      </div>
    </form>
  );
}
