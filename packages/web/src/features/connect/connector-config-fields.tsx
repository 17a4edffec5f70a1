import type { ConnectPluginDefinition } from '@console/contract';
import { useState } from 'react';
import { CodeEditor } from '../../components/code-editor/code-editor';
import { FormField, fieldProps } from '../../components/form/form-field';
import { type ConnectorFormState, definitionLabel } from './connector-form';
import { type FieldGroup, fieldGroups } from './connector-groups';
import { formToJson, jsonToForm } from './connector-json';

type Props = {
  definitions: readonly ConnectPluginDefinition[];
  state: ConnectorFormState;
  errors: Readonly<Record<string, string>>;
  transformsError: string | undefined;
  disabled: boolean;
  onChange: (state: ConnectorFormState) => void;
};

/**
 * The plugin's settings as a form (required ones first, then the plugin's own groups, the generic groups
 * collapsed) or as one JSON object: two views of the same state.
 */
export function ConnectorConfigFields(props: Props) {
  const [json, setJson] = useState<{ text: string; error?: string } | null>(null);
  const { definitions, state, errors, disabled, onChange } = props;
  const problems = Object.values(errors);
  return (
    <>
      <fieldset className="connect-view" aria-label="Edit the configuration as">
        <label className="filter-bar__check">
          <input
            type="radio"
            name="connect-view"
            checked={json === null}
            disabled={json?.error !== undefined}
            onChange={() => setJson(null)}
          />
          Form
        </label>
        <label className="filter-bar__check">
          <input
            type="radio"
            name="connect-view"
            checked={json !== null}
            onChange={() => setJson({ text: formToJson(state) })}
          />
          JSON
        </label>
        {json?.error !== undefined && <span className="muted">Fix the JSON to go back to the form.</span>}
      </fieldset>
      {json === null ? (
        <FormView {...props} />
      ) : (
        <FormField id="connector-json" label="Configuration (JSON)" error={json.error}>
          <div className="connect-json" id="connector-json">
            <CodeEditor
              label="Configuration (JSON)"
              language="json"
              height="360px"
              readOnly={disabled}
              invalid={json.error !== undefined}
              describedBy={json.error ? 'connector-json-error' : undefined}
              value={json.text}
              onChange={(text) => {
                const parsed = jsonToForm(definitions, text);
                if ('state' in parsed) onChange(parsed.state);
                setJson({ text, ...('error' in parsed ? { error: parsed.error } : {}) });
              }}
            />
            {problems.length > 0 && (
              <ul className="connect-json__problems" aria-label="Settings to fix">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </div>
        </FormField>
      )}
    </>
  );
}

function FormView({ definitions, state, errors, transformsError, disabled, onChange }: Props) {
  const set = (name: string, value: string) =>
    onChange({ ...state, values: { ...state.values, [name]: value } });
  const fields = (group: FieldGroup) =>
    group.items.map((d) => (
      <ConfigField
        key={d.name}
        definition={d}
        value={state.values[d.name] ?? ''}
        error={errors[d.name]}
        disabled={disabled}
        onChange={(value) => set(d.name, value)}
      />
    ));
  return (
    <>
      {fieldGroups(definitions).map((group) =>
        group.generic ? (
          <GenericGroup key={group.name} group={group} hasError={group.items.some((d) => errors[d.name])}>
            {fields(group)}
          </GenericGroup>
        ) : (
          <fieldset key={group.name} className="connect-group">
            <legend>{group.name}</legend>
            {fields(group)}
          </fieldset>
        ),
      )}
      <FormField id="connector-transforms" label="Extra transforms properties (JSON)" error={transformsError}>
        <textarea
          className="input connect-transforms"
          {...fieldProps('connector-transforms', transformsError)}
          disabled={disabled}
          rows={5}
          placeholder={'{"transforms": "route", "transforms.route.type": "…"}'}
          value={state.transforms}
          onChange={(event) => onChange({ ...state, transforms: event.target.value })}
        />
      </FormField>
    </>
  );
}

/** A generic group, collapsed until opened; a problem inside opens it, so no error hides. */
function GenericGroup(props: { group: FieldGroup; hasError: boolean; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="connect-group connect-group--generic"
      open={open || props.hasError}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        {props.group.name} <span className="muted">({props.group.items.length} settings)</span>
      </summary>
      {props.children}
    </details>
  );
}

type FieldProps = {
  definition: ConnectPluginDefinition;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
};

function ConfigField({ definition: d, value, error, disabled, onChange }: FieldProps) {
  const id = `config-${d.name}`;
  const common = { ...fieldProps(id, error), disabled, value };
  return (
    <FormField id={id} label={`${definitionLabel(d)}${d.required ? ' *' : ''}`} error={error}>
      {d.type === 'BOOLEAN' ? (
        <select className="select" {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="">{d.defaultValue ? `(default: ${d.defaultValue})` : '(unset)'}</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      ) : (
        <input
          className="input"
          {...common}
          type={d.type === 'PASSWORD' ? 'password' : 'text'}
          autoComplete="off"
          placeholder={d.defaultValue ?? ''}
          title={d.documentation}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
