import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useClusterScope } from '../../../auth/cluster-context';
import { FormField, fieldProps } from '../../../components/form/form-field';
import { Page } from '../../../components/layout/page';
import { Spinner } from '../../../components/spinner';
import { useForm } from '../../../lib/use-form';
import { topicDefaultsQuery } from '../api';
import { useCreateTopic } from '../mutations';
import { topicPaths } from '../topic-paths';
import {
  CreateTopicForm,
  type CreateTopicValues,
  cleanupPolicies,
  initialTopicValues,
  toTopicCreate,
} from './create-topic-form';

/**
 * Create topic (docs/behaviour.md#produce-and-copy); the form waits for the server's defaults, or starts
 * without them.
 */
export function CreateTopicPage() {
  const defaults = useQuery({ ...topicDefaultsQuery(), meta: { silent: true } });
  return (
    <Page title="Create a topic">
      {defaults.isPending ? (
        <Spinner label="Loading topic defaults" />
      ) : (
        <CreateTopicFormView initial={initialTopicValues(defaults.data)} />
      )}
    </Page>
  );
}

function CreateTopicFormView({ initial }: { initial: CreateTopicValues }) {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const create = useCreateTopic(cluster.id);
  const form = useForm(CreateTopicForm, initial);
  const { values, errors } = form;
  const onSubmit = form.submit((data) =>
    create.mutate(toTopicCreate(data), { onSuccess: () => navigate(topicPaths.list(cluster.id)) }),
  );

  return (
    <form className="panel form" aria-label="Create a topic" noValidate onSubmit={onSubmit}>
      <FormField id="topic-name" label="Name" error={errors.name}>
        <input
          className="input"
          {...fieldProps('topic-name', errors.name)}
          value={values.name}
          onChange={(event) => form.set('name', event.target.value)}
        />
      </FormField>
      <FormField id="topic-partition" label="Partition" error={errors.partition}>
        <input
          className="input"
          type="number"
          min={1}
          {...fieldProps('topic-partition', errors.partition)}
          value={values.partition}
          onChange={(event) => form.set('partition', event.target.value)}
        />
      </FormField>
      <FormField id="topic-replication" label="Replication" error={errors.replication}>
        <input
          className="input"
          type="number"
          min={1}
          {...fieldProps('topic-replication', errors.replication)}
          value={values.replication}
          onChange={(event) => form.set('replication', event.target.value)}
        />
      </FormField>
      <FormField id="topic-cleanup" label="Cleanup Policy" error={errors.cleanup}>
        <select
          className="select"
          {...fieldProps('topic-cleanup', errors.cleanup)}
          value={values.cleanup}
          onChange={(event) => form.set('cleanup', event.target.value)}
        >
          {cleanupPolicies.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="topic-retention" label="Retention (ms)" error={errors.retention}>
        <input
          className="input"
          type="number"
          {...fieldProps('topic-retention', errors.retention)}
          value={values.retention}
          onChange={(event) => form.set('retention', event.target.value)}
        />
      </FormField>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={form.invalid || create.isPending}>
          Create
        </button>
      </div>
    </form>
  );
}
