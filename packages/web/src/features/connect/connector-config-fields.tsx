import type { ConnectPluginDefinition } from '@console/contract';
import { FormField, fieldProps } from '../../components/form/form-field';
import { type ConnectorFormState, definitionLabel, OWN_KEYS } from './connector-form';

type Props = {
  definitions: readonly ConnectPluginDefinition[];
  state: ConnectorFormState;
  errors: Readonly<Record<string, string>>;
  transformsError: string | undefined;
  disabled: boolean;
  onChange: (state: ConnectorFormState) => void;
};

/**
 * One input per plugin setting, grouped as the plugin groups them (required ones say so), then the extra
 * properties (transforms, predicates, overrides) as a JSON object.
 */
export function ConnectorConfigFields({
  definitions,
  state,
  errors,
  transformsError,
  disabled,
  onChange,
}: Props) {
  const groups = new Map<string, ConnectPluginDefinition[]>();
  for (const d of definitions) {
    if (OWN_KEYS.has(d.name)) continue;
    groups.set(d.group, [...(groups.get(d.group) ?? []), d]);
  }
  const set = (name: string, value: string) =>
    onChange({ ...state, values: { ...state.values, [name]: value } });
  return (
    <>
      {[...groups].map(([group, items]) => (
        <fieldset key={group} className="connect-group">
          <legend>{group}</legend>
          {items.map((d) => {
            const id = `config-${d.name}`;
            const error = errors[d.name];
            const common = { ...fieldProps(id, error), disabled, value: state.values[d.name] ?? '' };
            return (
              <FormField
                key={d.name}
                id={id}
                label={`${definitionLabel(d)}${d.required ? ' *' : ''}`}
                error={error}
              >
                {d.type === 'BOOLEAN' ? (
                  <select
                    className="select"
                    {...common}
                    onChange={(event) => set(d.name, event.target.value)}
                  >
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
                    onChange={(event) => set(d.name, event.target.value)}
                  />
                )}
              </FormField>
            );
          })}
        </fieldset>
      ))}
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
