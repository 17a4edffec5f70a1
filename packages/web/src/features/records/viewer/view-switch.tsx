import { VIEW_MODES, type ViewMode, viewModeLabels } from './view-as';

export type ViewModes = { key: ViewMode; value: ViewMode };

/** Text, JSON, hex or base64, for the keys and for the values of the table. */
export function ViewSwitch({ modes, onChange }: { modes: ViewModes; onChange: (modes: ViewModes) => void }) {
  return (
    <fieldset className="view-switch">
      <legend className="visually-hidden">Show records as</legend>
      {(['key', 'value'] as const).map((part) => (
        <label key={part} className="view-switch__field">
          <span>{part === 'key' ? 'Keys as' : 'Values as'}</span>
          <select
            className="select"
            value={modes[part]}
            onChange={(event) => onChange({ ...modes, [part]: event.target.value as ViewMode })}
          >
            {VIEW_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {viewModeLabels[mode]}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}
