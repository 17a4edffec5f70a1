import type { ConfigEntry } from '@console/contract';
import type { ReactNode } from 'react';
import { useConfigEdit } from './config-edit-context';
import { humanisedValue } from './config-kind';

/** Value editor chosen by the broker's type (docs/behaviour.md#configs), humanised value beside it. */
export function ConfigValueCell({ config }: { config: ConfigEntry }) {
  const { editable, changes, change } = useConfigEdit();
  const value = changes[config.name] ?? config.value ?? '';
  const human = humanisedValue(config.name, value);
  const changed = config.name in changes;
  const label = `Value of ${config.name}`;
  const props = {
    'aria-label': label,
    disabled: config.readOnly,
    value,
    onChange: (event: { target: { value: string } }) => change(config, event.target.value),
  };
  let editor: ReactNode;
  if (!editable) editor = <span className="config-value__text">{config.sensitive ? '••••••' : value}</span>;
  else if (config.type === 'BOOLEAN')
    editor = (
      <select className="select" {...props}>
        {value !== 'true' && value !== 'false' && <option value={value}>{value}</option>}
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    );
  else
    editor = (
      <input
        className="input config-value__input"
        type={inputType(config)}
        step={config.type === 'DOUBLE' ? 'any' : undefined}
        placeholder={config.sensitive ? 'sensitive value' : undefined}
        {...props}
      />
    );
  return (
    <div className={changed ? 'config-value config-value--changed' : 'config-value'}>
      {editor}
      {human && <span className="config-value__human">{human}</span>}
    </div>
  );
}

function inputType(config: ConfigEntry): string {
  if (config.type === 'PASSWORD' || config.sensitive) return 'password';
  if (['INT', 'SHORT', 'LONG', 'DOUBLE'].includes(config.type)) return 'number';
  return 'text';
}
