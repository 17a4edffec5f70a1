import type { ConfigEntry } from '@console/contract';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table/data-table';
import { type ConfigChanges, withChange } from './config-changes';
import { configColumns } from './config-columns';
import { ConfigEditContext } from './config-edit-context';
import { type ConfigFilter, ConfigFilterBar, filterConfigs } from './config-filter';
import './configs.css';

type Props = {
  label: string;
  configs: ConfigEntry[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Values are inputs and the Update configs button shows (an ALTER_CONFIG permission). */
  editable: boolean;
  busy: boolean;
  /** Receives only the changed keys; `done` clears the change set after a successful update. */
  onUpdate: (changes: ConfigChanges, done: () => void) => void;
  emptyText?: string;
  /** Which entries "Overridden only" keeps; default: those not at Kafka's default. */
  overridden?: (config: ConfigEntry) => boolean;
};

/** Config table of a topic or a broker, with the change set of docs/behaviour.md#configs. */
export function ConfigEditor({
  label,
  configs,
  loading,
  failed,
  editable,
  busy,
  onUpdate,
  emptyText,
  overridden,
}: Props) {
  const [changes, setChanges] = useState<ConfigChanges>({});
  const change = useCallback(
    (config: ConfigEntry, value: string) =>
      setChanges((current) => withChange(current, config.name, config.value, value)),
    [],
  );
  const edit = useMemo(() => ({ editable, changes, change }), [editable, changes, change]);
  const count = Object.keys(changes).length;
  const [filter, setFilter] = useState<ConfigFilter>({ text: '', overriddenOnly: false });
  const shown = useMemo(
    () => configs && filterConfigs(configs, filter, overridden),
    [configs, filter, overridden],
  );

  return (
    <ConfigEditContext value={edit}>
      <ConfigFilterBar
        label={label}
        filter={filter}
        onChange={setFilter}
        shown={shown?.length}
        total={configs?.length}
      />
      <DataTable
        label={label}
        data={shown}
        columns={configColumns}
        getRowId={(config) => config.name}
        loading={loading}
        failed={failed}
        emptyText={emptyText}
      />
      {editable && (
        <div className="form-actions form-actions--sticky">
          <span className="form-actions__note" aria-live="polite">
            {count === 0 ? 'No changes' : `${count} changed`}
          </span>
          <button
            type="button"
            className="btn btn--primary"
            disabled={count === 0 || busy}
            onClick={() => onUpdate(changes, () => setChanges({}))}
          >
            Update configs
          </button>
        </div>
      )}
    </ConfigEditContext>
  );
}
