import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useClusterScope } from '../../auth/cluster-context';
import { FormField, fieldProps } from '../../components/form/form-field';
import { Page } from '../../components/layout/page';
import { pluginsQuery, useCreateConnector, useValidateConnector } from './api';
import { connectPaths } from './connect-paths';
import { ConnectorConfigFields } from './connector-config-fields';
import {
  type ConnectorFormState,
  connectorConfigs,
  connectorFieldErrors,
  parseTransforms,
  workerErrors,
} from './connector-form';
import './connect.css';

const EMPTY: ConnectorFormState = { values: {}, transforms: '' };

/**
 * Create a definition (docs/behaviour.md#connect): choosing a type loads its form and clears previous values;
 * each field is checked by its declared type and Create stays disabled while anything is invalid. Create
 * first has the worker validate the configs against the plugin: its errors show beside their fields, until
 * the form changes, and nothing is created.
 */
export function ConnectCreatePage() {
  const { cluster } = useClusterScope();
  const { connectId = '' } = useParams();
  const navigate = useNavigate();
  const plugins = useQuery(pluginsQuery(cluster.id, connectId));
  const create = useCreateConnector(cluster.id, connectId);
  const validate = useValidateConnector(cluster.id, connectId);
  const [fromWorker, setFromWorker] = useState<Record<string, string>>({});
  const [className, setClassName] = useState('');
  const [name, setName] = useState('');
  const [state, setState] = useState(EMPTY);
  const plugin = plugins.data?.find((p) => p.className === className);
  const nameError = name.trim() ? undefined : 'Name is required';
  const errors = plugin ? { ...fromWorker, ...connectorFieldErrors(plugin.definitions, state.values) } : {};
  const transforms = parseTransforms(state.transforms);
  const transformsError = 'error' in transforms ? transforms.error : undefined;
  const valid = plugin && !nameError && Object.keys(errors).length === 0 && 'configs' in transforms;
  const edit = (next: typeof state) => {
    setFromWorker({});
    setState(next);
  };

  return (
    <Page title="Create a definition">
      <form
        className="form"
        aria-label="Create a definition"
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid || !('configs' in transforms)) return;
          const configs = connectorConfigs(state, transforms.configs, plugin.className);
          validate.mutate(
            { className: plugin.className, configs: { ...configs, name: name.trim() } },
            {
              onSuccess: (checked) => {
                const found = workerErrors(checked);
                if (Object.keys(found).length) return setFromWorker(found);
                create.mutate(
                  { name: name.trim(), configs },
                  { onSuccess: (c) => navigate(connectPaths.connector(cluster.id, connectId, c.name)) },
                );
              },
            },
          );
        }}
      >
        <FormField id="connector-type" label="Type *" error={undefined}>
          <select
            className="select"
            id="connector-type"
            value={className}
            onChange={(event) => {
              setClassName(event.target.value);
              edit(EMPTY);
            }}
          >
            <option value="">Choose a type</option>
            {(plugins.data ?? []).map((p) => (
              <option key={p.className} value={p.className}>
                {p.shortClassName} ({p.type}, {p.version})
              </option>
            ))}
          </select>
        </FormField>
        {plugin && (
          <>
            <FormField id="connector-name" label="Name *" error={nameError}>
              <input
                className="input"
                {...fieldProps('connector-name', nameError)}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            </FormField>
            <ConnectorConfigFields
              definitions={plugin.definitions}
              state={state}
              errors={errors}
              transformsError={transformsError}
              disabled={false}
              onChange={edit}
            />
          </>
        )}
        {Object.keys(fromWorker).length > 0 && (
          <div className="connect-worker-errors" role="alert">
            <p>Kafka Connect refused this configuration; fix the fields marked:</p>
            <ul className="connect-json__problems">
              {Object.entries(fromWorker).map(([key, message]) => (
                <li key={key}>
                  {key}: {message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="form__actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={!valid || create.isPending || validate.isPending}
          >
            Create
          </button>
        </div>
      </form>
    </Page>
  );
}
