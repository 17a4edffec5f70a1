import { DateTimePicker } from '../../../components/date-time-picker/date-time-picker';
import { FormField, fieldProps } from '../../../components/form/form-field';
import { FilterExpressionField } from '../search/filter-expression-field';
import type { MoveErrors, MoveSource } from './move-form';

type Props = {
  source: MoveSource;
  onChange: (source: MoveSource) => void;
  errors: MoveErrors;
  /** The server's refusal of the filter expression. */
  filterError: string | undefined;
};

/** Which records to read: the picked ones, or a range (partitions, times) with a filter; and the pace. */
export function MoveSourceFields({ source, onChange, errors, filterError }: Props) {
  const set = (patch: Partial<MoveSource>) => onChange({ ...source, ...patch });
  return (
    <fieldset className="move-form__group">
      <legend>Records</legend>
      {source.selection ? (
        <p>
          The {source.selection.length.toLocaleString()} records picked on the Data tab.{' '}
          <button type="button" className="btn btn--link" onClick={() => set({ selection: undefined })}>
            Use a range instead
          </button>
        </p>
      ) : (
        <>
          <FormField id="move-partitions" label="Partitions" error={errors.partitions}>
            <input
              className="input"
              {...fieldProps('move-partitions', errors.partitions)}
              placeholder="All; or e.g. 0, 2"
              value={source.partitions}
              onChange={(event) => set({ partitions: event.target.value })}
            />
          </FormField>
          <div className="form-field">
            <span className="form-field__label">From</span>
            <div className="form-field__control">
              <DateTimePicker label="From" value={source.from} onChange={(from) => set({ from })} />
            </div>
          </div>
          <div className="form-field">
            <span className="form-field__label">Until</span>
            <div className="form-field__control">
              <DateTimePicker label="Until" value={source.to} onChange={(to) => set({ to })} />
              {errors.to && (
                <p className="form-field__error" role="alert">
                  {errors.to}
                </p>
              )}
            </div>
          </div>
        </>
      )}
      <FilterExpressionField
        value={source.filter}
        onChange={(filter) => set({ filter })}
        error={filterError}
      />
      <FormField id="move-rate" label="Records a second" error={errors.rate}>
        <input
          className="input"
          inputMode="decimal"
          {...fieldProps('move-rate', errors.rate)}
          placeholder="As fast as the target takes them"
          value={source.rate}
          onChange={(event) => set({ rate: event.target.value })}
        />
      </FormField>
    </fieldset>
  );
}
