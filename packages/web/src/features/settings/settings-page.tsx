import type { UiOptions } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useClusterScope } from '../../auth/cluster-context';
import { FormField, fieldProps } from '../../components/form/form-field';
import { Page } from '../../components/layout/page';
import { Spinner } from '../../components/spinner';
import { useToasts } from '../../components/toasts/toast-context';
import { useForm } from '../../lib/use-form';
import { saveUiOptions, uiOptionsQuery } from '../clusters/api';
import {
  choices,
  SettingsForm,
  type SettingsValues,
  settingsSaved,
  settingsValues,
  toUiOptions,
} from './settings-form';
import './settings.css';

/** docs/behaviour.md#settings (`/ui/{clusterId}/settings`): this browser's UI options for the cluster. */
export function SettingsPage() {
  const { cluster } = useClusterScope();
  const options = useQuery(uiOptionsQuery(cluster.id));
  return (
    <Page title="Settings">
      {options.data ? (
        <SettingsFormView key={cluster.id} cluster={cluster.id} options={options.data} />
      ) : (
        <Spinner label="Loading settings" />
      )}
    </Page>
  );
}

type Field = keyof SettingsValues;

function SettingsFormView({ cluster, options }: { cluster: string; options: UiOptions }) {
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const form = useForm(SettingsForm, settingsValues(options));
  const { values, errors } = form;
  const onSubmit = form.submit((data) => {
    saveUiOptions(queryClient, cluster, toUiOptions(data));
    toasts.success(settingsSaved(cluster));
  });

  const select = (
    field: Field,
    label: string,
    list: readonly (readonly [string, string])[],
    blank: boolean,
  ) => (
    <FormField id={`settings-${field}`} label={label} error={errors[field]}>
      <select
        className="select"
        {...fieldProps(`settings-${field}`, errors[field])}
        value={values[field]}
        onChange={(event) => form.set(field, event.target.value)}
      >
        {blank && <option value="">Choose item...</option>}
        {list.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FormField>
  );
  const checkbox = (field: Field, label: string) => (
    <FormField id={`settings-${field}`} label={label} error={errors[field]}>
      <input
        className="checkbox"
        type="checkbox"
        {...fieldProps(`settings-${field}`, errors[field])}
        checked={values[field] === 'true'}
        onChange={(event) => form.set(field, String(event.target.checked))}
      />
    </FormField>
  );

  return (
    <form
      className="panel form"
      aria-label={`Settings for cluster ${cluster}`}
      noValidate
      onSubmit={onSubmit}
    >
      <h2 className="settings__heading">Topic data</h2>
      {select('topicDataDateTimeFormat', 'Date time format', choices.dateTimeFormat, true)}
      {select('topicDataSort', 'Sort', choices.sort, true)}
      <h2 className="settings__heading">Topics</h2>
      {select('topicDefaultView', 'Default view', choices.topicView, true)}
      {select('groupsDefaultView', 'Consumer groups view', choices.groupsView, true)}
      {checkbox('skipConsumerGroups', 'Skip consumer groups')}
      {checkbox('skipLastRecord', 'Skip last record')}
      {checkbox('showAllConsumerGroups', 'Show all consumer groups')}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={form.invalid}>
          Update
        </button>
      </div>
    </form>
  );
}
